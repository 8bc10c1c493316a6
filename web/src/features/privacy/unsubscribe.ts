/**
 * The e-mail unsubscribe page (account.md §4): entry → loading → unsubscribed on Unsubscribe, or
 * entry → saved on Stay, which saves what the radio says. The radio starts at what the address has
 * now (subscribed: stay), so Stay without a change keeps things as they are.
 */
/** 'invalid': the link's identifier is unknown to the server (mistyped, cut short or made up). */
export type UnsubscribeView = 'checking' | 'invalid' | 'entry' | 'loading' | 'unsubscribed' | 'saved';
export type UnsubscribeChoice = 'stay' | 'unsubscribe';
/** Which button sent the choice: Stay ends in 'saved', Unsubscribe in 'unsubscribed'. */
export type UnsubscribeButton = 'stay' | 'unsubscribe';

export interface UnsubscribeState {
  view: UnsubscribeView;
  choice: UnsubscribeChoice;
  /** The button whose choice is being saved; null until one is pressed. */
  via: UnsubscribeButton | null;
  /** What the server had when the page opened; null until known. */
  subscribed: boolean | null;
  /** Thrown to the error boundary by the page (the spec's messages). */
  error: Error | null;
}

export type UnsubscribeAction =
  | { type: 'checked'; subscribed: boolean }
  | { type: 'linkInvalid' }
  | { type: 'choiceChanged'; choice: UnsubscribeChoice }
  | { type: 'submitted'; choice: UnsubscribeChoice; via: UnsubscribeButton }
  | { type: 'succeeded' }
  | { type: 'failed'; error: Error };

export const initialUnsubscribe: UnsubscribeState = {
  view: 'checking',
  choice: 'stay',
  via: null,
  subscribed: null,
  error: null,
};

export function unsubscribeReducer(state: UnsubscribeState, action: UnsubscribeAction): UnsubscribeState {
  switch (action.type) {
    case 'checked':
      if (state.view !== 'checking') return state;
      return {
        ...state,
        view: 'entry',
        subscribed: action.subscribed,
        choice: action.subscribed ? 'stay' : 'unsubscribe',
      };
    case 'linkInvalid':
      return state.view === 'checking' ? { ...state, view: 'invalid' } : state;
    case 'choiceChanged':
      return state.view === 'entry' ? { ...state, choice: action.choice } : state;
    case 'submitted':
      return state.view === 'entry'
        ? { ...state, view: 'loading', choice: action.choice, via: action.via }
        : state;
    case 'succeeded':
      if (state.view !== 'loading') return state;
      return { ...state, view: state.via === 'stay' ? 'saved' : 'unsubscribed' };
    case 'failed':
      return { ...state, error: action.error };
  }
}

/** account.md §8: a refusal and a request that got no answer each throw their own message. */
export const UNSUBSCRIBE_CHANGE_FAILED = 'Failed to change email subscribe settings';
export const UNSUBSCRIBE_REQUEST_FAILED = 'Request to server failed';

/** What pressing a button saves: Unsubscribe always unsubscribes, Stay saves the radio's choice. */
export const choiceFor = (state: UnsubscribeState, button: UnsubscribeButton): UnsubscribeChoice =>
  button === 'unsubscribe' ? 'unsubscribe' : state.choice;
