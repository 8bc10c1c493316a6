import type { FileRecord } from '@nordlys/contract/file';
import type { Dispatch } from '@reduxjs/toolkit';
import type { CopyFailureReason } from './copy-failure';

/**
 * User commands on files, shared by the selection toolbar, the file context menu, the viewer and
 * the keyboard. Action objects stay free of React and of the DOM so every surface runs the same
 * rules and they can be tested without rendering.
 */
export type FileActionId =
  | 'DELETE'
  | 'RESTORE'
  | 'PERM_DELETE'
  | 'COPY_TO_TIMELINE'
  | 'DOWNLOAD'
  | 'EXPORT'
  | 'COPY_TO_CLIPBOARD'
  | 'SET_COVER'
  | 'ADD_TO_ALBUM'
  | 'SHARE'
  | 'EDIT';

/** Where the files are shown; visibility rules depend on it. */
export type FileActionSurface = 'timeline' | 'viewer' | 'album' | 'share' | 'trash' | 'documents';

/** Icon names; file-action-icons.ts maps them to lucide components for rendering. */
export type FileActionIcon =
  | 'trash'
  | 'restore'
  | 'delete-forever'
  | 'copy-to-timeline'
  | 'download'
  | 'export'
  | 'clipboard'
  | 'cover'
  | 'album'
  | 'share'
  | 'edit';

/** The fields of a file the actions look at; a FileRecord satisfies it. */
export type FileActionFile = Pick<FileRecord, 'fileID' | 'jobID' | 'fileName' | 'user_uuid' | 'duration'> &
  Partial<FileRecord>;

/** What a download needs of a file: its id, and its name, size and date for the parts' split. */
export type DownloadableFile = Pick<FileRecord, 'fileID'> &
  Partial<Pick<FileRecord, 'fileName' | 'path' | 'size' | 'timestamp' | 'mtime' | 'previewURL'>>;

/** Album-level rights (core.md §3 currentUserCan); absent outside albums. */
export interface FileActionPermissions {
  deleteFile?: boolean;
  setFileAsAlbumCoverPhoto?: boolean;
}

export interface FileActionAccount {
  userId: string;
  isReadOnly: boolean;
}

/** A screen's hook for the signed-in account as the file actions see it; null while unknown. */
export type FileActionAccountHook = () => FileActionAccount | null;

export interface FileActionContext {
  surface: FileActionSurface;
  /** The job the files are shown in (the timeline job, an album, a share). */
  jobId: string;
  files: readonly FileActionFile[];
  /** null for an anonymous visitor. */
  account: FileActionAccount | null;
  /** The current user owns the job (always true on one's own timeline): Undo on delete. */
  isJobOwner: boolean;
  permissions?: FileActionPermissions;
  /** The files are in a shared album (read-only users may set its cover, core.md §6). */
  albumIsShared?: boolean;
  dispatch: Dispatch;
}

export type FileActionOutcome = 'done' | 'partial' | 'failed' | 'cancelled';

export interface FileActionResult {
  outcome: FileActionOutcome;
  /** Files the action succeeded for. */
  fileIds: string[];
  failedIds: string[];
  /** Whether a selection the action ran on should be cleared (core.md §2: all but copy). */
  clearSelection: boolean;
  /** Why files failed, where the spec names reasons (copy to timeline: out_of_storage or unknown). */
  failureReason?: CopyFailureReason;
}

/** A spec confirmation (features/dialogs presets) asked before perform. */
export interface FileActionConfirm {
  preset: 'deleteFile' | 'deleteForever';
  params?: (ctx: FileActionContext) => Record<string, string | number>;
}

export interface FileAction {
  id: FileActionId;
  /** Full i18n key, e.g. 'fileActions:labels.delete'. */
  labelKey: string;
  icon: FileActionIcon;
  /** KeyboardEvent.key values that trigger the action where a surface listens for keys. */
  shortcut?: readonly string[];
  /** Read-only users see the action disabled with a subscribe tooltip (core.md §6). */
  blockedForReadOnly?: boolean;
  /** Shown at all in this context (surface, file kinds, permissions). */
  isVisible(ctx: FileActionContext): boolean;
  /** Enabled for this user; false for read-only users on blocked actions. */
  isEnabled(ctx: FileActionContext): boolean;
  confirm?: FileActionConfirm;
  /** Runs the action (after any confirmation); reports progress and outcome through toasts. */
  perform(ctx: FileActionContext): Promise<FileActionResult>;
}
