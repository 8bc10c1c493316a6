import {
  isUnfinished,
  type RejectReason,
  selectUploadItems,
  type UploadItem,
  type UploadQueueState,
} from './upload-queue.slice';

/** One row's text: an i18n key in the 'upload' namespace and its values. */
export interface RowText {
  key: string;
  values?: Record<string, string | number>;
  tone: 'muted' | 'progress' | 'success' | 'error';
}

const REJECT_KEYS: Record<RejectReason, string> = {
  FileIsFolder: 'row.rejected.folder',
  UnSupported: 'row.rejected.unsupported',
  NoStorage: 'row.rejected.outOfStorage',
  TooLargeFile: 'row.rejected.tooLarge',
  LocalFileUnavailable: 'row.rejected.notUploaded',
  FileWasDeleted: 'row.rejected.notUploaded',
  Unknown: 'row.rejected.notUploaded',
};

export function rowText(
  item: UploadItem,
  queue: Pick<UploadQueueState, 'connection' | 'outOfStorage'>,
  options: { safari: boolean },
): RowText {
  switch (item.status) {
    case 'Pending':
      return { key: 'row.preparing', tone: 'muted' };
    case 'Enqueued':
      if (queue.connection === 'Offline') return { key: 'row.offline', tone: 'muted' };
      if (queue.connection === 'Retrying') return { key: 'row.retrying', tone: 'muted' };
      if (queue.outOfStorage) return { key: 'row.rejected.outOfStorage', tone: 'error' };
      return { key: 'row.preparing', tone: 'muted' };
    case 'Uploading':
      if (item.phase === 'hashing') return { key: 'row.preparing', tone: 'muted' };
      if (item.resumedAtPercent !== null && item.uploadedPercent === item.resumedAtPercent) {
        return { key: 'row.resuming', values: { percent: item.resumedAtPercent }, tone: 'progress' };
      }
      return { key: 'row.uploading', values: { percent: item.uploadedPercent }, tone: 'progress' };
    case 'BackendSucceeded':
      return { key: 'row.processing', tone: 'progress' };
    case 'Succeeded':
      return { key: 'row.complete', tone: 'success' };
    case 'Cancelled':
      return { key: 'row.cancelled', tone: 'muted' };
    case 'Rejected': {
      const reason = item.statusReason ?? 'Unknown';
      const key =
        reason === 'FileIsFolder' && options.safari ? 'row.rejected.folderSafari' : REJECT_KEYS[reason];
      return { key, tone: 'error' };
    }
  }
}

export type SummaryKind =
  | 'outOfStorage'
  | 'offline'
  | 'uploading'
  | 'finishedWithFailures'
  | 'allUploaded'
  | 'empty';

export interface PanelSummary {
  kind: SummaryKind;
  total: number;
  done: number;
  failed: number;
  active: boolean;
}

/** The panel's headline: out of storage, uploading, finished with some failures, or all uploaded. */
export function panelSummary(queue: UploadQueueState): PanelSummary {
  const items = selectUploadItems(queue);
  const counted = items.filter((item) => item.status !== 'Cancelled');
  const done = counted.filter(
    (item) => item.status === 'Succeeded' || item.status === 'BackendSucceeded',
  ).length;
  const failed = counted.filter((item) => item.status === 'Rejected').length;
  const active = items.some((item) => isUnfinished(item.status));
  const base = { total: counted.length, done, failed, active };
  if (items.length === 0) return { kind: 'empty', ...base };
  if (queue.outOfStorage) return { kind: 'outOfStorage', ...base };
  if (active && queue.connection !== 'Online') return { kind: 'offline', ...base };
  if (active) return { kind: 'uploading', ...base };
  if (failed > 0) return { kind: 'finishedWithFailures', ...base };
  return { kind: 'allUploaded', ...base };
}

/** core.md §9: the uploaded-file preview shows up to 4 pictures. */
export const COLLAGE_SIZE = 4;

export interface CollageThumb {
  url: string;
  fileId: string | null;
}

/**
 * The newest stored pictures, whether or not the server has made their thumbnails yet: one in the
 * making shows its picked file (or a placeholder) until the thumbnail answers.
 */
export function collageThumbs(items: readonly UploadItem[]): CollageThumb[] {
  const thumbs: CollageThumb[] = [];
  for (let i = items.length - 1; i >= 0 && thumbs.length < COLLAGE_SIZE; i -= 1) {
    const item = items[i]!;
    const stored = item.status === 'Succeeded' || item.status === 'BackendSucceeded';
    if (stored && item.thumbUrl) thumbs.push({ url: item.thumbUrl, fileId: item.fileUUID });
  }
  return thumbs;
}

/** Where 'view the files' goes: the timeline with the recent-files filter. */
export const VIEW_UPLOADED_FILES_PATH = '/photos?filter=recents_1';
