/** A request whose outcome the page shows (account.md §4 "Data request and account deletion"). */
export type ServerRequestStatus = 'NOT_STARTED' | 'PENDING_SERVER' | 'SUCCEEDED' | 'FAILED';

export type ServerRequestAction =
  | { type: 'started' }
  | { type: 'succeeded' }
  | { type: 'failed' }
  | { type: 'reset' };

export function serverRequestReducer(
  state: ServerRequestStatus,
  action: ServerRequestAction,
): ServerRequestStatus {
  switch (action.type) {
    case 'started':
      // One request at a time: a second press while one is on its way does nothing.
      return state === 'PENDING_SERVER' ? state : 'PENDING_SERVER';
    case 'succeeded':
      return state === 'PENDING_SERVER' ? 'SUCCEEDED' : state;
    case 'failed':
      return state === 'PENDING_SERVER' ? 'FAILED' : state;
    case 'reset':
      return 'NOT_STARTED';
  }
}
