/**
 * What an action changed, for the views that show the files (timeline grid, viewer) to update
 * at once instead of waiting for the change feed.
 */
export type FileActionEvent =
  | { kind: 'removed'; jobId: string; fileIds: string[] }
  | { kind: 'restored'; jobId: string; fileIds: string[] }
  | { kind: 'permanentlyDeleted'; fileIds: string[] }
  | { kind: 'copiedToTimeline'; fileIds: string[] }
  /** Trashed files a restore or delete-forever has just started on (core.md §4 Trash fetch). */
  | { kind: 'trashProcessing'; fileIds: string[]; processing: 'restoring' | 'deleting' };

type Listener = (event: FileActionEvent) => void;
const listeners = new Set<Listener>();

export function onFileActionEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitFileActionEvent(event: FileActionEvent): void {
  for (const listener of [...listeners]) listener(event);
}
