import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import {
  type CardSetupCalls,
  ConfirmSetupError,
  confirmSetupFailure,
  declinedChargeReason,
  setUpCard,
} from './card-setup';

const card = { brand: 'visa', last4: '4242', exp_month: 1, exp_year: 2030 };
const refused = (status: number, reason?: string) =>
  new ApiError({ status, statusText: 'x', body: reason ? { error: reason } : undefined, url: '/x' });

function calls(existsStatus: number | null, log: string[]): CardSetupCalls {
  return {
    customerExists: async () => {
      log.push('exists');
      if (existsStatus !== null) throw refused(existsStatus);
    },
    createCustomer: async (c) => {
      log.push(`create ${c.name} ${c.email}`);
    },
    createSetupIntent: async () => {
      log.push('intent');
      return { id: 'seti_1', client_secret: 'seti_1_secret' };
    },
    finishSetupIntent: async (id) => {
      log.push(`finish ${id}`);
      return card;
    },
  };
}

describe('card set-up', () => {
  it('creates a missing customer, named by e-mail when the name is empty, then confirms and finishes', async () => {
    const log: string[] = [];
    const confirmed: string[] = [];
    const outcome = await setUpCard(
      calls(404, log),
      { name: ' ', email: 'k@example.com' },
      async (secret) => {
        confirmed.push(secret);
      },
    );
    expect(outcome).toEqual({ kind: 'saved', card });
    expect(log).toEqual(['exists', 'create k@example.com k@example.com', 'intent', 'finish seti_1']);
    expect(confirmed).toEqual(['seti_1_secret']);
  });

  it('uses an existing customer', async () => {
    const log: string[] = [];
    await setUpCard(calls(null, log), { name: 'Kari', email: 'k@example.com' }, async () => {});
    expect(log).toEqual(['exists', 'intent', 'finish seti_1']);
  });

  it('stops on 409', async () => {
    const log: string[] = [];
    expect(await setUpCard(calls(409, log), { name: 'K', email: 'k@example.com' }, async () => {})).toEqual({
      kind: 'stopped',
    });
    expect(log).toEqual(['exists']);
  });

  it('does not finish when the card form fails', async () => {
    const log: string[] = [];
    const failing = setUpCard(calls(null, log), { name: 'K', email: 'k@example.com' }, async () => {
      throw new ConfirmSetupError('Your card was declined.');
    });
    await expect(failing).rejects.toThrow('Confirm setup intent failed: Your card was declined.');
    expect(log).toEqual(['exists', 'intent']);
  });

  it('reads a card the provider refused as the spec text with its reason; other failures pass through', () => {
    const declined = confirmSetupFailure(refused(402, 'Your card was declined.'));
    expect(declined).toBeInstanceOf(ConfirmSetupError);
    expect((declined as ConfirmSetupError).message).toBe(
      'Confirm setup intent failed: Your card was declined.',
    );
    expect((declined as ConfirmSetupError).reason).toBe('Your card was declined.');
    expect((confirmSetupFailure(refused(400, 'Your card number is invalid.')) as Error).message).toBe(
      'Confirm setup intent failed: Your card number is invalid.',
    );
    const outage = refused(503);
    expect(confirmSetupFailure(outage)).toBe(outage);
    const offline = new TypeError('Failed to fetch');
    expect(confirmSetupFailure(offline)).toBe(offline);
  });

  it('reads a refused charge as its reason, and nothing else as one', () => {
    expect(declinedChargeReason(refused(402, 'Your card has insufficient funds.'))).toBe(
      'Your card has insufficient funds.',
    );
    expect(declinedChargeReason(refused(409, 'PLAN_IS_DOWNGRADE'))).toBeNull();
    expect(declinedChargeReason(new Error('offline'))).toBeNull();
  });
});
