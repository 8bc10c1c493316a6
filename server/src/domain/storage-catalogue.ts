import type { PlanPeriod } from '@nordlys/contract/subscription';

/** A plan of storage for sale: the catalogue entry and, for Stripe, the price it is billed by. */
export interface StorageProduct {
  id: string;
  sizeGib: number;
  /** Minor units. */
  price: number;
  currency: string;
  period: PlanPeriod;
  /** The payment provider's price id (Stripe `price_…`); the offline provider needs none. */
  providerPriceId: string | null;
}

/** Sold when STORAGE_PRODUCTS is not set: three sizes, each monthly and yearly (two months free). */
export const DEFAULT_STORAGE_PRODUCTS =
  'storage-100-monthly:100:2900:NOK:monthly,storage-100-yearly:100:29000:NOK:yearly,' +
  'storage-500-monthly:500:5900:NOK:monthly,storage-500-yearly:500:59000:NOK:yearly,' +
  'storage-2000-monthly:2000:9900:NOK:monthly,storage-2000-yearly:2000:99000:NOK:yearly';

const ID_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * Reads `id:sizeGiB:priceMinorUnits:currency:monthly|yearly[:providerPriceId]`, comma-separated.
 * Every problem is returned, not only the first.
 */
export function parseStorageProducts(text: string): { products: StorageProduct[]; problems: string[] } {
  const products: StorageProduct[] = [];
  const problems: string[] = [];
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) problems.push('STORAGE_PRODUCTS names no product');
  for (const entry of entries) {
    const [id = '', size = '', price = '', currency = '', period = '', priceId, ...rest] = entry.split(':');
    const wrong = (why: string) => problems.push(`STORAGE_PRODUCTS entry "${entry}": ${why}`);
    if (rest.length > 0) wrong('has more than six fields');
    else if (!ID_PATTERN.test(id)) wrong('the id must be 1 to 128 letters, digits, _ . -');
    else if (!(Number(size) > 0)) wrong('the size must be a positive number of GiB');
    else if (!/^[0-9]{1,9}$/.test(price)) wrong('the price must be a whole number of minor units');
    else if (!/^[A-Za-z]{3}$/.test(currency)) wrong('the currency must be a three-letter code');
    else if (period !== 'monthly' && period !== 'yearly') wrong('the period must be monthly or yearly');
    else if (products.some((p) => p.id === id)) wrong('the id is used twice');
    else
      products.push({
        id,
        sizeGib: Number(size),
        price: Number(price),
        currency: currency.toUpperCase(),
        period,
        providerPriceId: priceId || null,
      });
  }
  return { products, problems };
}

/** The end of a period that starts at `start` (epoch ms): one calendar month or year later, UTC. */
export function periodEnd(start: number, period: PlanPeriod): number {
  const date = new Date(start);
  const day = date.getUTCDate();
  if (period === 'yearly') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  // 31 January + 1 month is the last day of February, not 3 March.
  if (date.getUTCDate() !== day) date.setUTCDate(0);
  return date.getTime();
}
