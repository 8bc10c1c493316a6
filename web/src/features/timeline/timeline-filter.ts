import type { FileRecord } from '@nordlys/contract/file';
import type { TimelineFilter as MonthsFilter, RecentCounts, TimelineMonth } from '@nordlys/contract/timeline';

/** core.md §2 timeline filters. */
export const TIMELINE_FILTERS = [
  'all',
  'only_images',
  'only_videos',
  'recents_1',
  'recents_7',
  'recents_30',
] as const;
export type TimelineFilterId = (typeof TIMELINE_FILTERS)[number];
export type RecentsFilter = 'recents_1' | 'recents_7' | 'recents_30';

export const isTimelineFilter = (value: unknown): value is TimelineFilterId =>
  typeof value === 'string' && (TIMELINE_FILTERS as readonly string[]).includes(value);

export const isRecentsFilter = (filter: TimelineFilterId): filter is RecentsFilter =>
  filter.startsWith('recents_');

export const recentsDays = (filter: RecentsFilter): number => Number(filter.slice('recents_'.length));

/**
 * core.md §2: which recents filter to offer first, from the recent counts: 7 days if it has files,
 * else 1, else 30, else 7.
 */
export function defaultRecentsFilter(counts: RecentCounts | null): RecentsFilter {
  if (!counts) return 'recents_7';
  if (counts.recents_7 > 0) return 'recents_7';
  if (counts.recents_1 > 0) return 'recents_1';
  if (counts.recents_30 > 0) return 'recents_30';
  return 'recents_7';
}

/** The months call's filter for a grid filter (recents are listed by upload time instead). */
export const monthsFilterOf = (filter: TimelineFilterId): MonthsFilter =>
  filter === 'only_images' || filter === 'only_videos' ? filter : 'all';

/** The files call's types for a grid filter; documents never show on the timeline. */
export const filesTypesOf = (filter: TimelineFilterId): string =>
  filter === 'only_images' ? 'Pictures' : filter === 'only_videos' ? 'Movies' : 'Pictures,Movies';

/** How many of a month's files the filter shows. */
export function monthCount(month: TimelineMonth, filter: TimelineFilterId): number {
  if (filter === 'only_images') return month.pictures;
  if (filter === 'only_videos') return month.videos;
  return month.pictures + month.videos;
}

export const isVideo = (file: Pick<FileRecord, 'duration' | 'file_type'>): boolean =>
  file.file_type === 'Movies' || file.duration > 0;
