/**
 * account.md §4 Subscription wizard: WELCOME → SUB (choose a plan) → STRIPE (payment) and back;
 * WELCOME → NOSUB (a warning: 'subscribe' goes to the plan step, 'go back' to WELCOME). A
 * purchase that succeeds or fails closes it. Terms must be accepted before the payment step, and
 * continuing needs a plan.
 */
export type WizardStep = 'WELCOME' | 'SUB' | 'STRIPE' | 'NOSUB';

export interface WizardState {
  open: boolean;
  step: WizardStep;
  planId: string | null;
  termsAccepted: boolean;
  /** 'You must accept the Terms of Service' is shown. */
  termsError: boolean;
}

export type WizardEvent =
  | { type: 'opened'; step?: WizardStep }
  | { type: 'subscribeChosen' }
  | { type: 'declined' }
  | { type: 'back' }
  | { type: 'planPicked'; planId: string }
  | { type: 'termsToggled'; accepted: boolean }
  | { type: 'continued' }
  | { type: 'finished' };

export const CLOSED_WIZARD: WizardState = {
  open: false,
  step: 'WELCOME',
  planId: null,
  termsAccepted: false,
  termsError: false,
};

/** Whether the plan step's continue button is enabled (account.md §5). */
export const canContinue = (state: WizardState): boolean => state.step === 'SUB' && state.planId !== null;

export function wizardReducer(state: WizardState, event: WizardEvent): WizardState {
  switch (event.type) {
    case 'opened':
      return { ...CLOSED_WIZARD, open: true, step: event.step ?? 'WELCOME' };
    case 'subscribeChosen':
      return state.step === 'WELCOME' || state.step === 'NOSUB' ? { ...state, step: 'SUB' } : state;
    case 'declined':
      return state.step === 'WELCOME' ? { ...state, step: 'NOSUB' } : state;
    case 'back':
      if (state.step === 'STRIPE') return { ...state, step: 'SUB' };
      if (state.step === 'SUB' || state.step === 'NOSUB') return { ...state, step: 'WELCOME' };
      return state;
    case 'planPicked':
      return state.step === 'SUB' ? { ...state, planId: event.planId } : state;
    case 'termsToggled':
      return { ...state, termsAccepted: event.accepted, termsError: state.termsError && !event.accepted };
    case 'continued':
      if (!canContinue(state)) return state;
      if (!state.termsAccepted) return { ...state, termsError: true };
      return { ...state, step: 'STRIPE', termsError: false };
    case 'finished':
      return CLOSED_WIZARD;
  }
}
