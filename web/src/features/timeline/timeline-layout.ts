/**
 * Timeline geometry (core.md §9): month sections with 30 px headers over a grid of square cells
 * (180 px desktop, 176 px mobile below 600 px) with 2 px spacing. Pure numbers, no DOM, so the
 * million-file cases can be tested directly.
 */
export const HEADER_HEIGHT = 30;
export const CELL_GAP = 2;
export const CELL_DESKTOP = 180;
export const CELL_MOBILE = 176;
export const MOBILE_BREAKPOINT = 600;
/** core.md §9: only months within 200 px of the viewport count as visible (fetched first). */
export const VISIBLE_GROUP_WINDOW = 200;
/** core.md §9: rows within 400 px of the viewport are rendered. */
export const RENDERED_WINDOW = 400;
export const SCROLL_STEP = 30;

export interface GridMetrics {
  width: number;
  columns: number;
  /** Rendered edge of a square cell; the cells stretch so a row fills the width. */
  tile: number;
  /** One row of cells including the gap below it. */
  rowHeight: number;
}

/** How many cells of `cell` px (and the gaps between them) fit in `width`. */
export const columnsFor = (width: number, cell: number): number =>
  Math.max(1, Math.floor((Math.max(1, width) + CELL_GAP) / (cell + CELL_GAP)));

/** The grid at this width; `cell` is the zoomed cell size (grid-zoom), the spec's default otherwise. */
export function gridMetrics(
  width: number,
  cell: number = width < MOBILE_BREAKPOINT ? CELL_MOBILE : CELL_DESKTOP,
): GridMetrics {
  const safeWidth = Math.max(1, width);
  const columns = columnsFor(safeWidth, cell);
  const tile = (safeWidth - CELL_GAP * (columns - 1)) / columns;
  return { width: safeWidth, columns, tile, rowHeight: tile + CELL_GAP };
}

export interface SectionInput {
  key: string;
  count: number;
}

export interface SectionBox {
  key: string;
  count: number;
  rows: number;
  /** Logical offset of the header's top. */
  top: number;
  height: number;
}

export interface TimelineLayout {
  metrics: GridMetrics;
  sections: SectionBox[];
  totalHeight: number;
}

export const rowsFor = (count: number, columns: number): number => Math.ceil(Math.max(0, count) / columns);

export const sectionHeight = (count: number, metrics: GridMetrics): number =>
  HEADER_HEIGHT + rowsFor(count, metrics.columns) * metrics.rowHeight;

/** Section offsets from counts (before a month loads) or from loaded file counts (after). */
export function layoutSections(inputs: readonly SectionInput[], metrics: GridMetrics): TimelineLayout {
  const sections: SectionBox[] = new Array(inputs.length);
  let top = 0;
  for (let i = 0; i < inputs.length; i += 1) {
    const { key, count } = inputs[i] as SectionInput;
    const rows = rowsFor(count, metrics.columns);
    const height = HEADER_HEIGHT + rows * metrics.rowHeight;
    sections[i] = { key, count, rows, top, height };
    top += height;
  }
  return { metrics, sections, totalHeight: top };
}

/** Index of the section containing the logical offset (clamped to the first/last). */
export function sectionIndexAt(layout: TimelineLayout, offset: number): number {
  const { sections } = layout;
  if (sections.length === 0) return -1;
  let lo = 0;
  let hi = sections.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((sections[mid] as SectionBox).top <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export interface Location {
  sectionIndex: number;
  /** Row within the section; -1 on the header. */
  row: number;
}

/** The inverse of the layout: which section and row a logical offset falls on. */
export function locate(layout: TimelineLayout, offset: number): Location | null {
  const sectionIndex = sectionIndexAt(layout, offset);
  if (sectionIndex < 0) return null;
  const section = layout.sections[sectionIndex] as SectionBox;
  const inside = offset - section.top - HEADER_HEIGHT;
  if (inside < 0) return { sectionIndex, row: -1 };
  const row = Math.min(section.rows - 1, Math.floor(inside / layout.metrics.rowHeight));
  return { sectionIndex, row };
}

/** Rows of a section that intersect [windowTop, windowBottom] (logical), inclusive; null if none. */
export function rowsInWindow(
  section: SectionBox,
  metrics: GridMetrics,
  windowTop: number,
  windowBottom: number,
): [number, number] | null {
  if (section.rows === 0) return null;
  const gridTop = section.top + HEADER_HEIGHT;
  const first = Math.max(0, Math.floor((windowTop - gridTop) / metrics.rowHeight));
  const last = Math.min(section.rows - 1, Math.floor((windowBottom - gridTop) / metrics.rowHeight));
  return first <= last ? [first, last] : null;
}

/** Indices of sections intersecting [windowTop, windowBottom] (logical). */
export function sectionsInWindow(layout: TimelineLayout, windowTop: number, windowBottom: number): number[] {
  const first = sectionIndexAt(layout, Math.max(0, windowTop));
  if (first < 0) return [];
  const found: number[] = [];
  for (let i = first; i < layout.sections.length; i += 1) {
    const section = layout.sections[i] as SectionBox;
    if (section.top > windowBottom) break;
    if (section.top + section.height >= windowTop) found.push(i);
  }
  return found;
}

/** Position of the index-th cell inside its section, relative to the section's top. */
export function cellPosition(index: number, metrics: GridMetrics): { top: number; left: number } {
  const row = Math.floor(index / metrics.columns);
  const column = index % metrics.columns;
  return { top: HEADER_HEIGHT + row * metrics.rowHeight, left: column * (metrics.tile + CELL_GAP) };
}

/** core.md §9: a fast scroll moves more than 7.5 row heights within 250 ms. */
export const FAST_SCROLL_ROWS = 7.5;
export const FAST_SCROLL_WINDOW_MS = 250;

export interface ScrollSample {
  at: number;
  offset: number;
}

/** Keeps the samples of the last 250 ms and says whether they add up to a fast scroll. */
export function detectFastScroll(
  samples: readonly ScrollSample[],
  next: ScrollSample,
  rowHeight: number,
): { samples: ScrollSample[]; fast: boolean } {
  const kept = [...samples.filter((s) => next.at - s.at <= FAST_SCROLL_WINDOW_MS), next];
  const oldest = kept[0] as ScrollSample;
  return { samples: kept, fast: Math.abs(next.offset - oldest.offset) > FAST_SCROLL_ROWS * rowHeight };
}
