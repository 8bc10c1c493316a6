import { randomUUID } from 'node:crypto';
import { type CurrentUserCan, commentsAllowed } from '@nordlys/contract/album';
import { type Comment, type FileComments, type FileLoves, REACTION_LOVE } from '@nordlys/contract/comment';
import { type CommentRights, commentRights } from '@nordlys/contract/comment-rights';
import type { CommentChangeFields, ReactionChangeFields } from '@nordlys/contract/job-changes';
import { currentUserCan } from '../domain/album-access';
import type { Caller } from '../domain/caller';
import {
  type CommentActor,
  commentText,
  mayAddComment,
  mayEditComment,
  mayLove,
} from '../domain/comment-rules';
import { badRequest, forbidden, notFound } from '../domain/errors';
import { Permission } from '../domain/permission';
import type { RepositoriesOf } from '../store/repositories';
import { ChangeType } from '../store/repositories/change.repository';
import type { CommentRow } from '../store/repositories/comment.repository';
import type { AccessService, AlbumAccess } from './access.service';
import { addComment, addLove, removeComment, removeLove } from './album-bookkeeping';

export interface CommentServiceDeps {
  repos: RepositoriesOf<'comments' | 'reactions' | 'files' | 'users' | 'changes' | 'albums'>;
  access: AccessService;
  clock: () => number;
}

interface Place {
  access: AlbumAccess;
  jobId: string;
  fileId: string;
  actor: CommentActor | null;
  commentsOn: boolean;
  /** The caller's album rights, which their rights on each comment follow from. */
  can: CurrentUserCan;
}

/**
 * Comments and loves on an album's files (core.md §4, §5, §6). Every write bumps the album's
 * serial with its change in the same transaction, so the change feed and long polls see it.
 */
export function createCommentService({ repos, access: { requireAccess }, clock }: CommentServiceDeps) {
  /** The caller's access to a live file of a live album; the read refusals come first. */
  async function place(viewer: Caller, jobIdParam: string, fileId: string): Promise<Place> {
    const access = await requireAccess(viewer, Permission.AlbumFile, { album: jobIdParam, fileId });
    let actor: CommentActor | null = null;
    if (viewer.userId !== null) {
      const user = await repos.users.findById(viewer.userId);
      actor = { id: viewer.userId, name: user?.name ?? '', isGuest: false };
    } else if (access.guest) {
      actor = { id: access.guest.id, name: access.guest.name, isGuest: true };
    }
    return {
      access,
      jobId: access.album.id,
      fileId,
      actor,
      commentsOn: commentsAllowed(access.facts.permissions),
      can: currentUserCan(access.role, access.facts, access.caller, access.standing),
    };
  }

  const rightsOn = (at: Place, row: CommentRow): CommentRights =>
    commentRights(at.can, at.actor?.id ?? null, row.author_id);

  function toComment(row: CommentRow, at: Place): Comment {
    return {
      commentUUID: row.id,
      fileID: row.file_id,
      comment: row.body,
      author: { uuid: row.author_id, name: row.author_name, guest: row.author_is_guest === 1 },
      timestamp: Number(row.created_at),
      lastEditTimestamp: row.edited_at == null ? null : Number(row.edited_at),
      edited: row.edited_at != null,
      ...rightsOn(at, row),
    };
  }

  const commentFields = (row: CommentRow): CommentChangeFields => ({
    fileID: row.file_id,
    comment: row.body,
    author: { uuid: row.author_id, name: row.author_name, guest: row.author_is_guest === 1 },
    timestamp: Number(row.created_at),
    lastEditTimestamp: row.edited_at == null ? null : Number(row.edited_at),
  });

  function requireText(raw: string): string {
    const checked = commentText(raw);
    if ('error' in checked) throw badRequest(checked.error);
    return checked.text;
  }

  async function findComment(at: Place, commentId: string): Promise<CommentRow> {
    const row = await repos.comments.findById(at.jobId, at.fileId, commentId);
    if (!row) throw notFound();
    return row;
  }

  async function loves(at: Place): Promise<FileLoves> {
    const { count, mine } = await repos.reactions.loves(at.jobId, at.fileId, at.actor?.id ?? null);
    return { fileID: at.fileId, count, mine };
  }

  /** Adds or removes the caller's love; a repeat changes nothing and records no change. */
  async function setLove(viewer: Caller, jobIdParam: string, fileId: string, love: boolean) {
    const at = await place(viewer, jobIdParam, fileId);
    const denial = mayLove(at.actor);
    if (denial || !at.actor) throw forbidden(denial ?? undefined);
    const actorId = at.actor.id;
    const now = clock();
    await repos.transaction(async (tx) => {
      const changed = love
        ? await addLove(tx, {
            job_id: at.jobId,
            file_id: fileId,
            actor_id: actorId,
            kind: REACTION_LOVE,
            created_at: now,
          })
        : await removeLove(tx, { jobId: at.jobId, fileId, actorId });
      if (!changed) return;
      const { count } = await tx.reactions.loves(at.jobId, fileId, null);
      const fields: ReactionChangeFields = {
        fileID: fileId,
        user: actorId,
        reaction: love ? REACTION_LOVE : '',
        count,
      };
      await tx.changes.append(at.jobId, {
        type: ChangeType.reaction,
        entityId: fileId,
        fields: { ...fields },
        at: now,
      });
    });
    return loves(at);
  }

  return {
    async list(viewer: Caller, jobIdParam: string, fileId: string): Promise<FileComments> {
      const at = await place(viewer, jobIdParam, fileId);
      const [rows, fileLoves] = await Promise.all([repos.comments.listForFile(at.jobId, fileId), loves(at)]);
      return {
        fileID: fileId,
        comments: rows.map((row) => toComment(row, at)),
        loves: fileLoves,
        serial: Number(at.access.album.serial),
      };
    },

    async add(viewer: Caller, jobIdParam: string, fileId: string, raw: string): Promise<Comment> {
      const at = await place(viewer, jobIdParam, fileId);
      const denial = mayAddComment(at.actor, at.access.role, at.commentsOn);
      if (denial || !at.actor) throw forbidden(denial ?? undefined);
      const body = requireText(raw);
      const now = clock();
      const row: CommentRow = {
        id: randomUUID(),
        job_id: at.jobId,
        file_id: fileId,
        author_id: at.actor.id,
        author_name: at.actor.name,
        author_is_guest: at.actor.isGuest ? 1 : 0,
        body,
        created_at: now,
        edited_at: null,
      };
      await repos.transaction(async (tx) => {
        await addComment(tx, row);
        await tx.changes.append(at.jobId, {
          type: ChangeType.comment,
          entityId: row.id,
          fields: { ...commentFields(row) },
          at: now,
        });
      });
      return toComment(row, at);
    },

    async edit(
      viewer: Caller,
      jobIdParam: string,
      fileId: string,
      commentId: string,
      raw: string,
    ): Promise<Comment> {
      const at = await place(viewer, jobIdParam, fileId);
      const row = await findComment(at, commentId);
      const denial = mayEditComment(at.actor, row.author_id, rightsOn(at, row));
      if (denial) throw forbidden(denial);
      const body = requireText(raw);
      const now = clock();
      const edited: CommentRow = { ...row, body, edited_at: now };
      await repos.transaction(async (tx) => {
        await tx.comments.edit(commentId, body, now);
        await tx.changes.append(at.jobId, {
          type: ChangeType.comment,
          entityId: commentId,
          fields: { ...commentFields(edited) },
          at: now,
        });
      });
      return toComment(edited, at);
    },

    async remove(viewer: Caller, jobIdParam: string, fileId: string, commentId: string): Promise<void> {
      const at = await place(viewer, jobIdParam, fileId);
      const row = await findComment(at, commentId);
      if (!rightsOn(at, row).canDelete) throw forbidden();
      const now = clock();
      await repos.transaction(async (tx) => {
        // Two deletes at once: only the one that removed the row records the change.
        if (!(await removeComment(tx, commentId))) return;
        const fields: CommentChangeFields = { fileID: fileId, comment: '' };
        await tx.changes.append(at.jobId, {
          type: ChangeType.comment,
          entityId: commentId,
          fields: { ...fields },
          at: now,
        });
      });
    },

    love: (viewer: Caller, jobIdParam: string, fileId: string) => setLove(viewer, jobIdParam, fileId, true),
    unlove: (viewer: Caller, jobIdParam: string, fileId: string) =>
      setLove(viewer, jobIdParam, fileId, false),
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
