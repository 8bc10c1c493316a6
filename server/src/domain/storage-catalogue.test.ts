import { describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_PRODUCTS, parseStorageProducts, periodEnd } from './storage-catalogue';

describe('storage catalogue', () => {
  it('reads the default catalogue: three sizes, each monthly and yearly', () => {
    const { products, problems } = parseStorageProducts(DEFAULT_STORAGE_PRODUCTS);
    expect(problems).toEqual([]);
    expect(products.map((p) => `${p.sizeGib}/${p.period}`)).toEqual([
      '100/monthly',
      '100/yearly',
      '500/monthly',
      '500/yearly',
      '2000/monthly',
      '2000/yearly',
    ]);
  });

  it('keeps a provider price id and upper-cases the currency', () => {
    const { products } = parseStorageProducts('big:1000:12345:sek:yearly:price_123');
    expect(products).toEqual([
      {
        id: 'big',
        sizeGib: 1000,
        price: 12345,
        currency: 'SEK',
        period: 'yearly',
        providerPriceId: 'price_123',
      },
    ]);
  });

  it('reports every bad entry', () => {
    const { problems } = parseStorageProducts(
      'a:0:1:NOK:monthly,b:1:1.5:NOK:monthly,c:1:1:NO:monthly,d:1:1:NOK:weekly,e:1:1:NOK:monthly,e:2:1:NOK:monthly',
    );
    expect(problems).toHaveLength(5);
    expect(problems[0]).toContain('size');
    expect(problems[1]).toContain('price');
    expect(problems[2]).toContain('currency');
    expect(problems[3]).toContain('period');
    expect(problems[4]).toContain('twice');
    expect(parseStorageProducts(' , ').problems).toEqual(['STORAGE_PRODUCTS names no product']);
  });

  it('ends a month at the same day next month, or the last day of a shorter month', () => {
    expect(new Date(periodEnd(Date.UTC(2026, 0, 15), 'monthly')).toISOString()).toBe(
      '2026-02-15T00:00:00.000Z',
    );
    expect(new Date(periodEnd(Date.UTC(2026, 0, 31), 'monthly')).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
    expect(new Date(periodEnd(Date.UTC(2028, 1, 29), 'yearly')).toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });
});
