import { type StorageWarning, storageWarning } from './storage-usage';

/** A closed storage popup stays away this long (account.md §3 Popup queue: per-type silencing until a time). */
export const STORAGE_POPUP_SILENCE_MS = 24 * 60 * 60 * 1000;

export type PopupSilences = Partial<Record<StorageWarning, number>>;

/**
 * The storage popup to show for a use, or null: over 95 % outranks over 80 %, and a type closed
 * recently is silent until its time. Showing over 95 % silences over 80 % too.
 */
export function storagePopupToShow(
  usedBytes: number,
  maxBytes: number,
  silencedUntil: PopupSilences,
  now: number,
): StorageWarning | null {
  const warning = storageWarning(usedBytes, maxBytes);
  if (!warning) return null;
  if ((silencedUntil[warning] ?? 0) > now) return null;
  if (warning === 'over80' && (silencedUntil.over95 ?? 0) > now) return null;
  return warning;
}

export const silenced = (silences: PopupSilences, warning: StorageWarning, now: number): PopupSilences => ({
  ...silences,
  [warning]: now + STORAGE_POPUP_SILENCE_MS,
});

/** Silences read back from storage; anything malformed counts as none. */
export function parseSilences(text: string | null): PopupSilences {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    if (!value || typeof value !== 'object') return {};
    const out: PopupSilences = {};
    for (const key of ['over80', 'over95'] as const) {
      const until = (value as Record<string, unknown>)[key];
      if (typeof until === 'number') out[key] = until;
    }
    return out;
  } catch {
    return {};
  }
}
