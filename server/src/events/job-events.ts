import type { Database } from '../store/database';

/**
 * The job-changed events bus: a job's serial moved, so long polls held on it may answer. Within
 * one process the change repository publishes straight to the listeners; on PostgreSQL it sends
 * NOTIFY in the transaction that makes the change (delivered on commit, to every server process
 * LISTENing, this one included), so a poll held by any process wakes.
 */
export type JobChangedListener = (serial: number) => void;

export interface JobEvents {
  subscribe(jobId: string, listener: JobChangedListener): () => void;
  /** Hands a change to this process's listeners. */
  publish(jobId: string, serial: number): void;
  /** Listeners held now (one per waiting poll). */
  size(): number;
  close(): Promise<void>;
}

export const JOB_CHANGED_CHANNEL = 'nordlys_job_changed';

/** What the change repository calls after bumping a job's serial, on the transaction's connection. */
export type ChangeNotifier = (db: Database, jobId: string, serial: number) => Promise<void>;

export function createInProcessJobEvents(): JobEvents {
  const listeners = new Map<string, Set<JobChangedListener>>();
  let count = 0;
  return {
    subscribe(jobId, listener) {
      let set = listeners.get(jobId);
      if (!set) {
        set = new Set();
        listeners.set(jobId, set);
      }
      set.add(listener);
      count += 1;
      return () => {
        if (!set.delete(listener)) return;
        count -= 1;
        if (set.size === 0 && listeners.get(jobId) === set) listeners.delete(jobId);
      };
    },
    publish(jobId, serial) {
      const set = listeners.get(jobId);
      if (!set) return;
      for (const listener of [...set]) listener(serial);
    },
    size: () => count,
    async close() {
      listeners.clear();
      count = 0;
    },
  };
}

/** The payload is `<job id> <serial>`; a job id never holds a space. */
export function parseJobChanged(payload: string | undefined): { jobId: string; serial: number } | null {
  if (!payload) return null;
  const space = payload.lastIndexOf(' ');
  const serial = Number(payload.slice(space + 1));
  if (space <= 0 || !Number.isSafeInteger(serial)) return null;
  return { jobId: payload.slice(0, space), serial };
}

export const jobChangedPayload = (jobId: string, serial: number) => `${jobId} ${serial}`;

/** The notifier for the in-process bus (SQLite: one server process owns the database). */
export const inProcessNotifier =
  (events: JobEvents): ChangeNotifier =>
  async (_db, jobId, serial) =>
    events.publish(jobId, serial);
