import { randomUUID } from 'node:crypto';
import type { TimelineJob } from '@nordlys/contract/file';
import { gone, notFound } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { JobRow } from '../store/repositories/job.repository';
import type { Session } from './auth.service';

export const DEFAULT_JOB_ID = 'default';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const seconds = (ms: number) => Math.floor(ms / 1000);

export interface JobServiceDeps {
  repos: Pick<Repositories, 'jobs' | 'users'>;
  clock: () => number;
}

export function createJobService({ repos, clock }: JobServiceDeps) {
  const { jobs } = repos;

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

  /** The caller's timeline as the client sees it, made on first call. */
  async function timelineOf(session: Session): Promise<TimelineJob> {
    const job = await ensureTimeline(session.userId);
    const owner = await repos.users.findById(session.userId);
    return {
      id: job.id,
      type: 'timeline',
      name: job.name,
      ctime: seconds(Number(job.created_at)),
      mtime: seconds(Number(job.updated_at)),
      owner: {
        uuid: session.userId,
        name: owner?.name ?? session.name,
        email: owner?.email ?? session.email,
      },
      serial: Number(job.serial),
    };
  }

  return { ensureTimeline, timelineOf, requireWritableJob, requireReadableJob, findById: jobs.findById };
}

export type JobService = ReturnType<typeof createJobService>;
