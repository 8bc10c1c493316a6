import { describe, expect, it } from 'vitest';
import {
  CLOSED_WIZARD,
  canContinue,
  type WizardEvent,
  type WizardState,
  wizardReducer,
} from './subscription-wizard.reducer';

const run = (...events: WizardEvent[]) => events.reduce<WizardState>(wizardReducer, CLOSED_WIZARD);
const open = { type: 'opened' } as const;

describe('subscription wizard', () => {
  it('opens on WELCOME, or on the step asked for', () => {
    expect(run(open)).toMatchObject({ open: true, step: 'WELCOME', planId: null });
    expect(run({ type: 'opened', step: 'SUB' }).step).toBe('SUB');
  });

  it('goes WELCOME → SUB → STRIPE and back', () => {
    const atPayment = run(
      open,
      { type: 'subscribeChosen' },
      { type: 'planPicked', planId: 'p' },
      { type: 'termsToggled', accepted: true },
      { type: 'continued' },
    );
    expect(atPayment.step).toBe('STRIPE');
    expect(wizardReducer(atPayment, { type: 'back' }).step).toBe('SUB');
    expect(run(open, { type: 'subscribeChosen' }, { type: 'back' }).step).toBe('WELCOME');
  });

  it('goes WELCOME → NOSUB; subscribe leads to the plans, go back to WELCOME', () => {
    const warned = run(open, { type: 'declined' });
    expect(warned.step).toBe('NOSUB');
    expect(wizardReducer(warned, { type: 'subscribeChosen' }).step).toBe('SUB');
    expect(wizardReducer(warned, { type: 'back' }).step).toBe('WELCOME');
    expect(run(open, { type: 'subscribeChosen' }, { type: 'declined' }).step).toBe('SUB');
  });

  it('cannot continue without a plan', () => {
    const atPlans = run(open, { type: 'subscribeChosen' }, { type: 'termsToggled', accepted: true });
    expect(canContinue(atPlans)).toBe(false);
    expect(wizardReducer(atPlans, { type: 'continued' }).step).toBe('SUB');
    expect(canContinue(wizardReducer(atPlans, { type: 'planPicked', planId: 'p' }))).toBe(true);
  });

  it('asks for the terms before the payment step, and forgets the error once accepted', () => {
    const refused = run(
      open,
      { type: 'subscribeChosen' },
      { type: 'planPicked', planId: 'p' },
      { type: 'continued' },
    );
    expect(refused).toMatchObject({ step: 'SUB', termsError: true });
    const accepted = wizardReducer(refused, { type: 'termsToggled', accepted: true });
    expect(accepted.termsError).toBe(false);
    expect(wizardReducer(accepted, { type: 'continued' }).step).toBe('STRIPE');
  });

  it('picks plans only on the plan step', () => {
    expect(run(open, { type: 'planPicked', planId: 'p' }).planId).toBeNull();
  });

  it('closes when the purchase succeeds or fails', () => {
    expect(run(open, { type: 'subscribeChosen' }, { type: 'finished' })).toEqual(CLOSED_WIZARD);
  });
});
