import type { Comment } from '@nordlys/contract/comment';
import { describe, expect, it } from 'vitest';
import {
  canSubmit,
  initialSubmission,
  type SubmissionState,
  submissionReducer,
} from './comment-submission.reducer';
import { type CommentView, userActionReducer } from './comment-user-action.reducer';
import { type FileCommentsState, fileCommentsReducer, initialFileComments } from './file-comments.reducer';

const typed = (text: string, status: SubmissionState['status'] = 'NOT_YET_SUBMITTED'): SubmissionState => ({
  status,
  text,
});

describe('comment submission', () => {
  it('typing fills the field', () => {
    expect(submissionReducer(initialSubmission, { type: 'typed', text: 'hei' })).toEqual(typed('hei'));
  });
  it('submit: NOT_YET_SUBMITTED → PENDING, only when non-empty', () => {
    expect(submissionReducer(typed('hei'), { type: 'submitted' })).toEqual(typed('hei', 'PENDING'));
    expect(submissionReducer(typed('   '), { type: 'submitted' })).toEqual(typed('   '));
    expect(canSubmit(typed(' \n'))).toBe(false);
  });
  it('the field is read-only while pending', () => {
    expect(submissionReducer(typed('hei', 'PENDING'), { type: 'typed', text: 'x' })).toEqual(
      typed('hei', 'PENDING'),
    );
    expect(canSubmit(typed('hei', 'PENDING'))).toBe(false);
  });
  it('success: back to NOT_YET_SUBMITTED with the field cleared', () => {
    expect(submissionReducer(typed('hei', 'PENDING'), { type: 'succeeded' })).toEqual(initialSubmission);
  });
  it('failure: ERROR, the text kept', () => {
    expect(submissionReducer(typed('hei', 'PENDING'), { type: 'failed' })).toEqual(typed('hei', 'ERROR'));
  });
  it('abort: back to NOT_YET_SUBMITTED', () => {
    expect(submissionReducer(typed('hei', 'PENDING'), { type: 'aborted' })).toEqual(typed('hei'));
  });
  it('typing after an error clears the error', () => {
    expect(submissionReducer(typed('hei', 'ERROR'), { type: 'typed', text: 'hei!' })).toEqual(typed('hei!'));
  });
});

const view: CommentView = { commentUUID: 'c1', comment: 'original' };

describe('comment user action', () => {
  it('edit started: PENDING_USER__EDIT, the original kept', () => {
    expect(userActionReducer(view, { type: 'editStarted' })).toEqual({
      ...view,
      originalComment: 'original',
      userActionStatus: 'PENDING_USER__EDIT',
    });
  });
  it('edit submitted: PENDING_SERVER__EDIT, only when non-empty', () => {
    const editing = userActionReducer(userActionReducer(view, { type: 'editStarted' }), {
      type: 'editTyped',
      text: 'new',
    });
    expect(userActionReducer(editing, { type: 'editSubmitted' }).userActionStatus).toBe(
      'PENDING_SERVER__EDIT',
    );
    const blank = userActionReducer(editing, { type: 'editTyped', text: ' ' });
    expect(userActionReducer(blank, { type: 'editSubmitted' }).userActionStatus).toBe('PENDING_USER__EDIT');
  });
  it('edit succeeded: the new text, the status cleared', () => {
    const pending: CommentView = {
      ...view,
      comment: 'new',
      originalComment: 'original',
      userActionStatus: 'PENDING_SERVER__EDIT',
    };
    expect(userActionReducer(pending, { type: 'editSucceeded', comment: 'new' })).toEqual({
      commentUUID: 'c1',
      comment: 'new',
    });
  });
  it('edit failed: SERVER_ERROR__EDIT and the original text restored', () => {
    const pending: CommentView = {
      ...view,
      comment: 'new',
      originalComment: 'original',
      userActionStatus: 'PENDING_SERVER__EDIT',
    };
    expect(userActionReducer(pending, { type: 'editFailed' })).toMatchObject({
      comment: 'original',
      userActionStatus: 'SERVER_ERROR__EDIT',
    });
  });
  it('edit cancelled: the original text, no status', () => {
    const editing: CommentView = {
      ...view,
      comment: 'half',
      originalComment: 'original',
      userActionStatus: 'PENDING_USER__EDIT',
    };
    expect(userActionReducer(editing, { type: 'editCancelled' })).toEqual(view);
  });
  it('delete asked, confirmed, failed', () => {
    const asked = userActionReducer(view, { type: 'deleteAsked' });
    expect(asked.userActionStatus).toBe('PENDING_USER__DELETE');
    const confirmed = userActionReducer(asked, { type: 'deleteConfirmed' });
    expect(confirmed.userActionStatus).toBe('PENDING_SERVER__DELETE');
    expect(userActionReducer(confirmed, { type: 'deleteFailed' }).userActionStatus).toBe(
      'SERVER_ERROR__DELETE',
    );
  });
  it('cancelling a delete clears the status', () => {
    expect(
      userActionReducer(userActionReducer(view, { type: 'deleteAsked' }), { type: 'deleteCancelled' }),
    ).toEqual(view);
  });
});

const comment = (id: string, text: string, author = 'u1'): Comment => ({
  commentUUID: id,
  fileID: 'f',
  comment: text,
  author: { uuid: author, name: 'Ann', guest: false },
  timestamp: 1,
  lastEditTimestamp: null,
  edited: false,
  canEdit: author === 'me',
  canDelete: author === 'me',
});
const ready = (patch: Partial<FileCommentsState> = {}): FileCommentsState => ({
  ...initialFileComments,
  status: 'ready',
  me: 'me',
  ...patch,
});

describe('the file comments view', () => {
  it('loads comments and loves', () => {
    const state = fileCommentsReducer(initialFileComments, {
      type: 'loaded',
      data: {
        fileID: 'f',
        comments: [comment('a', 'x')],
        loves: { fileID: 'f', count: 2, mine: true },
        serial: 3,
      },
      me: 'me',
    });
    expect(state).toMatchObject({ status: 'ready', loves: { count: 2, mine: true }, me: 'me' });
    expect(state.comments).toHaveLength(1);
  });
  it('a comment set in the feed is added, an edit replaces, an empty comment removes', () => {
    let state = fileCommentsReducer(ready(), {
      type: 'commentChanged',
      id: 'a',
      fields: { fileID: 'f', comment: 'hi', author: { uuid: 'u1', name: 'Ann', guest: false }, timestamp: 5 },
    });
    expect(state.comments.map((c) => [c.comment, c.canEdit])).toEqual([['hi', false]]);
    state = fileCommentsReducer(state, {
      type: 'commentChanged',
      id: 'a',
      fields: { fileID: 'f', comment: 'hello', lastEditTimestamp: 9 },
    });
    expect(state.comments.map((c) => [c.comment, c.edited])).toEqual([['hello', true]]);
    state = fileCommentsReducer(state, {
      type: 'commentChanged',
      id: 'a',
      fields: { fileID: 'f', comment: '' },
    });
    expect(state.comments).toEqual([]);
  });
  it("takes a live comment's rights from the server: the owner may delete a visitor's comment", () => {
    const guestAuthor = { uuid: 'guest-1', name: 'Gunnar', guest: true };
    let state = fileCommentsReducer(ready({ me: 'owner' }), {
      type: 'commentChanged',
      id: 'g',
      fields: {
        fileID: 'f',
        comment: 'hei',
        author: guestAuthor,
        timestamp: 5,
        canEdit: false,
        canDelete: true,
      },
    });
    expect(state.comments.map((c) => [c.canEdit, c.canDelete])).toEqual([[false, true]]);
    // An edit heard later keeps the rights the server gave, and takes newer ones when sent.
    state = fileCommentsReducer(state, {
      type: 'commentChanged',
      id: 'g',
      fields: { fileID: 'f', comment: 'hei!', lastEditTimestamp: 9 },
    });
    expect(state.comments.map((c) => [c.comment, c.canEdit, c.canDelete])).toEqual([['hei!', false, true]]);
  });
  it("never guesses rights from the author: the reader's own comment without rights offers nothing", () => {
    const state = fileCommentsReducer(ready(), {
      type: 'commentChanged',
      id: 'm',
      fields: {
        fileID: 'f',
        comment: 'mine',
        author: { uuid: 'me', name: 'Me', guest: false },
        timestamp: 5,
      },
    });
    expect(state.comments.map((c) => [c.canEdit, c.canDelete])).toEqual([[false, false]]);
  });
  it('love: counted at once, settled by the answer, reverted on failure', () => {
    const loving = fileCommentsReducer(ready(), { type: 'loveRequested', love: true });
    expect(loving).toMatchObject({ pendingReaction: 'love', loves: { count: 1, mine: true } });
    expect(fileCommentsReducer(loving, { type: 'loveSettled', count: 4, mine: true })).toMatchObject({
      pendingReaction: null,
      loves: { count: 4, mine: true },
    });
    expect(fileCommentsReducer(loving, { type: 'loveFailed' })).toMatchObject({
      pendingReaction: null,
      loves: { count: 0, mine: false },
    });
  });
  it('unlove is immediate and reverted on failure', () => {
    const unloving = fileCommentsReducer(ready({ loves: { count: 2, mine: true } }), {
      type: 'loveRequested',
      love: false,
    });
    expect(unloving).toMatchObject({ pendingReaction: 'unlove', loves: { count: 1, mine: false } });
    expect(fileCommentsReducer(unloving, { type: 'loveFailed' }).loves).toEqual({ count: 2, mine: true });
  });
  it("another reader's love in the feed updates the count", () => {
    const state = fileCommentsReducer(ready(), {
      type: 'reactionChanged',
      fields: { fileID: 'f', user: 'other', reaction: 'love', count: 1 },
    });
    expect(state.loves).toEqual({ count: 1, mine: false });
  });
});
