import { randomUUID } from 'node:crypto';
import type { GroupType } from '@nordlys/contract/file';
import { captureTimeFromFileName } from '../domain/file-name-date';
import type { ParsedPath } from '../domain/file-path';
import { fileTypeOf, isScreenshotName } from '../domain/file-type';
import type { TransactionRepositories } from '../store/repositories';
import { ChangeType } from '../store/repositories/change.repository';
import type { ContentRow } from '../store/repositories/content.repository';
import type { FileRow } from '../store/repositories/file.repository';
import type { JobRow } from '../store/repositories/job.repository';
import type { UsageDelta } from '../store/repositories/usage.repository';
import type { FileType } from '../store/schema';

/**
 * What moves with a file entering or leaving a job's live files, in the transaction that moves
 * it: the timeline counters of the job's owner and the job's serial with its change row; the
 * uploader's content reference and used_space move only when a row is inserted or deleted for
 * good (a trashed file counts against storage until purged). Uploads, dedup links, copies, trash and restore all
 * come through here, and so do albums' own counters, so the totals cannot drift apart (the rule for
 * every derived count is written in album-bookkeeping.ts).
 */
export type FileBookkeepingRepository = 'files' | 'usage' | 'changes' | 'albums';
type Bookkeeping = Pick<TransactionRepositories, FileBookkeepingRepository>;

/** A file as the bookkeeping needs it, with the job it is in. */
export interface BookedFile {
  id: string;
  user_id: string;
  content_sha256: string;
  size: number;
  path: string;
  file_type: FileType;
  is_screenshot: number;
  taken_at: number;
  job: Pick<JobRow, 'id' | 'type' | 'owner_id'>;
}

/** What a new file row needs besides its content. */
export interface NewFileInput {
  parsed: ParsedPath;
  mtimeMs: number;
  ctimeMs: number;
  /** A capture time the uploader states (an edited copy keeps its original's); wins over the bytes' own. */
  takenAtMs?: number;
  groupType: GroupType | null;
  groupId: string | null;
  isMaster: boolean;
}

/** The timeline counter a file moves; screenshots are counted apart from other pictures. */
export function counterDelta(fileType: FileType, isScreenshot: boolean, sign: 1 | -1): UsageDelta {
  if (isScreenshot) return { screenshot_count: sign };
  if (fileType === 'Pictures') return { picture_count: sign };
  if (fileType === 'Movies') return { video_count: sign };
  return { document_count: sign };
}

const HEIC_PATTERN = /\.hei[cf]$/i;

/** An album keeps its file count, bytes, dates and latest file on its row (the album list shows them). */
async function albumStats(tx: Bookkeeping, file: BookedFile, sign: 1 | -1): Promise<void> {
  if (file.job.type !== 'story') return;
  await tx.albums.moveFile(file.job.id, {
    fileId: file.id,
    sign,
    size: Number(file.size),
    takenAt: Number(file.taken_at),
    heic: HEIC_PATTERN.test(file.path),
  });
}

/**
 * The file enters or leaves the timeline and albums: its timeline counter, the album's stats and
 * an `added` or `removed` change. Its content reference and used_space are not part of it: a
 * trashed file counts against storage until it is purged.
 */
async function moveOnTimeline(tx: Bookkeeping, file: BookedFile, sign: 1 | -1, at: number): Promise<void> {
  if (file.job.type === 'timeline') {
    await tx.usage.addDelta(
      file.job.owner_id,
      counterDelta(file.file_type, Boolean(file.is_screenshot), sign),
    );
  }
  await albumStats(tx, file, sign);
  await tx.changes.append(
    file.job.id,
    sign === 1
      ? {
          type: ChangeType.fileAdded,
          entityId: file.id,
          fields: { path: file.path, checksum: file.content_sha256 },
          at,
        }
      : { type: ChangeType.fileRemoved, entityId: file.id, fields: null, at },
  );
}

/**
 * When a file was taken: the capture time the uploader stated, else its metadata's, else the date
 * its name states (screenshots, camera and messenger names), else its modification time.
 */
function captureTime(content: ContentRow, file: NewFileInput, at: number): number {
  if (file.takenAtMs !== undefined) return file.takenAtMs;
  const { fileName } = file.parsed;
  const { mtimeMs } = file;
  if (content.taken_at != null) return Number(content.taken_at);
  return captureTimeFromFileName(fileName, at) ?? mtimeMs;
}

/**
 * Inserts a file over an already-recorded content, with everything that must change with it.
 * `tx` must be the transaction that also took the content reference.
 */
export async function insertFile(
  tx: Bookkeeping,
  input: { job: JobRow; userId: string; content: ContentRow; file: NewFileInput; at: number },
): Promise<{ fileId: string; isNewToUser: boolean }> {
  const { job, userId, content, file, at } = input;
  const fileType = fileTypeOf(file.parsed.extension, content.duration_ms);
  const isScreenshot = fileType === 'Pictures' && isScreenshotName(file.parsed.fileName);
  const row: FileRow = {
    id: randomUUID(),
    job_id: job.id,
    content_sha256: content.sha256,
    user_id: userId,
    path: file.parsed.path,
    file_name: file.parsed.fileName,
    extension: file.parsed.extension,
    size: Number(content.size),
    mtime: file.mtimeMs,
    ctime: file.ctimeMs,
    taken_at: captureTime(content, file, at),
    uploaded_at: at,
    file_type: fileType,
    is_screenshot: isScreenshot ? 1 : 0,
    group_type: file.groupType,
    group_id: file.groupId,
    is_master: file.isMaster ? 1 : 0,
    deleted_at: null,
  };
  await tx.files.insert(row);
  const { isNewToUser } = await tx.usage.addContentRef(userId, content.sha256, Number(content.size));
  await moveOnTimeline(tx, { ...row, job }, 1, at);
  return { fileId: row.id, isNewToUser };
}

/**
 * Moves a file to the trash; nothing changes when it is already there (a repeated request).
 * It keeps its content reference and used_space until it is purged (`releaseFileContent`). An album whose last file goes goes to the trash with it (core.md §4).
 */
export async function trashFile(tx: Bookkeeping, file: BookedFile, at: number): Promise<void> {
  if (!(await tx.files.markDeleted(file.id, at))) return;
  await moveOnTimeline(tx, file, -1, at);
  if (file.job.type === 'story' && (await tx.albums.liveFileCount(file.job.id)) === 0) {
    await tx.albums.markDeleted(file.job.id, at);
  }
}

/**
 * Brings a file back from the trash; it adds nothing to used_space (it never left it). Nothing
 * changes when it is not in the trash.
 */
export async function restoreFile(tx: Bookkeeping, file: BookedFile, at: number): Promise<void> {
  if (!(await tx.files.markRestored(file.id))) return;
  await moveOnTimeline(tx, file, 1, at);
}

/**
 * A file row deleted for good (purge, delete forever, empty trash, a purged album) releases its
 * uploader's content reference in the transaction that deletes the row; used_space drops with the
 * user's last row over the content, so bytes another of their records points at still count.
 */
export async function releaseFileContent(
  tx: Pick<TransactionRepositories, 'usage'>,
  file: { user_id: string; content_sha256: string; size: number },
): Promise<void> {
  await tx.usage.removeContentRef(file.user_id, file.content_sha256, Number(file.size));
}
