import type { MonthKey } from '@nordlys/contract/timeline-month';
/** Where the timeline was, so a return from the viewer lands on the same files (core.md §2). */
export interface SavedScroll {
  filter: string;
  /** The month at the top of the viewport and how far into it. */
  key: MonthKey;
  delta: number;
}

const KEY = 'nordlys.timeline.scroll';

export function saveScroll(position: SavedScroll): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(position));
  } catch {
    // Storage full or blocked: restoring is a nicety.
  }
}

export function readScroll(filter: string): SavedScroll | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as SavedScroll | null;
    if (
      !value ||
      value.filter !== filter ||
      typeof value.key !== 'string' ||
      typeof value.delta !== 'number'
    ) {
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

const HINT_PREFIX = 'nordlys.timeline.hint.';
const MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/** Hints shown once (fast scroller per mode) or once a month (shift hint, core.md §2). */
export function shouldShowHint(name: string, repeatAfterMs: number | null, now = Date.now()): boolean {
  try {
    const shown = Number(localStorage.getItem(HINT_PREFIX + name) ?? 'NaN');
    if (!Number.isFinite(shown)) return true;
    return repeatAfterMs !== null && now - shown >= repeatAfterMs;
  } catch {
    return false;
  }
}

export function markHintShown(name: string, now = Date.now()): void {
  try {
    localStorage.setItem(HINT_PREFIX + name, String(now));
  } catch {
    // Without storage the hint may show again; harmless.
  }
}

export const SHIFT_HINT_REPEAT_MS = MONTH_MS;
