import { commentRights } from '@nordlys/contract/comment-rights';
import { CHANGE_COMMENT, type CommentChangeFields } from '@nordlys/contract/job-changes';
import type { JobChange } from '@nordlys/contract/timeline';
import { currentUserCan } from '../domain/album-access';
import type { JobAccess } from './access.service';

const isLiveComment = (change: JobChange) =>
  change.type === CHANGE_COMMENT && typeof change.fields.comment === 'string' && change.fields.comment !== '';

/**
 * A stored comment change says what happened, the same for every reader; what the reader may
 * do with the comment depends on who reads. Each live comment in the page gets the caller's
 * rights on it, from the rule the comment replies use, so a comment that arrives live offers the
 * same actions as one listed after a reload. The rights come from the request's own grant.
 */
export async function withCommentRights(grant: JobAccess, changes: JobChange[]): Promise<JobChange[]> {
  const { job } = grant;
  // Comments live on albums; an album in the trash offers nothing to act on.
  if (job.type !== 'story' || job.deleted_at != null || !changes.some(isLiveComment)) return changes;
  const access = await grant.album();
  const can = currentUserCan(access.role, access.facts, access.caller, access.standing);
  const callerId = access.caller.userId ?? access.guest?.id ?? null;
  return changes.map((change) => {
    if (!isLiveComment(change)) return change;
    const fields = change.fields as unknown as CommentChangeFields;
    const rights = commentRights(can, callerId, fields.author?.uuid ?? '');
    return { ...change, fields: { ...change.fields, ...rights } };
  });
}
