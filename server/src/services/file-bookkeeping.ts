import { randomUUID } from 'node:crypto';
import type { GroupType } from '@nordlys/contract/file';
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
 * it: the uploader's content reference and used_space, the timeline counters of the job's owner,
 * and the job's serial with its change row. Uploads, dedup links, copies, trash and restore all
 * come through here, and so will albums and shares, so the totals cannot drift apart.
 */
type Bookkeeping = Pick<TransactionRepositories, 'files' | 'usage' | 'changes'>;

/** A file as the bookkeeping needs it, with the job it is in. */
export interface BookedFile {
  id: string;
  user_id: string;
  content_sha256: string;
  size: number;
  path: string;
  file_type: FileType;
  is_screenshot: number;
  job: Pick<JobRow, 'id' | 'type' | 'owner_id'>;
}

/** What a new file row needs besides its content. */
export interface NewFileInput {
  parsed: ParsedPath;
  mtimeMs: number;
  ctimeMs: number;
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

/** The file counts again: its content for the uploader, its counter, an `added` change. */
async function bookIn(tx: Bookkeeping, file: BookedFile, at: number): Promise<{ isNewToUser: boolean }> {
  const { isNewToUser } = await tx.usage.addContentRef(file.user_id, file.content_sha256, Number(file.size));
  if (file.job.type === 'timeline') {
    await tx.usage.addDelta(file.job.owner_id, counterDelta(file.file_type, Boolean(file.is_screenshot), 1));
  }
  await tx.changes.append(file.job.id, {
    type: ChangeType.fileAdded,
    entityId: file.id,
    fields: { path: file.path, checksum: file.content_sha256 },
    at,
  });
  return { isNewToUser };
}

/** The file no longer counts: its content reference, its counter, a `removed` change. */
async function bookOut(tx: Bookkeeping, file: BookedFile, at: number): Promise<void> {
  await tx.usage.removeContentRef(file.user_id, file.content_sha256, Number(file.size));
  if (file.job.type === 'timeline') {
    await tx.usage.addDelta(file.job.owner_id, counterDelta(file.file_type, Boolean(file.is_screenshot), -1));
  }
  await tx.changes.append(file.job.id, { type: ChangeType.fileRemoved, entityId: file.id, fields: null, at });
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
    taken_at: content.taken_at != null ? Number(content.taken_at) : file.mtimeMs,
    uploaded_at: at,
    file_type: fileType,
    is_screenshot: isScreenshot ? 1 : 0,
    group_type: file.groupType,
    group_id: file.groupId,
    is_master: file.isMaster ? 1 : 0,
    deleted_at: null,
  };
  await tx.files.insert(row);
  const { isNewToUser } = await bookIn(tx, { ...row, job }, at);
  return { fileId: row.id, isNewToUser };
}

/** Moves a file to the trash; nothing changes when it is already there (a repeated request). */
export async function trashFile(tx: Bookkeeping, file: BookedFile, at: number): Promise<void> {
  if (!(await tx.files.markDeleted(file.id, at))) return;
  await bookOut(tx, file, at);
}

/**
 * Brings a file back from the trash (the caller checked the uploader's quota); nothing changes
 * when it is not in the trash.
 */
export async function restoreFile(tx: Bookkeeping, file: BookedFile, at: number): Promise<void> {
  if (!(await tx.files.markRestored(file.id))) return;
  await bookIn(tx, file, at);
}
