import { THUMB_AREAS, type ThumbArea } from '@nordlys/contract/media-links';
import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { HEADER_HEIGHT } from './timeline-layout';

type TileUrls = Pick<TimelineFile, 'thumbURLSmall' | 'thumbURLTile' | 'thumbURLLarge'>;

const URL_OF_AREA: Record<ThumbArea, keyof TileUrls> = {
  256: 'thumbURLSmall',
  512: 'thumbURLTile',
  1280: 'thumbURLLarge',
};

/**
 * The smallest thumbnail that covers a square cell of `cellPx` CSS pixels on a screen of `dpr`
 * device pixels per CSS pixel. 256 and 512 are short-edge sizes, so their centred square crop is
 * that many pixels; 1280 is the largest there is. Anything bigger than needed is bytes and decode
 * work spent on every cell while scrolling; anything smaller is upscaled and looks soft.
 */
export function tileThumbArea(cellPx: number, dpr: number): ThumbArea {
  // Cells are laid out in device pixels, so a 170.67 px cell at 1.5 needs exactly 256 of them.
  const needed = Math.round(cellPx * dpr);
  return THUMB_AREAS.find((area) => area >= needed) ?? 1280;
}

/** The URL of that thumbnail; a record without a tile URL (a spec-only server) gets the large one. */
export function tileThumbUrl(file: TileUrls, cellPx: number, dpr: number): string | null {
  return file[URL_OF_AREA[tileThumbArea(cellPx, dpr)]] ?? file.thumbURLLarge ?? file.thumbURLSmall;
}

/** 'high' is eager with fetchpriority="high". */
export type TileLoading = 'lazy' | 'eager' | 'high';

/**
 * The first few tiles ask for a high fetch priority: enough to cover the top of the page's largest
 * paint, few enough not to hold up the rest of the row and the scripts.
 */
export const HIGH_PRIORITY_TILES = 4;

/**
 * How many of a month's tiles are on the first screen when the timeline opens at its top: the rows
 * that start above the viewport's bottom, counted from the month's place in the layout.
 */
export function firstScreenTiles(
  box: { top: number; count: number },
  metrics: { columns: number; rowHeight: number },
  viewportHeight: number,
): number {
  const rows = Math.ceil((viewportHeight - box.top - HEADER_HEIGHT) / metrics.rowHeight);
  return Math.min(box.count, Math.max(0, rows) * metrics.columns);
}

/**
 * The first screen is the page's largest paint, and lazy loading would hold its tiles until layout
 * tells the browser they are in view (the first row used to be the only eager one, and a photo in a
 * second row or the next month came a render later); every other tile waits to be near the
 * viewport. The newest month's first few ask for a high fetch priority.
 */
export function tileLoading(index: number, eagerTiles: number, firstMonth: boolean): TileLoading {
  if (index >= eagerTiles) return 'lazy';
  return firstMonth && index < HIGH_PRIORITY_TILES ? 'high' : 'eager';
}
