import { createEntityAdapter, createSlice, type EntityState, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import {
  isPendingAlbumJob,
  type PendingAlbum,
  pendingAlbumJob,
  reconcilePendingAlbum,
  type UploadDialogTarget,
} from './pending-album';

export type { PendingAlbum, UploadDialogTarget };

/** core.md §3 "Upload": the item states. */
export type UploadStatus =
  | 'Pending'
  | 'Enqueued'
  | 'Uploading'
  | 'BackendSucceeded'
  | 'Succeeded'
  | 'Rejected'
  | 'Cancelled';

export type RejectReason =
  | 'FileIsFolder'
  | 'LocalFileUnavailable'
  | 'NoStorage'
  | 'UnSupported'
  | 'FileWasDeleted'
  | 'TooLargeFile'
  | 'Unknown';

export type UploaderConnection = 'Online' | 'Offline' | 'Retrying';

/** Inside Uploading: hashing and the dedup lookup ('preparing'), then bytes on the wire. */
export type UploadPhase = 'hashing' | 'sending';

export interface UploadItem {
  id: string;
  targetJob: string;
  /** The folder inside a dropped tree ('' for loose files). */
  targetFolder: string;
  alsoTargetTimeline: boolean;
  name: string;
  /** Relative path sent to the server: targetFolder/name. */
  path: string;
  size: number;
  mtime: number;
  status: UploadStatus;
  phase: UploadPhase | null;
  uploadedPercent: number;
  statusReason: RejectReason | null;
  fileUUID: string | null;
  thumbUrl: string | null;
  isMovie: boolean;
  /** Set when a resumable upload found bytes the server already had (after a reload or a dropped line). */
  resumedAtPercent: number | null;
  /** The pending album (its pendingId) this upload belongs to, created by the first upload into it. */
  pendingAlbum: string | null;
}

export type NewUploadItem = Pick<UploadItem, 'id' | 'name' | 'size' | 'mtime'> &
  Partial<Pick<UploadItem, 'targetJob' | 'targetFolder' | 'alsoTargetTimeline' | 'path' | 'pendingAlbum'>>;

/** The spec's retry countdown after a network failure (core.md §9). */
export const OFFLINE_RETRY_SECONDS = 4;

export interface UploadQueueState {
  items: EntityState<UploadItem, string>;
  paused: boolean;
  /** A stop was requested and the 'are you sure' question is open; nothing new starts meanwhile. */
  stopping: boolean;
  connection: UploaderConnection;
  retryInSeconds: number;
  /** Raised by a no-storage answer or a batch over the free space; cleared by a plan change or purchase. */
  outOfStorage: boolean;
  /** Counts those events: each one owes the user the out-of-storage popup, even while the flag is up. */
  outOfStorageNotices: number;
  panelOpen: boolean;
  panelExpanded: boolean;
  dialogOpen: boolean;
  /** The account may not upload (is_read_only_user); the Upload button is disabled. */
  readOnly: boolean;
  /** Where the open dialog's files go; null means the timeline. */
  dialogTarget: UploadDialogTarget | null;
  /** core.md §3 Pending album, by pendingId. */
  pendingAlbums: Record<string, PendingAlbum>;
}

const adapter = createEntityAdapter<UploadItem>();

export const initialUploadQueueState = (): UploadQueueState => ({
  items: adapter.getInitialState(),
  paused: false,
  stopping: false,
  connection: 'Online',
  retryInSeconds: 0,
  outOfStorage: false,
  outOfStorageNotices: 0,
  panelOpen: false,
  panelExpanded: false,
  dialogOpen: false,
  readOnly: false,
  dialogTarget: null,
  pendingAlbums: {},
});

const UNFINISHED: ReadonlySet<UploadStatus> = new Set(['Pending', 'Enqueued', 'Uploading']);
export const isUnfinished = (status: UploadStatus): boolean => UNFINISHED.has(status);

function itemIn(state: UploadQueueState, id: string, from: readonly UploadStatus[]): UploadItem | null {
  const item = state.items.entities[id];
  return item && from.includes(item.status) ? item : null;
}

function toEnqueued(item: UploadItem): void {
  item.status = 'Enqueued';
  item.phase = null;
}

function reject(state: UploadQueueState, item: UploadItem, reason: RejectReason): void {
  if (reason === 'NoStorage') {
    // A no-storage answer is not final: the item waits for more space (core.md §3).
    toEnqueued(item);
    state.outOfStorage = true;
    return;
  }
  item.status = 'Rejected';
  item.phase = null;
  item.statusReason = reason;
  state.panelOpen = true;
}

export const uploadQueueSlice = createSlice({
  name: 'uploadQueue',
  initialState: initialUploadQueueState,
  reducers: {
    filesAdded(state, action: PayloadAction<NewUploadItem[]>) {
      adapter.addMany(
        state.items,
        action.payload.map((file) => ({
          targetJob: 'default',
          targetFolder: '',
          alsoTargetTimeline: false,
          path: file.name,
          ...file,
          status: 'Pending' as const,
          phase: null,
          uploadedPercent: 0,
          statusReason: null,
          fileUUID: null,
          thumbUrl: null,
          isMovie: false,
          resumedAtPercent: null,
          pendingAlbum: null,
          ...(file.pendingAlbum ? { pendingAlbum: file.pendingAlbum } : {}),
        })),
      );
    },
    /** Pending -> Enqueued for the items whose checks passed. */
    checksPassed(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) {
        const item = itemIn(state, id, ['Pending']);
        if (item) toEnqueued(item);
      }
    },
    /** Pending or Enqueued -> Rejected (NoStorage: stays waiting and raises the flag). */
    itemsRejected(state, action: PayloadAction<{ ids: string[]; reason: RejectReason }>) {
      let rejected = false;
      for (const id of action.payload.ids) {
        const item = itemIn(state, id, ['Pending', 'Enqueued', 'Uploading']);
        if (item) reject(state, item, action.payload.reason);
        rejected ||= item !== null;
      }
      if (rejected && action.payload.reason === 'NoStorage') state.outOfStorageNotices += 1;
    },
    /** The batch does not fit the free space: every item of it is rejected and the flag raised. */
    batchOverSpace(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) {
        const item = itemIn(state, id, ['Pending']);
        if (!item) continue;
        item.status = 'Rejected';
        item.statusReason = 'NoStorage';
      }
      state.outOfStorage = true;
      state.outOfStorageNotices += 1;
      state.panelOpen = true;
    },
    /** Enqueued -> Uploading; the panel opens when uploading starts. */
    uploadStarted(state, action: PayloadAction<string>) {
      const item = itemIn(state, action.payload, ['Enqueued']);
      if (!item) return;
      item.status = 'Uploading';
      item.phase = 'hashing';
      state.panelOpen = true;
    },
    bytesSending(state, action: PayloadAction<{ id: string; resumedAtPercent?: number }>) {
      const item = itemIn(state, action.payload.id, ['Uploading']);
      if (!item) return;
      item.phase = 'sending';
      const resumed = action.payload.resumedAtPercent;
      if (resumed !== undefined && resumed > 0) {
        item.resumedAtPercent = Math.floor(resumed);
        item.uploadedPercent = Math.max(item.uploadedPercent, Math.floor(resumed));
      }
    },
    /** Progress in whole percent steps; repeats and steps back are dropped. */
    progressed(state, action: PayloadAction<{ id: string; percent: number }>) {
      const item = itemIn(state, action.payload.id, ['Uploading']);
      if (!item) return;
      const percent = Math.min(100, Math.max(0, Math.floor(action.payload.percent)));
      if (percent > item.uploadedPercent) item.uploadedPercent = percent;
    },
    /** Uploading -> BackendSucceeded: stored, the server still makes thumbnails or the video. */
    backendSucceeded(
      state,
      action: PayloadAction<{ id: string; fileUUID: string; thumbUrl: string | null; isMovie: boolean }>,
    ) {
      const item = itemIn(state, action.payload.id, ['Uploading']);
      if (!item) return;
      item.status = 'BackendSucceeded';
      item.phase = null;
      item.uploadedPercent = 100;
      item.fileUUID = action.payload.fileUUID;
      item.thumbUrl = action.payload.thumbUrl;
      item.isMovie = action.payload.isMovie;
    },
    /** BackendSucceeded -> Succeeded once processing is done; Uploading -> Succeeded on a dedup hit. */
    succeeded(state, action: PayloadAction<{ id: string; fileUUID?: string; thumbUrl?: string | null }>) {
      const item = itemIn(state, action.payload.id, ['Uploading', 'BackendSucceeded']);
      if (!item) return;
      item.status = 'Succeeded';
      item.phase = null;
      item.uploadedPercent = 100;
      if (action.payload.fileUUID !== undefined) item.fileUUID = action.payload.fileUUID;
      if (action.payload.thumbUrl !== undefined) item.thumbUrl = action.payload.thumbUrl;
    },
    /** A network failure: the item waits again and the uploader goes Offline with the countdown. */
    networkFailed(state, action: PayloadAction<string>) {
      const item = itemIn(state, action.payload, ['Uploading']);
      if (item) toEnqueued(item);
      state.connection = 'Offline';
      state.retryInSeconds = OFFLINE_RETRY_SECONDS;
    },
    retryCountdownTicked(state) {
      if (state.connection !== 'Offline') return;
      state.retryInSeconds = Math.max(0, state.retryInSeconds - 1);
      if (state.retryInSeconds === 0) state.connection = 'Retrying';
    },
    /** The manual 'try again', or the countdown reaching zero. */
    retryRequested(state) {
      if (state.connection !== 'Offline') return;
      state.connection = 'Retrying';
      state.retryInSeconds = 0;
    },
    /** The server answered again. */
    connectionRestored(state) {
      state.connection = 'Online';
      state.retryInSeconds = 0;
    },
    /** 'Job has been deleted': every unfinished item of that album stops without a message. */
    jobDeleted(state, action: PayloadAction<string>) {
      for (const item of Object.values(state.items.entities)) {
        if (item.targetJob === action.payload && isUnfinished(item.status)) {
          item.status = 'Cancelled';
          item.phase = null;
        }
      }
    },
    paused(state) {
      state.paused = true;
    },
    /** A resumable upload interrupted by pause goes back to wait; its bytes stay on the server. */
    uploadSuspended(state, action: PayloadAction<string>) {
      const item = itemIn(state, action.payload, ['Uploading']);
      if (item) toEnqueued(item);
    },
    resumed(state) {
      state.paused = false;
    },
    stopRequested(state) {
      if (Object.values(state.items.entities).some((item) => isUnfinished(item.status)))
        state.stopping = true;
    },
    stopAborted(state) {
      state.stopping = false;
    },
    /** Stop cancels every unfinished item. */
    stopConfirmed(state) {
      state.stopping = false;
      state.paused = false;
      for (const item of Object.values(state.items.entities)) {
        if (isUnfinished(item.status)) {
          item.status = 'Cancelled';
          item.phase = null;
        }
      }
    },
    itemCancelled(state, action: PayloadAction<string>) {
      const item = itemIn(state, action.payload, ['Pending', 'Enqueued', 'Uploading']);
      if (!item) return;
      item.status = 'Cancelled';
      item.phase = null;
    },
    outOfStorageCleared(state) {
      state.outOfStorage = false;
    },
    panelOpened(state) {
      state.panelOpen = true;
    },
    panelExpandedToggled(state) {
      state.panelExpanded = !state.panelExpanded;
    },
    /** Closing while nothing uploads also clears the queue (core.md §3 "Upload panel"). */
    panelClosed(state) {
      state.panelOpen = false;
      const busy = Object.values(state.items.entities).some((item) => isUnfinished(item.status));
      if (!busy) {
        state.items = adapter.getInitialState();
        state.outOfStorage = false;
        state.panelExpanded = false;
      }
    },
    /** Opens the dialog; the target says where its files go (an album, a pending album), default the timeline. */
    dialogOpened(state, action: PayloadAction<UploadDialogTarget | undefined>) {
      if (state.readOnly) return;
      state.dialogOpen = true;
      state.dialogTarget = action.payload ?? null;
      const pending = action.payload && 'pendingAlbum' in action.payload ? action.payload.pendingAlbum : null;
      if (pending && !state.pendingAlbums[pending.pendingId]) {
        state.pendingAlbums[pending.pendingId] = {
          ...pending,
          albumId: null,
          pendingFiles: [],
          uploadedFiles: [],
        };
      }
    },
    dialogTargetChanged(state, action: PayloadAction<{ alsoTargetTimeline: boolean }>) {
      if (state.dialogTarget) state.dialogTarget.alsoTargetTimeline = action.payload.alsoTargetTimeline;
    },
    /** The first upload created the album: its items now go to the real id. */
    pendingAlbumCreated(state, action: PayloadAction<{ pendingId: string; albumId: string }>) {
      const album = state.pendingAlbums[action.payload.pendingId];
      if (!album) return;
      album.albumId = action.payload.albumId;
      const job = pendingAlbumJob(album.pendingId);
      for (const item of Object.values(state.items.entities)) {
        if (item.targetJob === job) item.targetJob = action.payload.albumId;
      }
    },
    /** The album could not be created: its unfinished uploads fail and the pending album goes. */
    pendingAlbumFailed(state, action: PayloadAction<string>) {
      for (const item of Object.values(state.items.entities)) {
        if (item.pendingAlbum === action.payload && isUnfinished(item.status)) reject(state, item, 'Unknown');
      }
      delete state.pendingAlbums[action.payload];
    },
    /** The draft behind it was saved or dropped; its record is no longer needed. */
    pendingAlbumForgotten(state, action: PayloadAction<string>) {
      delete state.pendingAlbums[action.payload];
    },
    dialogClosed(state) {
      state.dialogOpen = false;
    },
    accountChecked(state, action: PayloadAction<{ readOnly: boolean }>) {
      state.readOnly = action.payload.readOnly;
      if (state.readOnly) state.dialogOpen = false;
    },
  },
});

/** Keeps each pending album's lists in step with the queue after every change of it. */
function withPendingAlbums(state: UploadQueueState | undefined, action: { type: string }): UploadQueueState {
  const next = uploadQueueSlice.reducer(state, action);
  const albums = Object.values(next.pendingAlbums);
  if (albums.length === 0 || next === state) return next;
  const items = Object.values(next.items.entities).map((item) => ({
    id: item.id,
    pendingAlbum: item.pendingAlbum,
    finished: !isUnfinished(item.status),
    stored: item.status === 'BackendSucceeded' || item.status === 'Succeeded',
    fileUUID: item.fileUUID,
  }));
  let changed = false;
  const pendingAlbums: Record<string, PendingAlbum> = {};
  for (const album of albums) {
    const reconciled = reconcilePendingAlbum(album, items);
    if (reconciled !== album) changed = true;
    pendingAlbums[album.pendingId] = reconciled;
  }
  return changed ? { ...next, pendingAlbums } : next;
}

export { isPendingAlbumJob, pendingAlbumJob };
export const uploadQueueActions = uploadQueueSlice.actions;
export const uploadQueueReducer = withPendingAlbums;

/** The command the empty timeline and other screens use to offer a local upload. */
export const openUploadDialog = uploadQueueActions.dialogOpened;

rootReducer.inject({ reducerPath: 'uploadQueue', reducer: withPendingAlbums });
const EMPTY_QUEUE = initialUploadQueueState();

export type UploadRootState = { uploadQueue: UploadQueueState };

export const selectUploadQueue = (root: UploadRootState): UploadQueueState =>
  (root as Partial<UploadRootState>).uploadQueue ?? EMPTY_QUEUE;

const itemSelectors = adapter.getSelectors();
export const selectUploadItems = (queue: UploadQueueState): UploadItem[] =>
  itemSelectors.selectAll(queue.items);
export const selectUploadItem = (queue: UploadQueueState, id: string): UploadItem | undefined =>
  itemSelectors.selectById(queue.items, id);

/** Files of this tab's uploads that are on the server (stored, or linked to bytes it had). */
export const selectFilesStored = (state: UploadRootState): number =>
  selectUploadItems(selectUploadQueue(state)).filter(
    (item) => item.status === 'BackendSucceeded' || item.status === 'Succeeded',
  ).length;

/** core.md §3: uploading proceeds only when not paused, not stopping, not offline and nothing else uploads. */
export function nextToUpload(queue: UploadQueueState): UploadItem | null {
  if (queue.paused || queue.stopping || queue.connection === 'Offline' || queue.outOfStorage) return null;
  const items = selectUploadItems(queue);
  if (items.some((item) => item.status === 'Uploading')) return null;
  return items.find((item) => item.status === 'Enqueued') ?? null;
}
