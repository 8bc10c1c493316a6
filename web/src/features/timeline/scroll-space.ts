/**
 * Browsers stop growing an element near 16.7 M px (Chrome's layout units end near 33.5 M px and
 * scrollHeight misbehaves well before), which hides the oldest part of a large library. The
 * scroll container is therefore kept below a safe physical height, and the logical offset the
 * layout uses is the physical scrollTop scaled up. Below the cap the scale is exactly 1, so
 * ordinary libraries scroll natively, pixel for pixel.
 */
export const MAX_PHYSICAL_HEIGHT = 8_000_000;

export interface ScrollSpace {
  logicalHeight: number;
  physicalHeight: number;
  viewportHeight: number;
  /** Logical px per physical px (1 unless the library is taller than the cap). */
  scale: number;
}

export function scrollSpace(
  logicalHeight: number,
  viewportHeight: number,
  cap: number = MAX_PHYSICAL_HEIGHT,
): ScrollSpace {
  const viewport = Math.max(0, viewportHeight);
  if (logicalHeight <= cap) {
    return { logicalHeight, physicalHeight: logicalHeight, viewportHeight: viewport, scale: 1 };
  }
  const scrollableLogical = Math.max(0, logicalHeight - viewport);
  const scrollablePhysical = Math.max(1, cap - viewport);
  return {
    logicalHeight,
    physicalHeight: cap,
    viewportHeight: viewport,
    scale: scrollableLogical / scrollablePhysical,
  };
}

export const maxLogicalOffset = (space: ScrollSpace): number =>
  Math.max(0, space.logicalHeight - space.viewportHeight);

export const clampLogical = (space: ScrollSpace, offset: number): number =>
  Math.min(maxLogicalOffset(space), Math.max(0, offset));

export const toLogical = (space: ScrollSpace, scrollTop: number): number =>
  clampLogical(space, scrollTop * space.scale);

export const toPhysical = (space: ScrollSpace, logical: number): number =>
  clampLogical(space, logical) / space.scale;

/** A wheel event's delta in CSS px, whatever its deltaMode (lines are 30 px, the spec's scroll step). */
export function wheelDeltaPx(deltaY: number, deltaMode: number, pageHeight: number, lineHeight = 30): number {
  if (deltaMode === 1) return deltaY * lineHeight;
  if (deltaMode === 2) return deltaY * pageHeight;
  return deltaY;
}
