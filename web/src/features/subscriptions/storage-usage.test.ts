import { GIB } from '@nordlys/contract/constants';
import type { UserGrant } from '@nordlys/contract/subscription';
import { describe, expect, it } from 'vitest';
import {
  currentPlanGrant,
  isUnlimited,
  meterFill,
  otherGrantsBytes,
  sourceKey,
  splitGrants,
  storageWarning,
} from './storage-usage';

const grant = (id: string, source: string, size: number, extra: Partial<UserGrant> = {}): UserGrant => ({
  id,
  source,
  size,
  renews_at: null,
  expires_at: null,
  stripe_product_id: null,
  _links: {},
  ...extra,
});

describe('storage usage', () => {
  it('fills at least 5 % when anything is stored, nothing when empty, at most 100', () => {
    expect(meterFill(0, 100 * GIB)).toBe(0);
    expect(meterFill(1, 100 * GIB)).toBe(5);
    expect(meterFill(50 * GIB, 100 * GIB)).toBe(50);
    expect(meterFill(150 * GIB, 100 * GIB)).toBe(100);
    expect(meterFill(1, 0)).toBe(100);
  });

  it('warns over 80 % and over 95 %', () => {
    expect(storageWarning(80 * GIB, 100 * GIB)).toBeNull();
    expect(storageWarning(81 * GIB, 100 * GIB)).toBe('over80');
    expect(storageWarning(95 * GIB, 100 * GIB)).toBe('over80');
    expect(storageWarning(96 * GIB, 100 * GIB)).toBe('over95');
    expect(storageWarning(1, 0)).toBeNull();
  });

  it('treats 1024^3 × 1e6 bytes and more as unlimited, without warnings', () => {
    expect(isUnlimited(GIB * 1e6)).toBe(true);
    expect(isUnlimited(GIB * 1e6 - 1)).toBe(false);
    expect(storageWarning(GIB * 1e6, GIB * 1e6)).toBeNull();
  });

  it('names sources as users see them', () => {
    expect(
      ['nordlys', 'b2b', 'stripe', 'apple', 'android', 'legacy_web', 'customer_service', 'capture'].map(
        sourceKey,
      ),
    ).toEqual([
      'product',
      'business',
      'web',
      'appleStore',
      'googlePlay',
      'oldWebStore',
      'customerService',
      'other',
    ]);
  });

  it('lists business grants of 1000 GiB or more apart', () => {
    const big = grant('a', 'b2b', 1000);
    const small = grant('b', 'b2b', 999);
    expect(splitGrants([big, small])).toEqual({ business: [big], others: [small] });
  });

  it('counts the storage kept beside the renewing subscription', () => {
    const plan = grant('p', 'stripe', 100, {
      stripe_product_id: 's100m',
      _links: { cancel: { href: '/x' } },
    });
    const cancelled = grant('c', 'stripe', 500, {
      stripe_product_id: 's500m',
      _links: { reactivate: { href: '/y' } },
    });
    const free = grant('f', 'nordlys', 15);
    const grants = [free, cancelled, plan];
    expect(currentPlanGrant(grants)).toBe(plan);
    expect(otherGrantsBytes(grants, plan)).toBe(515 * GIB);
    expect(otherGrantsBytes(grants, null)).toBe(615 * GIB);
  });
});
