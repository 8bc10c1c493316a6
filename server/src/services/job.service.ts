import { randomUUID } from 'node:crypto';
import { gone, notFound } from '../domain/errors';
import type { Database } from '../store/database';
import { createJobRepository, type JobRow } from '../store/repositories/job.repository';

export const DEFAULT_JOB_ID = 'default';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createJobService({ db, clock }: { db: Database; clock: () => number }) {
  const jobs = createJobRepository(db);

  /** The user's timeline, made on first use; concurrent first calls agree on one. */
  async function ensureTimeline(userId: string): Promise<JobRow> {
    const existing = await jobs.findTimeline(userId);
    if (existing) return existing;
    const now = clock();
    await jobs.insertTimelineIfAbsent({
      id: randomUUID(),
      type: 'timeline',
      owner_id: userId,
      name: 'Timeline',
      created_at: now,
      updated_at: now,
      serial: 0,
      deleted_at: null,
    });
    const created = await jobs.findTimeline(userId);
    if (!created) throw new Error('timeline was not created');
    return created;
  }

  /**
   * The job the caller may add files to. Another user's job answers 404 like an unknown one, so
   * ids cannot be probed; a deleted one 410. Albums shared with upload rights come with the album
   * issue (participants); until then only the owner may add.
   */
  async function requireWritableJob(userId: string, jobId: string): Promise<JobRow> {
    if (jobId === DEFAULT_JOB_ID) return ensureTimeline(userId);
    if (!UUID_PATTERN.test(jobId)) throw notFound();
    const job = await jobs.findById(jobId);
    if (!job || job.owner_id !== userId) throw notFound();
    if (job.deleted_at != null) throw gone('Job has been deleted');
    return job;
  }

  /** The job the caller may read files of (owner only until participants exist). */
  async function requireReadableJob(userId: string, jobId: string): Promise<JobRow> {
    if (jobId === DEFAULT_JOB_ID) return ensureTimeline(userId);
    if (!UUID_PATTERN.test(jobId)) throw notFound();
    const job = await jobs.findById(jobId);
    if (!job || job.owner_id !== userId) throw notFound();
    return job;
  }

  return { ensureTimeline, requireWritableJob, requireReadableJob, findById: jobs.findById };
}

export type JobService = ReturnType<typeof createJobService>;
