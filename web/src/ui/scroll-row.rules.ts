/** A sideways scroller's extent, as the DOM reports it. */
export interface ScrollExtent {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

export interface ScrollEdges {
  /** More content lies before the visible part. */
  start: boolean;
  /** More content lies after the visible part. */
  end: boolean;
}

/** Sub-pixel widths leave a fraction of a pixel to scroll; that is not "more". */
const SLACK = 2;

export function scrollEdges({ scrollLeft, scrollWidth, clientWidth }: ScrollExtent): ScrollEdges {
  const hidden = scrollWidth - clientWidth;
  if (hidden <= SLACK) return { start: false, end: false };
  return { start: scrollLeft > SLACK, end: scrollLeft < hidden - SLACK };
}

/** One press of an edge button: most of a view, keeping the item at the edge in sight. */
export const scrollStep = (clientWidth: number): number => Math.max(1, Math.round(clientWidth * 0.75));

/**
 * How far to scroll so an item stands clear of the edge buttons (inset on each side): 0 when it
 * already does, positive to scroll towards the end. An item wider than the room goes to the start.
 */
export function revealDelta(
  item: { left: number; right: number },
  view: { left: number; right: number },
  inset: number,
): number {
  const roomLeft = view.left + inset;
  const roomRight = view.right - inset;
  if (item.left < roomLeft || item.right - item.left > roomRight - roomLeft) return item.left - roomLeft;
  if (item.right > roomRight) return item.right - roomRight;
  return 0;
}
