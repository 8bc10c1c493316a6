import { BULK_CHUNK, type BulkFileResult } from '@nordlys/contract/timeline';

export interface RestoreAllProgress {
  /** Restored so far. */
  restored: number;
  /** Left in the trash so far (refused or failed). */
  failed: number;
  /** How many the trash held when the run started. */
  total: number;
}

export interface RestoreAllOutcome extends RestoreAllProgress {
  /** Of the failed, those refused for want of storage. */
  outOfStorage: number;
}

/** What a run needs from the server: pages of trash file ids and the restore call. */
export interface RestoreAllIo {
  fetchPage(offset: number, limit: number): Promise<{ ids: string[]; total: number | null }>;
  restore(ids: string[]): Promise<{ results: BulkFileResult[] }>;
  /** Files restored by one chunk (so the views that show them update). */
  onRestored?(ids: string[]): void;
}

/**
 * Restores the whole trash, a page of 200 at a time (core.md §9 restore chunk). Restored files
 * leave the list and failed ones stay at its head (the newest deletions come first and are
 * restored first), so each next page is read after the failed ones. Ends when a page comes back
 * empty or everything there was at the start has been tried.
 */
export async function restoreAll(
  io: RestoreAllIo,
  onProgress: (progress: RestoreAllProgress) => void,
): Promise<RestoreAllOutcome> {
  const first = await io.fetchPage(0, BULK_CHUNK);
  const outcome: RestoreAllOutcome = {
    restored: 0,
    failed: 0,
    outOfStorage: 0,
    total: first.total ?? first.ids.length,
  };
  onProgress({ ...outcome });
  let page = first.ids;
  while (page.length > 0) {
    try {
      const { results } = await io.restore(page);
      const ok = results.filter((r) => r.status === 'ok').map((r) => r.file_uuid);
      outcome.restored += ok.length;
      outcome.failed += page.length - ok.length;
      outcome.outOfStorage += results.filter((r) => r.error_reason === 'out_of_storage').length;
      if (ok.length > 0) io.onRestored?.(ok);
    } catch {
      outcome.failed += page.length;
    }
    onProgress({ restored: outcome.restored, failed: outcome.failed, total: outcome.total });
    if (outcome.restored + outcome.failed >= outcome.total) break;
    page = (await io.fetchPage(outcome.failed, BULK_CHUNK)).ids;
  }
  return outcome;
}
