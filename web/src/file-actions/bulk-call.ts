import type { BulkFileResult } from '@nordlys/contract/timeline';
import { chunk } from '../api/timeline.api';
import { type FileActionToastType, fileActionPorts } from './file-action.ports';
import type { FileActionContext, FileActionResult } from './file-action.types';

export interface BulkOutcome {
  okIds: string[];
  failedIds: string[];
  /** Failed ids the server refused for want of storage (a restore). */
  outOfStorageIds: string[];
  /** The first thrown error (a whole chunk failed), if any. */
  error: unknown;
}

/** Runs a bulk call over chunks of 200 ids, one after another, gathering per-file results. */
export async function runInChunks(
  ids: readonly string[],
  call: (chunkIds: string[]) => Promise<{ results: BulkFileResult[] }>,
): Promise<BulkOutcome> {
  const okIds: string[] = [];
  const failedIds: string[] = [];
  const outOfStorageIds: string[] = [];
  let error: unknown = null;
  for (const part of chunk(ids)) {
    try {
      const { results } = await call(part);
      const ok = new Set(results.filter((r) => r.status === 'ok').map((r) => r.file_uuid));
      for (const id of part) (ok.has(id) ? okIds : failedIds).push(id);
      for (const r of results) if (r.error_reason === 'out_of_storage') outOfStorageIds.push(r.file_uuid);
    } catch (thrown) {
      error ??= thrown;
      failedIds.push(...part);
    }
  }
  return { okIds, failedIds, outOfStorageIds, error };
}

export const outcomeOf = (okCount: number, failedCount: number) =>
  failedCount === 0 ? 'done' : okCount === 0 ? 'failed' : 'partial';

type Counted = Pick<BulkOutcome, 'okIds' | 'failedIds'>;

/** A bulk action's progress toast becomes its done toast, or its failed one counting the failures. */
export function resolveBulkToast(
  ctx: Pick<FileActionContext, 'dispatch'>,
  toastId: string,
  { okIds, failedIds }: Counted,
  types: { done: FileActionToastType; failed: FileActionToastType },
): void {
  fileActionPorts().resolveToast(
    ctx.dispatch,
    toastId,
    failedIds.length === 0
      ? { type: types.done, params: { count: okIds.length } }
      : { type: types.failed, params: { count: failedIds.length } },
  );
}

/** What a bulk action reports: the files it did and did not do. */
export const bulkResult = (
  { okIds, failedIds }: Counted,
  rest: Pick<FileActionResult, 'clearSelection' | 'failureReason'>,
): FileActionResult => ({
  outcome: outcomeOf(okIds.length, failedIds.length),
  fileIds: okIds,
  failedIds,
  ...rest,
});

/** core.md §8: a delete whose error message is Forbidden offers no retry. */
export function isForbidden(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { status, message } = error as { status?: number; message?: string };
  return status === 403 || message === 'Forbidden';
}
