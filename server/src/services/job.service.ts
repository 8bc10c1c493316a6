import { randomUUID } from 'node:crypto';
import { JOB_HAS_BEEN_DELETED, uploadsAllowed } from '@nordlys/contract/album';
import { albumIdFromEither } from '@nordlys/contract/album-id';
import type { TimelineJob } from '@nordlys/contract/file';
import { forbidden, gone, notFound, unauthenticated } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { JobRow } from '../store/repositories/job.repository';
import type { AlbumAccess, AlbumAccessService, Reader } from './album-access.service';
import { toViewer } from './album-access.service';
import type { Session } from './auth.service';

export const DEFAULT_JOB_ID = 'default';

const seconds = (ms: number) => Math.floor(ms / 1000);

export interface JobServiceDeps {
  repos: Pick<Repositories, 'jobs' | 'users' | 'albums'>;
  access: AlbumAccessService;
  clock: () => number;
}

export function createJobService({ repos, access, clock }: JobServiceDeps) {
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

  /** A live album the caller may read, with their role in it (album-access.service.ts). */
  async function readAlbum(reader: Reader, job: JobRow): Promise<AlbumAccess> {
    const album =
      job.type === 'story' && job.deleted_at == null ? await repos.albums.find(job.id) : undefined;
    if (!album) throw notFound();
    return access.readAlbum(reader, album);
  }

  /**
   * The job the caller may add files to: their own, or a shared album they joined that allows
   * uploads. Another user's timeline or share answers 404 like an unknown job, so ids cannot be
   * probed; an album the caller can read but not add to answers 403; a deleted own job 410.
   */
  async function requireWritableJob(reader: Reader, jobIdParam: string): Promise<JobRow> {
    const { userId } = toViewer(reader);
    if (userId === null) throw unauthenticated();
    if (jobIdParam === DEFAULT_JOB_ID) return ensureTimeline(userId);
    const job = await findJob(jobIdParam);
    if (job.owner_id === userId) {
      if (job.deleted_at != null) throw gone(JOB_HAS_BEEN_DELETED);
      return job;
    }
    if (job.type !== 'story') throw notFound();
    if (job.deleted_at != null) throw gone(JOB_HAS_BEEN_DELETED);
    const { role, facts } = await readAlbum(reader, job);
    if (role !== 'subscriber' || !uploadsAllowed(facts.permissions)) throw forbidden();
    return job;
  }

  /**
   * The job the caller may read files of: their own (the trash included), or a live album the
   * album rules let them see, signed in or not (with its password where it has one).
   */
  async function requireReadableJob(reader: Reader, jobIdParam: string): Promise<JobRow> {
    const { userId } = toViewer(reader);
    if (jobIdParam === DEFAULT_JOB_ID) {
      if (userId === null) throw unauthenticated();
      return ensureTimeline(userId);
    }
    const job = await findJob(jobIdParam);
    if (userId !== null && job.owner_id === userId) return job;
    // Only albums are open to others; a signed-out caller is asked to sign in for anything else.
    if (job.type !== 'story') throw userId === null ? unauthenticated() : notFound();
    await readAlbum(reader, job);
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

  return {
    ensureTimeline,
    timelineOf,
    findJob,
    readAlbum,
    requireWritableJob,
    requireReadableJob,
    findById: jobs.findById,
  };
}

export type JobService = ReturnType<typeof createJobService>;
