/** The e-mail unsubscribe page (account.md §4): entry → loading → unsubscribed, or entry → saved on Stay. */
/** 'invalid': the link's identifier is unknown to the server (mistyped, cut short or made up). */
export type UnsubscribeView = 'checking' | 'invalid' | 'entry' | 'loading' | 'unsubscribed' | 'saved';
export type UnsubscribeChoice = 'stay' | 'unsubscribe';

export interface UnsubscribeState {
  view: UnsubscribeView;
  choice: UnsubscribeChoice;
  /** What the server had when the page opened; null until known. */
  subscribed: boolean | null;
  /** Thrown to the error boundary by the page (the spec's messages). */
  error: Error | null;
}

export type UnsubscribeAction =
  | { type: 'checked'; subscribed: boolean }
  | { type: 'linkInvalid' }
  | { type: 'choiceChanged'; choice: UnsubscribeChoice }
  | { type: 'submitted'; choice: UnsubscribeChoice }
  | { type: 'succeeded' }
  | { type: 'failed'; error: Error };

export const initialUnsubscribe: UnsubscribeState = {
  view: 'checking',
  choice: 'unsubscribe',
  subscribed: null,
  error: null,
};

export function unsubscribeReducer(state: UnsubscribeState, action: UnsubscribeAction): UnsubscribeState {
  switch (action.type) {
    case 'checked':
      // The link was followed to unsubscribe: that is the choice offered first.
      return state.view === 'checking' ? { ...state, view: 'entry', subscribed: action.subscribed } : state;
    case 'linkInvalid':
      return state.view === 'checking' ? { ...state, view: 'invalid' } : state;
    case 'choiceChanged':
      return state.view === 'entry' ? { ...state, choice: action.choice } : state;
    case 'submitted':
      return state.view === 'entry' ? { ...state, view: 'loading', choice: action.choice } : state;
    case 'succeeded':
      if (state.view !== 'loading') return state;
      return { ...state, view: state.choice === 'stay' ? 'saved' : 'unsubscribed' };
    case 'failed':
      return { ...state, error: action.error };
  }
}

/** account.md §8: a refusal and a request that got no answer each throw their own message. */
export const UNSUBSCRIBE_CHANGE_FAILED = 'Failed to change email subscribe settings';
export const UNSUBSCRIBE_REQUEST_FAILED = 'Request to server failed';
