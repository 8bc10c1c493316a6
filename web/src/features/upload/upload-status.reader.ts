import { UPLOAD_STATUS_POLL_MS } from '@nordlys/contract/job-changes';

/** Reads a job's async upload status: the ids of the caller's files still being processed. */
export type ReadProcessing = (jobId: string) => Promise<readonly string[]>;

/**
 * core.md §4/§7: while uploads are processing, one `changes_and_async_upload_status` per job every
 * 2500 ms, however many of its uploads are waiting. Every upload of a job asking within one period
 * shares the read made for it; a failed read is not kept.
 */
export function processingReader(read: ReadProcessing, clock: () => number = Date.now) {
  const reads = new Map<string, { at: number; ids: Promise<Set<string>> }>();
  return async function isProcessing(jobId: string, fileId: string): Promise<boolean> {
    let entry = reads.get(jobId);
    if (!entry || clock() - entry.at >= UPLOAD_STATUS_POLL_MS) {
      const ids = read(jobId).then((list) => new Set(list));
      const made = { at: clock(), ids };
      entry = made;
      reads.set(jobId, made);
      ids.catch(() => {
        if (reads.get(jobId) === made) reads.delete(jobId);
      });
    }
    return (await entry.ids).has(fileId);
  };
}
