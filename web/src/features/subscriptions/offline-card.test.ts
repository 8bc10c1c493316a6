import { describe, expect, it } from 'vitest';
import { parseOfflineCard } from './offline-card';

describe('offline card form', () => {
  it('reads a complete card, the year of MM/YY in this century', () => {
    expect(parseOfflineCard({ number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' })).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    expect(
      parseOfflineCard({ number: '4242-4242-4242-4242', expiry: '1 / 2031', cvc: '1234' })?.exp_year,
    ).toBe(2031);
  });

  it('is incomplete without a whole number, a real month or a CVC', () => {
    expect(parseOfflineCard({ number: '4242 4242', expiry: '12/30', cvc: '123' })).toBeNull();
    expect(parseOfflineCard({ number: '4242424242424242', expiry: '13/30', cvc: '123' })).toBeNull();
    expect(parseOfflineCard({ number: '4242424242424242', expiry: '12/30', cvc: '12' })).toBeNull();
  });
});
