import type { ChangesAndUploadStatus, PollReply } from '@nordlys/contract/job-changes';
import type { Caller } from '../domain/caller';
import { Permission } from '../domain/permission';
import type { JobEvents } from '../events/job-events';
import type { Repositories } from '../store/repositories';
import type { AccessService } from './access.service';
import type { TimelineService } from './timeline.service';

/** Most processing file ids one status answer lists; the panel needs to know only that some are. */
const PROCESSING_LIST_LIMIT = 500;

export interface JobFeedDeps {
  repos: Pick<Repositories, 'jobs' | 'files'>;
  access: AccessService;
  timeline: Pick<TimelineService, 'changesFor'>;
  events: JobEvents;
}

export interface PollOptions {
  seq: number;
  holdMs: number;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/**
 * The long poll (core.md §7 poll host) and the upload panel's status. A held poll is a listener
 * and a timer: nothing touches the database until the job's serial moves.
 */
export function createJobFeedService({ repos, access, timeline, events }: JobFeedDeps) {
  const held = new Set<() => void>();

  return {
    async changesAndUploadStatus(
      reader: Caller,
      jobIdParam: string,
      since: number,
    ): Promise<ChangesAndUploadStatus> {
      const grant = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
      const feed = await timeline.changesFor(grant, since);
      const { userId } = reader;
      const { job } = grant;
      const processing =
        userId === null ? [] : await repos.files.processingIds(job.id, userId, PROCESSING_LIST_LIMIT);
      return { ...feed, async_upload_status: { processing } };
    },

    async poll(reader: Caller, jobIdParam: string, options: PollOptions): Promise<PollReply> {
      const { job } = await access.requireAccess(reader, Permission.JobRead, jobIdParam);
      const { seq } = options;
      let wake: (reply: PollReply) => void = () => {};
      const answer = new Promise<PollReply>((resolve) => {
        wake = resolve;
      });
      // Listening before the serial is read again: a change in between is heard, not missed.
      const unsubscribe = events.subscribe(job.id, (serial) => {
        if (serial > seq) wake({ result: 'ok', seq: serial });
      });
      const release = () => wake({ result: 'timeout' });
      held.add(release);
      let timer: ReturnType<typeof setTimeout> | undefined;
      options.signal.addEventListener('abort', release, { once: true });
      try {
        const current = await repos.jobs.findById(job.id);
        const serial = Number(current?.serial ?? job.serial);
        if (serial > seq) wake({ result: 'ok', seq: serial });
        // The hold counts from the serial's reading, so a serial already past seq answers ok
        // even with a hold shorter than the read.
        timer = setTimeout(release, options.holdMs);
        return await answer;
      } finally {
        clearTimeout(timer);
        unsubscribe();
        held.delete(release);
        options.signal.removeEventListener('abort', release);
      }
    },

    /** Answers every held poll with a timeout (the server is stopping; clients poll again). */
    releaseAll(): void {
      for (const release of [...held]) release();
    },

    heldCount: () => held.size,
  };
}

export type JobFeedService = ReturnType<typeof createJobFeedService>;
