import { useEffect, useRef } from 'react';
import { fetchPoll } from '../../api/job-feed.api';
import { focusJobSyncer } from './job-syncer';

export type JobSyncLookup = (signal: AbortSignal) => Promise<{ applied: number; serial: number }>;

/**
 * Keeps a view of a job current while it is shown: a long poll from the serial the view reflects;
 * each wake runs `lookup` (read and apply the changes). The newest view to mount takes the one
 * syncer over; its unmount stops it and hands the syncer back to the view beneath.
 */
export function useJobSync(
  jobId: string | null,
  seq: number | null,
  lookup: JobSyncLookup,
  headers?: Record<string, string>,
): void {
  const lookupRef = useRef(lookup);
  lookupRef.current = lookup;
  const headersRef = useRef(headers);
  headersRef.current = headers;
  const ready = jobId !== null && seq !== null;
  const seqRef = useRef(seq);
  seqRef.current = seq;
  useEffect(() => {
    if (!ready || jobId === null) return;
    const key = {};
    return focusJobSyncer(key, jobId, () => seqRef.current ?? 0, {
      poll: (id, from, signal) => fetchPoll(id, from, signal, headersRef.current),
      lookup: (signal) => lookupRef.current(signal),
    });
  }, [jobId, ready]);
}
