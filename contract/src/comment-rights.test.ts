import { describe, expect, it } from 'vitest';
import { commentRights, NO_COMMENT_RIGHTS, receivedCommentRights } from './comment-rights';

const owner = { editComment: true, deleteComment: true };
const commenter = { editComment: true, deleteComment: false };
const commentsOff = { editComment: false, deleteComment: false };

describe('commentRights', () => {
  it("lets the album's owner delete anyone's comment but edit only their own", () => {
    expect(commentRights(owner, 'olga', 'guest-1')).toEqual({ canEdit: false, canDelete: true });
    expect(commentRights(owner, 'olga', 'olga')).toEqual({ canEdit: true, canDelete: true });
  });

  it('lets an author edit and delete their own, and nobody else’s', () => {
    expect(commentRights(commenter, 'per', 'per')).toEqual({ canEdit: true, canDelete: true });
    expect(commentRights(commenter, 'per', 'olga')).toEqual(NO_COMMENT_RIGHTS);
  });

  it('lets an author delete but not edit once comments are turned off', () => {
    expect(commentRights(commentsOff, 'per', 'per')).toEqual({ canEdit: false, canDelete: true });
  });

  it('gives a visitor without a name nothing, even on a comment without an author id', () => {
    expect(commentRights(commentsOff, null, 'guest-1')).toEqual(NO_COMMENT_RIGHTS);
    expect(commentRights(commenter, null, '')).toEqual(NO_COMMENT_RIGHTS);
  });
});

describe('receivedCommentRights', () => {
  it('takes what the server sent with the change over what it sent before', () => {
    const known = { canEdit: true, canDelete: true };
    expect(receivedCommentRights({ canEdit: false, canDelete: true }, known)).toEqual({
      canEdit: false,
      canDelete: true,
    });
  });

  it('keeps what the server sent before when the change carries no rights', () => {
    expect(receivedCommentRights(undefined, { canEdit: false, canDelete: true })).toEqual({
      canEdit: false,
      canDelete: true,
    });
  });

  it('grants nothing for a comment the server has not given rights for', () => {
    expect(receivedCommentRights(undefined, undefined)).toEqual(NO_COMMENT_RIGHTS);
    expect(receivedCommentRights({}, undefined)).toEqual(NO_COMMENT_RIGHTS);
  });
});
