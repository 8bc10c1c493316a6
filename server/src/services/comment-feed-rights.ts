import { commentRights } from '@nordlys/contract/comment-rights';
import { CHANGE_COMMENT, type CommentChangeFields } from '@nordlys/contract/job-changes';
import type { JobChange } from '@nordlys/contract/timeline';
import { currentUserCan } from '../domain/album-access';
import type { JobRow } from '../store/repositories/job.repository';
import { type Reader, toViewer } from './album-access.service';
import type { JobService } from './job.service';

const isLiveComment = (change: JobChange) =>
  change.type === CHANGE_COMMENT && typeof change.fields.comment === 'string' && change.fields.comment !== '';

/**
 * A stored comment change says what happened, the same for every reader; what the reader may
 * do with the comment depends on who reads. Each live comment in the page gets the caller's
 * rights on it, from the rule the comment replies use, so a comment that arrives live offers the
 * same actions as one listed after a reload.
 */
export async function withCommentRights(
  jobs: Pick<JobService, 'readAlbum'>,
  reader: Reader,
  job: JobRow,
  changes: JobChange[],
): Promise<JobChange[]> {
  // Comments live on albums; an album in the trash offers nothing to act on.
  if (job.type !== 'story' || job.deleted_at != null || !changes.some(isLiveComment)) return changes;
  const access = await jobs.readAlbum(reader, job);
  const can = currentUserCan(access.role, access.facts, access.caller);
  const callerId = toViewer(reader).userId ?? access.guest?.id ?? null;
  return changes.map((change) => {
    if (!isLiveComment(change)) return change;
    const fields = change.fields as unknown as CommentChangeFields;
    const rights = commentRights(can, callerId, fields.author?.uuid ?? '');
    return { ...change, fields: { ...change.fields, ...rights } };
  });
}
