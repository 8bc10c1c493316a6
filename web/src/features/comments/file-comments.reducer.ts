import type { Comment, FileComments } from '@nordlys/contract/comment';
import { receivedCommentRights } from '@nordlys/contract/comment-rights';
import type { CommentChangeFields, ReactionChangeFields } from '@nordlys/contract/job-changes';
import { type CommentView, type UserAction, userActionReducer } from './comment-user-action.reducer';

export type ShownComment = Comment & CommentView;

/** The comments and loves of one file as the page shows them, kept current by the change feed. */
export interface FileCommentsState {
  status: 'loading' | 'ready' | 'failed';
  comments: ShownComment[];
  loves: { count: number; mine: boolean };
  /** A love being registered (after the heart's animation) or taken back; reverted on failure. */
  pendingReaction: 'love' | 'unlove' | null;
  /** The caller's own id (user or guest), to tell their love among the feed's reactions. */
  me: string | null;
}

export type FileCommentsAction =
  | { type: 'loaded'; data: FileComments; me: string | null }
  | { type: 'loadFailed' }
  | { type: 'posted'; comment: Comment }
  | { type: 'commentChanged'; id: string; fields: CommentChangeFields }
  | { type: 'userAction'; id: string; action: UserAction }
  | { type: 'removed'; id: string }
  | { type: 'reactionChanged'; fields: ReactionChangeFields }
  | { type: 'loveRequested'; love: boolean }
  | { type: 'loveSettled'; count: number; mine: boolean }
  | { type: 'loveFailed' };

export const initialFileComments: FileCommentsState = {
  status: 'loading',
  comments: [],
  loves: { count: 0, mine: false },
  pendingReaction: null,
  me: null,
};

function upsert(comments: ShownComment[], next: Comment): ShownComment[] {
  const index = comments.findIndex((c) => c.commentUUID === next.commentUUID);
  if (index === -1) return [...comments, next];
  const copy = [...comments];
  copy[index] = { ...comments[index], ...next } as ShownComment;
  return copy;
}

export function fileCommentsReducer(state: FileCommentsState, action: FileCommentsAction): FileCommentsState {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        status: 'ready',
        comments: action.data.comments,
        loves: { count: action.data.loves.count, mine: action.data.loves.mine },
        me: action.me,
      };
    case 'loadFailed':
      return { ...state, status: 'failed' };
    case 'posted':
      return { ...state, comments: upsert(state.comments, action.comment) };
    case 'commentChanged': {
      const { fields } = action;
      // core.md §4: an empty comment means deleted.
      if (fields.comment === '') return fileCommentsReducer(state, { type: 'removed', id: action.id });
      const known = state.comments.find((c) => c.commentUUID === action.id);
      // A comment being edited here keeps the text being typed.
      if (known?.userActionStatus === 'PENDING_USER__EDIT') return state;
      const author = fields.author ?? known?.author ?? { uuid: '', name: '', guest: false };
      const next: Comment = {
        commentUUID: action.id,
        fileID: fields.fileID,
        comment: fields.comment,
        author,
        timestamp: fields.timestamp ?? known?.timestamp ?? Date.now(),
        lastEditTimestamp: fields.lastEditTimestamp ?? null,
        edited: fields.lastEditTimestamp != null,
        // The reader's rights come with the change from the server, never from who wrote it.
        ...receivedCommentRights(fields, known),
      };
      return { ...state, comments: upsert(state.comments, next) };
    }
    case 'userAction':
      return {
        ...state,
        comments: state.comments.map((c) =>
          c.commentUUID === action.id ? userActionReducer(c, action.action) : c,
        ),
      };
    case 'removed':
      return { ...state, comments: state.comments.filter((c) => c.commentUUID !== action.id) };
    case 'reactionChanged': {
      const { fields } = action;
      const mine = fields.user === state.me ? fields.reaction !== '' : state.loves.mine;
      // Our own pending change is settled by its answer, not by its echo in the feed.
      if (state.pendingReaction && fields.user === state.me) return state;
      return { ...state, loves: { count: fields.count, mine } };
    }
    case 'loveRequested':
      if (state.pendingReaction || action.love === state.loves.mine) return state;
      return {
        ...state,
        pendingReaction: action.love ? 'love' : 'unlove',
        loves: { count: Math.max(0, state.loves.count + (action.love ? 1 : -1)), mine: action.love },
      };
    case 'loveSettled':
      return { ...state, pendingReaction: null, loves: { count: action.count, mine: action.mine } };
    case 'loveFailed': {
      // Reverted, and the pending entry cleared.
      if (!state.pendingReaction) return state;
      const loved = state.pendingReaction === 'love';
      return {
        ...state,
        pendingReaction: null,
        loves: { count: Math.max(0, state.loves.count + (loved ? -1 : 1)), mine: !loved },
      };
    }
  }
}
