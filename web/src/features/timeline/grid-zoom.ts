import { CELL_DESKTOP, CELL_MOBILE, columnsFor, MOBILE_BREAKPOINT } from './timeline-layout';

/**
 * Grid zoom (core.md §9): pinch on touch screens and Ctrl + wheel on desktop step the cell size
 * around the default (180 px desktop, 176 px below 600 px): larger cells mean fewer columns. A
 * step always changes the column count, so every pinch or notch shows. Remembered per device.
 */
export const ZOOM_FACTORS = [0.5, 0.7, 1, 1.4, 2] as const;
export const DEFAULT_ZOOM = ZOOM_FACTORS.indexOf(1);
/** core.md §9: fingers must move this much closer or apart before the grid steps. */
export const PINCH_THRESHOLD_PX = 20;
/** Wheel travel (pixels) per step: one mouse notch, or a short trackpad pinch. */
export const WHEEL_STEP_PX = 50;
/** core.md §9: the zoom hint stays this long. */
export const ZOOM_HINT_MS = 3000;

export type ZoomDirection = -1 | 0 | 1;

const clampLevel = (level: number) => Math.min(ZOOM_FACTORS.length - 1, Math.max(0, Math.round(level)));

/** The cell edge a zoom level asks for at this width. */
export function zoomCell(width: number, level: number): number {
  const base = width < MOBILE_BREAKPOINT ? CELL_MOBILE : CELL_DESKTOP;
  return Math.round(base * (ZOOM_FACTORS[clampLevel(level)] as number));
}

/**
 * The next level in `direction` (+1 larger cells, -1 smaller) that changes the column count at
 * this width; the same level when none does.
 */
export function stepZoom(level: number, direction: ZoomDirection, width: number): number {
  const from = clampLevel(level);
  if (direction === 0) return from;
  const columns = columnsFor(width, zoomCell(width, from));
  for (let next = from + direction; next >= 0 && next < ZOOM_FACTORS.length; next += direction) {
    if (columnsFor(width, zoomCell(width, next)) !== columns) return next;
  }
  return from;
}

/** A pinch: +1 once the fingers moved the threshold apart, -1 once that much closer. */
export function pinchDirection(startDistance: number, distance: number): ZoomDirection {
  const change = distance - startDistance;
  if (change >= PINCH_THRESHOLD_PX) return 1;
  if (change <= -PINCH_THRESHOLD_PX) return -1;
  return 0;
}

/**
 * Ctrl + wheel: travel adds up until a step's worth; wheel up (negative deltaY, a trackpad's
 * pinch apart) enlarges. Returns the travel left over and the step to take.
 */
export function wheelZoom(travel: number, deltaY: number): { travel: number; direction: ZoomDirection } {
  const total = travel + deltaY;
  if (total <= -WHEEL_STEP_PX) return { travel: 0, direction: 1 };
  if (total >= WHEEL_STEP_PX) return { travel: 0, direction: -1 };
  return { travel: total, direction: 0 };
}

const KEY = 'nordlys.timeline.zoom';

export function readZoom(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): number {
  try {
    const value = Number(storage?.getItem(KEY) ?? Number.NaN);
    return Number.isInteger(value) ? clampLevel(value) : DEFAULT_ZOOM;
  } catch {
    return DEFAULT_ZOOM;
  }
}

export function saveZoom(
  level: number,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(KEY, String(clampLevel(level)));
  } catch {
    // Without storage the zoom lasts until the page is left.
  }
}
