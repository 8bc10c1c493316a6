import { GIB } from '@nordlys/contract/constants';
import {
  type PlanPeriod,
  type PlanRefusal,
  planRefusal,
  type StripeProduct,
} from '@nordlys/contract/subscription';

/** account.md §4: how a plan tile shows and whether it can be clicked. */
export type TileType = 'available' | 'unavailable' | 'selected' | 'active' | 'upcoming';

export interface PlanCell {
  id: string;
  period: PlanPeriod;
  /** Minor units. */
  price: number;
  currency: string;
  type: TileType;
  /** The tag an active or upcoming plan carries. */
  tag: 'active' | 'upcoming' | null;
  /** Why an unavailable plan cannot be chosen. */
  reason: PlanRefusal | null;
}

/** account.md §3 Plan row: one size, its monthly and yearly plans. */
export interface PlanRow {
  storage: number;
  monthlyPlan: PlanCell | null;
  yearlyPlan: PlanCell | null;
}

export interface PlanContext {
  selectedId: string | null;
  /** The plan the current (not cancelled) subscription pays for. */
  activeProductId: string | null;
  upcomingProductId: string | null;
  usedBytes: number;
  /** Storage the account keeps beside its subscription. */
  otherGrantsBytes: number;
}

export function planCell(
  product: StripeProduct,
  products: readonly StripeProduct[],
  context: PlanContext,
): PlanCell {
  const base = { id: product.id, period: product.period, price: product.price, currency: product.currency };
  if (product.id === context.activeProductId) return { ...base, type: 'active', tag: 'active', reason: null };
  if (product.id === context.upcomingProductId)
    return { ...base, type: 'upcoming', tag: 'upcoming', reason: null };
  const active = products.find((p) => p.id === context.activeProductId);
  const reason = planRefusal(product, active ?? null, context.usedBytes, context.otherGrantsBytes);
  if (reason) return { ...base, type: 'unavailable', tag: null, reason };
  return {
    ...base,
    type: product.id === context.selectedId ? 'selected' : 'available',
    tag: null,
    reason: null,
  };
}

/**
 * The plan table (account.md §9): plans are grouped by size into rows only when the catalogue has
 * both monthly and yearly plans; otherwise each plan is a row of its own. Largest first.
 */
export function planRows(products: readonly StripeProduct[], context: PlanContext): PlanRow[] {
  const both = hasBothPeriods(products);
  const rows: PlanRow[] = [];
  for (const product of products) {
    const cell = planCell(product, products, context);
    const row = both ? rows.find((r) => r.storage === product.size) : undefined;
    const target = row ?? { storage: product.size, monthlyPlan: null, yearlyPlan: null };
    if (!row) rows.push(target);
    if (product.period === 'monthly' && !target.monthlyPlan) target.monthlyPlan = cell;
    else if (product.period === 'yearly' && !target.yearlyPlan) target.yearlyPlan = cell;
  }
  return rows.sort((a, b) => b.storage - a.storage);
}

export const hasBothPeriods = (products: readonly StripeProduct[]): boolean =>
  products.some((p) => p.period === 'monthly') && products.some((p) => p.period === 'yearly');

/** Minor units as money: divided by 100, without decimals when whole (account.md §9). */
export function formatPrice(minor: number, currency: string, locale: string): string {
  const value = minor / 100;
  const digits = Number.isInteger(value) ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A yearly price shown per month: price / 12 (account.md §9). */
export const yearlyPerMonth = (minor: number): number => Math.round(minor / 12);

export const sizeBytes = (gib: number): number => gib * GIB;
