/**
 * core.md §4 Comment user action, per comment: PENDING_USER (editing, or asked to confirm a
 * delete), PENDING_SERVER, SERVER_ERROR, each for EDIT and DELETE. An edit failure restores the
 * original text; cancelling a delete clears the status.
 */
export type UserActionStatus =
  | 'PENDING_USER__EDIT'
  | 'PENDING_SERVER__EDIT'
  | 'SERVER_ERROR__EDIT'
  | 'PENDING_USER__DELETE'
  | 'PENDING_SERVER__DELETE'
  | 'SERVER_ERROR__DELETE';

export interface CommentView {
  commentUUID: string;
  comment: string;
  /** The text before an edit started, restored if the edit fails. */
  originalComment?: string;
  userActionStatus?: UserActionStatus;
}

export type UserAction =
  | { type: 'editStarted' }
  | { type: 'editTyped'; text: string }
  | { type: 'editSubmitted' }
  | { type: 'editSucceeded'; comment: string }
  | { type: 'editFailed' }
  | { type: 'editCancelled' }
  | { type: 'deleteAsked' }
  | { type: 'deleteConfirmed' }
  | { type: 'deleteCancelled' }
  | { type: 'deleteFailed' };

const cleared = <T extends CommentView>(view: T): T => {
  const { originalComment: _original, userActionStatus: _status, ...rest } = view;
  return rest as T;
};

export function userActionReducer<T extends CommentView>(view: T, action: UserAction): T {
  switch (action.type) {
    case 'editStarted':
      return { ...view, originalComment: view.comment, userActionStatus: 'PENDING_USER__EDIT' };
    case 'editTyped':
      return view.userActionStatus === 'PENDING_USER__EDIT' ? { ...view, comment: action.text } : view;
    case 'editSubmitted':
      // core.md §5: an edited comment is submitted only when non-empty.
      if (view.userActionStatus !== 'PENDING_USER__EDIT' || view.comment.trim() === '') return view;
      return { ...view, userActionStatus: 'PENDING_SERVER__EDIT' };
    case 'editSucceeded':
      return { ...cleared(view), comment: action.comment };
    case 'editFailed':
      return {
        ...view,
        comment: view.originalComment ?? view.comment,
        userActionStatus: 'SERVER_ERROR__EDIT',
      };
    case 'editCancelled':
      return { ...cleared(view), comment: view.originalComment ?? view.comment };
    case 'deleteAsked':
      return { ...view, userActionStatus: 'PENDING_USER__DELETE' };
    case 'deleteConfirmed':
      return view.userActionStatus === 'PENDING_USER__DELETE'
        ? { ...view, userActionStatus: 'PENDING_SERVER__DELETE' }
        : view;
    case 'deleteCancelled':
      return cleared(view);
    case 'deleteFailed':
      return { ...view, userActionStatus: 'SERVER_ERROR__DELETE' };
  }
}
