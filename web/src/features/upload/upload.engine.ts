import type { FileRecord } from '@nordlys/contract/file';
import type { DroppedFile } from './folder-tree.reader';
import { isPendingAlbumJob, pendingAlbumJob, type UploadDialogTarget } from './pending-album';
import { classifyFailure, type UploadCheckContext, type UploadTransport } from './upload.transport';
import { checkBatch, type UploadCandidate } from './upload-checks';
import {
  uploadQueueActions as actions,
  type NewUploadItem,
  nextToUpload,
  type RejectReason,
  selectUploadItem,
  type UploadItem,
  type UploadQueueState,
} from './upload-queue.slice';

/** core.md §9: how often a processing upload is checked. */
export const PROCESSING_POLL_MS = 2500;
const TICK_MS = 1000;

type Action = { type: string; payload?: unknown };

export interface UploadEngineDeps {
  dispatch: (action: Action) => unknown;
  getQueue: () => UploadQueueState;
  subscribe: (listener: () => void) => () => void;
  transport: UploadTransport;
  /** Stored uploads' files, kept for display until the server's thumbnails exist. */
  previews?: { remember(fileId: string, file: Blob): void };
  /** Where failures the user sees only as 'was not uploaded' are written for support. */
  log?: (message: string, detail?: unknown) => void;
  /** A pending album was created by its first upload (the autoCreatedAlbum toast). */
  onAlbumCreated?: (albumId: string) => void;
}

export type UploadTarget = UploadDialogTarget;

/** The job an upload's items name, and the pending album they belong to. */
function targetOf(target: UploadTarget): { job: string; pendingAlbum: string | null } {
  return 'pendingAlbum' in target
    ? { job: pendingAlbumJob(target.pendingAlbum.pendingId), pendingAlbum: target.pendingAlbum.pendingId }
    : { job: target.jobId, pendingAlbum: null };
}

interface ActiveUpload {
  id: string;
  controller: AbortController;
  resumable: boolean;
}

let idCounter = 0;
const nextId = () => {
  idCounter += 1;
  return `upload-${Date.now().toString(36)}-${idCounter}`;
};

/** A folder handed over as a File fails on its first byte; so does a file deleted since it was chosen. */
export async function probeReadable(file: File): Promise<boolean> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * Drives the upload queue slice: runs the checks on new files, picks the next item when the slice
 * allows it, hashes, tries files_dedup, uploads, maps answers to the spec's transitions, runs the
 * offline countdown and follows processing until the file is complete. The File objects live here,
 * outside the store, because they are not serialisable.
 */
export class UploadEngine {
  private readonly files = new Map<string, File>();
  private active: ActiveUpload | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly watched = new Set<string>();
  private unsubscribe: (() => void) | null = null;
  /** One creation per pending album, however many of its uploads ask. */
  private readonly creating = new Map<string, Promise<string | null>>();

  constructor(private readonly deps: UploadEngineDeps) {}

  start(): () => void {
    this.unsubscribe ??= this.deps.subscribe(() => this.onChange());
    this.onChange();
    return () => this.stop();
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.active?.controller.abort();
    this.active = null;
    this.stopTicker();
  }

  /** Reads the account for the read-only flag; failures leave the button as it was. */
  async refreshAccount(): Promise<UploadCheckContext | null> {
    try {
      const context = await this.deps.transport.fetchCheckContext();
      this.deps.dispatch(actions.accountChecked({ readOnly: context.readOnly }));
      return context;
    } catch (error) {
      this.log('Could not read the account for uploading', error);
      return null;
    }
  }

  /** Adds a selection or a drop: new Pending rows, then the checks, then Enqueued or Rejected. */
  async addFiles(
    dropped: readonly DroppedFile[],
    target: UploadTarget = { jobId: 'default' },
    unreadableFolders: readonly string[] = [],
  ): Promise<void> {
    const now = Date.now();
    const { job, pendingAlbum } = targetOf(target);
    const folderItems: NewUploadItem[] = unreadableFolders.map((name) => ({
      id: nextId(),
      name,
      size: 0,
      mtime: now,
      targetJob: job,
      pendingAlbum,
    }));
    const fileItems: NewUploadItem[] = dropped.map(({ file, folder }) => {
      const id = nextId();
      this.files.set(id, file);
      return {
        id,
        name: file.name,
        size: file.size,
        mtime: file.lastModified || now,
        targetJob: job,
        pendingAlbum,
        targetFolder: folder,
        alsoTargetTimeline: target.alsoTargetTimeline ?? false,
        path: folder ? `${folder}/${file.name}` : file.name,
      };
    });
    if (folderItems.length + fileItems.length === 0) return;
    this.deps.dispatch(actions.filesAdded([...folderItems, ...fileItems]));
    if (folderItems.length > 0) {
      this.deps.dispatch(
        actions.itemsRejected({ ids: folderItems.map((item) => item.id), reason: 'FileIsFolder' }),
      );
    }
    if (fileItems.length === 0) return;

    const context = await this.refreshAccount();
    if (!context) {
      this.reject(
        fileItems.map((item) => item.id),
        'Unknown',
      );
      return;
    }
    if (context.readOnly) {
      this.reject(
        fileItems.map((item) => item.id),
        'Unknown',
      );
      return;
    }
    const candidates: UploadCandidate[] = await Promise.all(
      fileItems.map(async (item) => ({
        id: item.id,
        name: item.name,
        size: item.size,
        readable: await probeReadable(this.files.get(item.id)!),
      })),
    );
    const outcome = checkBatch(candidates, context);
    const byReason = new Map<RejectReason, string[]>();
    for (const { id, reason } of outcome.rejected)
      byReason.set(reason, [...(byReason.get(reason) ?? []), id]);
    for (const [reason, ids] of byReason) this.reject(ids, reason);
    if (outcome.overSpace.length > 0) {
      this.deps.dispatch(actions.batchOverSpace(outcome.overSpace));
      this.forget(outcome.overSpace);
    }
    if (outcome.accepted.length > 0) this.deps.dispatch(actions.checksPassed(outcome.accepted));
  }

  private reject(ids: string[], reason: RejectReason): void {
    this.deps.dispatch(actions.itemsRejected({ ids, reason }));
    this.forget(ids);
  }

  private forget(ids: readonly string[]): void {
    for (const id of ids) this.files.delete(id);
  }

  private log(message: string, detail?: unknown): void {
    (this.deps.log ?? ((text: string, extra?: unknown) => console.warn(text, extra)))(message, detail);
  }

  private onChange(): void {
    const queue = this.deps.getQueue();
    this.syncTicker(queue);
    this.syncActive(queue);
    this.pump(queue);
    // Files of rows that left the queue (closed panel, cancelled) are released.
    for (const id of this.files.keys()) {
      const item = selectUploadItem(queue, id);
      if (!item || item.status === 'Cancelled' || item.status === 'Rejected') this.files.delete(id);
    }
  }

  private syncTicker(queue: UploadQueueState): void {
    if (queue.connection === 'Offline' && !this.ticker) {
      this.ticker = setInterval(() => this.deps.dispatch(actions.retryCountdownTicked()), TICK_MS);
    } else if (queue.connection !== 'Offline') {
      this.stopTicker();
    }
  }

  private stopTicker(): void {
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Stop cancelled the running item, or pause asked a resumable one to let go. */
  private syncActive(queue: UploadQueueState): void {
    const active = this.active;
    if (!active) return;
    const item = selectUploadItem(queue, active.id);
    if (item?.status !== 'Uploading' || (queue.paused && active.resumable)) active.controller.abort();
  }

  private pump(queue: UploadQueueState): void {
    if (this.active) return;
    const next = nextToUpload(queue);
    if (!next) return;
    const file = this.files.get(next.id);
    if (!file) {
      // After a reload the row may outlive its File (browsers cannot keep it): it needs choosing again.
      this.deps.dispatch(actions.itemsRejected({ ids: [next.id], reason: 'LocalFileUnavailable' }));
      return;
    }
    const active: ActiveUpload = {
      id: next.id,
      controller: new AbortController(),
      resumable: this.deps.transport.isResumable(file.size),
    };
    this.active = active;
    this.deps.dispatch(actions.uploadStarted(next.id));
    void this.run(next, file, active.controller.signal).finally(() => {
      if (this.active === active) this.active = null;
      if (this.unsubscribe) this.onChange();
    });
  }

  private async run(item: UploadItem, file: File, signal: AbortSignal): Promise<void> {
    const { transport } = this.deps;
    let checksum: string;
    try {
      checksum = await transport.hash(file, signal);
    } catch (error) {
      if (signal.aborted) {
        this.interrupted(item.id);
        return;
      }
      this.log('Could not read the file', error);
      this.reject([item.id], 'FileWasDeleted');
      return;
    }
    let albumJob = item.targetJob;
    if (isPendingAlbumJob(albumJob)) {
      const created = await this.albumFor(item);
      if (!created) return;
      albumJob = created;
    }
    // With alsoTargetTimeline the bytes go to the timeline and the album links them (no second copy).
    const uploadJob = item.alsoTargetTimeline && albumJob !== 'default' ? 'default' : albumJob;
    const linkIntoAlbum = async () => {
      if (uploadJob === albumJob) return;
      await transport.dedup(
        albumJob,
        { path: item.path, checksum, mtime: item.mtime, policy: 'no_duplicates' },
        signal,
      );
    };
    try {
      const dedup = await transport.dedup(
        uploadJob,
        { path: item.path, checksum, mtime: item.mtime, policy: 'no_duplicates' },
        signal,
      );
      this.answered();
      if (dedup.status !== 'upload_required') {
        this.deps.previews?.remember(dedup.file.fileID, file);
        await linkIntoAlbum();
        this.deps.dispatch(
          actions.succeeded({ id: item.id, fileUUID: dedup.file.fileID, thumbUrl: dedup.file.thumbURLSmall }),
        );
        this.forget([item.id]);
        return;
      }
      // The row says 'preparing' until bytes move, or until a resumable upload learns the server's offset.
      let sending = false;
      let lastPercent = -1;
      const record = await transport.upload({
        jobId: uploadJob,
        path: item.path,
        file,
        mtime: item.mtime,
        checksum,
        signal,
        onProgress: (fraction) => {
          const percent = Math.floor(fraction * 100);
          if (!sending) {
            sending = true;
            this.deps.dispatch(actions.bytesSending({ id: item.id }));
          }
          if (percent <= lastPercent) return;
          lastPercent = percent;
          this.deps.dispatch(actions.progressed({ id: item.id, percent }));
        },
        onResumed: (fraction) => {
          sending = true;
          lastPercent = Math.floor(fraction * 100);
          this.deps.dispatch(actions.bytesSending({ id: item.id, resumedAtPercent: fraction * 100 }));
        },
      });
      this.answered();
      this.deps.previews?.remember(record.fileID, file);
      await linkIntoAlbum();
      this.deps.dispatch(
        actions.backendSucceeded({
          id: item.id,
          fileUUID: record.fileID,
          thumbUrl: record.thumbURLSmall,
          isMovie: record.file_type === 'Movies',
        }),
      );
      this.forget([item.id]);
      void this.followProcessing(item.id, record);
    } catch (error) {
      this.failed(item, error, signal);
    }
  }

  /** The real id of the item's pending album, creating the album on its first upload. */
  private albumFor(item: UploadItem): Promise<string | null> {
    const pendingId = item.pendingAlbum;
    const album = pendingId ? this.deps.getQueue().pendingAlbums[pendingId] : undefined;
    if (!pendingId || !album) {
      this.reject([item.id], 'Unknown');
      return Promise.resolve(null);
    }
    if (album.albumId) return Promise.resolve(album.albumId);
    let creation = this.creating.get(pendingId);
    if (!creation) {
      creation = this.deps.transport.createAlbum({ name: album.title, isShared: album.isShared }).then(
        (albumId) => {
          this.deps.dispatch(actions.pendingAlbumCreated({ pendingId, albumId }));
          this.deps.onAlbumCreated?.(albumId);
          return albumId;
        },
        (error: unknown) => {
          this.log('Could not create the album for an upload', error);
          this.creating.delete(pendingId);
          this.deps.dispatch(actions.pendingAlbumFailed(pendingId));
          return null;
        },
      );
      this.creating.set(pendingId, creation);
    }
    return creation;
  }

  private answered(): void {
    if (this.deps.getQueue().connection !== 'Online') this.deps.dispatch(actions.connectionRestored());
  }

  private interrupted(id: string): void {
    // Pause let go of a resumable upload; stop has already cancelled the row.
    if (selectUploadItem(this.deps.getQueue(), id)?.status === 'Uploading') {
      this.deps.dispatch(actions.uploadSuspended(id));
    }
  }

  private failed(item: UploadItem, error: unknown, signal: AbortSignal): void {
    const failure = classifyFailure(error);
    if (failure.kind === 'aborted' || signal.aborted) {
      this.interrupted(item.id);
      return;
    }
    switch (failure.kind) {
      case 'network':
        this.deps.dispatch(actions.networkFailed(item.id));
        return;
      case 'noStorage':
        this.answered();
        this.deps.dispatch(actions.itemsRejected({ ids: [item.id], reason: 'NoStorage' }));
        return;
      case 'tooLarge':
        this.answered();
        this.reject([item.id], 'TooLargeFile');
        return;
      case 'jobDeleted':
        // core.md §3: stops silently.
        this.answered();
        this.deps.dispatch(actions.jobDeleted(item.targetJob));
        return;
      default:
        this.answered();
        this.log(`Upload of ${item.name} failed: ${failure.message}`, error);
        this.reject([item.id], 'Unknown');
    }
  }

  private async followProcessing(id: string, record: FileRecord): Promise<void> {
    if (this.watched.has(id)) return;
    this.watched.add(id);
    try {
      for (;;) {
        const item = selectUploadItem(this.deps.getQueue(), id);
        if (item?.status !== 'BackendSucceeded' || !this.unsubscribe) return;
        let state: 'done' | 'pending' = 'pending';
        try {
          state = await this.deps.transport.processingState(record);
        } catch (error) {
          this.log('Could not check the processing of an upload', error);
        }
        if (state === 'done') {
          this.deps.dispatch(actions.succeeded({ id }));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, PROCESSING_POLL_MS));
      }
    } finally {
      this.watched.delete(id);
    }
  }
}
