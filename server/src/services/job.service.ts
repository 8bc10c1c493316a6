import { randomUUID } from 'node:crypto';
import { albumIdFromEither } from '@nordlys/contract/album-id';
import type { TimelineJob } from '@nordlys/contract/file';
import type { SignedInCaller } from '../domain/caller';
import { notFound } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { JobRow } from '../store/repositories/job.repository';

export const DEFAULT_JOB_ID = 'default';

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

  /** The job a UUID or compact album id names; 404 for anything else. */
  async function findJob(jobIdParam: string): Promise<JobRow> {
    const id = albumIdFromEither(jobIdParam);
    const job = id ? await jobs.findById(id) : undefined;
    if (!job) throw notFound();
    return job;
  }

  /** The caller's timeline as the client sees it, made on first call. */
  async function timelineOf(session: SignedInCaller): Promise<TimelineJob> {
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

  return {
    ensureTimeline,
    timelineOf,
    findJob,
    findById: jobs.findById,
  };
}

export type JobService = ReturnType<typeof createJobService>;
