import { daysRemaining, REMOVED_SOON_DAYS } from '@nordlys/contract/trash';

/** Anything in the trash: a file or an album, with its deletion time in epoch seconds. */
export interface Deleted {
  dtime: number;
}

/** core.md §2: 5 days or fewer left is 'removed soon', the rest 'permanently deleted soon'. */
export type TrashGroupKey = 'removedSoon' | 'deletedSoon';

export interface TrashEntry<T> {
  item: T;
  /** Whole days left before the purge; 0 reads 'deleted today'. */
  days: number;
}

export interface TrashGroup<T> {
  key: TrashGroupKey;
  entries: TrashEntry<T>[];
}

/** Days left for an item at `nowMs`, from its deletion time (the same rule the server lists with). */
export const daysLeft = (item: Deleted, nowMs: number): number => daysRemaining(item.dtime * 1000, nowMs);

/**
 * The trash in its two groups, 'removed soon' first (it needs attention), each keeping the list's
 * order; an empty group is left out.
 */
export function groupTrash<T extends Deleted>(items: readonly T[], nowMs: number): TrashGroup<T>[] {
  const soon: TrashEntry<T>[] = [];
  const later: TrashEntry<T>[] = [];
  for (const item of items) {
    const days = daysLeft(item, nowMs);
    (days <= REMOVED_SOON_DAYS ? soon : later).push({ item, days });
  }
  const groups: TrashGroup<T>[] = [];
  if (soon.length > 0) groups.push({ key: 'removedSoon', entries: soon });
  if (later.length > 0) groups.push({ key: 'deletedSoon', entries: later });
  return groups;
}

/** The i18n key and count for an item's days left. */
export const daysLabel = (days: number): { key: 'daysLeft' | 'deletedToday'; count: number } =>
  days === 0 ? { key: 'deletedToday', count: 0 } : { key: 'daysLeft', count: days };
