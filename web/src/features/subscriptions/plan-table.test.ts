import { GIB } from '@nordlys/contract/constants';
import type { StripeProduct } from '@nordlys/contract/subscription';
import { describe, expect, it } from 'vitest';
import { formatPrice, type PlanContext, planRows, yearlyPerMonth } from './plan-table';

const product = (id: string, size: number, period: 'monthly' | 'yearly', price = 1000): StripeProduct => ({
  id,
  size,
  period,
  price,
  currency: 'NOK',
});

const CATALOGUE = [
  product('s100m', 100, 'monthly'),
  product('s100y', 100, 'yearly'),
  product('s500m', 500, 'monthly'),
  product('s500y', 500, 'yearly'),
];
const none: PlanContext = {
  selectedId: null,
  activeProductId: null,
  upcomingProductId: null,
  usedBytes: 0,
  otherGrantsBytes: 0,
};
const types = (rows: ReturnType<typeof planRows>) =>
  rows.map((row) => [row.storage, row.monthlyPlan?.type, row.yearlyPlan?.type]);

describe('plan table', () => {
  it('groups by size, largest first, when both periods exist', () => {
    expect(types(planRows(CATALOGUE, none))).toEqual([
      [500, 'available', 'available'],
      [100, 'available', 'available'],
    ]);
  });

  it('keeps each plan a row of its own when only one period is sold', () => {
    const monthly = [
      product('a', 100, 'monthly'),
      product('b', 100, 'monthly'),
      product('c', 200, 'monthly'),
    ];
    expect(planRows(monthly, none).map((row) => [row.storage, row.monthlyPlan?.id, row.yearlyPlan])).toEqual([
      [200, 'c', null],
      [100, 'a', null],
      [100, 'b', null],
    ]);
  });

  it('marks the selected plan', () => {
    expect(types(planRows(CATALOGUE, { ...none, selectedId: 's500y' }))[0]).toEqual([
      500,
      'available',
      'selected',
    ]);
  });

  it('tags the active and upcoming plans', () => {
    const rows = planRows(CATALOGUE, { ...none, activeProductId: 's500m', upcomingProductId: 's100m' });
    expect(rows[0]?.monthlyPlan).toMatchObject({ type: 'active', tag: 'active' });
    expect(rows[1]?.monthlyPlan).toMatchObject({ type: 'upcoming', tag: 'upcoming' });
  });

  it('makes monthly plans unavailable on a yearly subscription', () => {
    const rows = planRows(CATALOGUE, { ...none, activeProductId: 's100y' });
    expect(rows[0]?.monthlyPlan).toMatchObject({ type: 'unavailable', reason: 'PLAN_IS_DOWNGRADE' });
    expect(rows[0]?.yearlyPlan?.type).toBe('available');
  });

  it('makes a plan too small for what is stored unavailable, counting the storage kept besides', () => {
    const context = { ...none, usedBytes: 120 * GIB };
    expect(planRows(CATALOGUE, context)[1]?.monthlyPlan).toMatchObject({
      type: 'unavailable',
      reason: 'INSUFFICIENT_STORAGE_PLAN',
    });
    expect(planRows(CATALOGUE, { ...context, otherGrantsBytes: 20 * GIB })[1]?.monthlyPlan?.type).toBe(
      'available',
    );
  });

  it('formats minor units without decimals when whole, and yearly per month', () => {
    // Intl separates a currency code from the number with a no-break space.
    const price = (minor: number, currency: string) =>
      formatPrice(minor, currency, 'en-US').replace(/\u00a0/g, ' ');
    expect(price(2900, 'NOK')).toBe('NOK 29');
    expect(price(2950, 'EUR')).toBe('€29.50');
    expect(price(yearlyPerMonth(29000), 'NOK')).toBe('NOK 24.17');
    expect(price(yearlyPerMonth(12000), 'NOK')).toBe('NOK 10');
  });
});
