import { DEFAULT_FLAGS, FLAG_NAMES, type Flags, isFlagName } from './flag-definitions';

export const FLAGS_STORAGE_KEY = 'featureFlags';

/** Stored values over the defaults; anything unreadable or unknown is ignored rather than fatal. */
export function parseStoredFlags(raw: string | null): Flags {
  const flags = { ...DEFAULT_FLAGS };
  if (!raw) return flags;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return flags;
  }
  if (typeof parsed !== 'object' || parsed === null) return flags;
  for (const [name, value] of Object.entries(parsed)) {
    if (isFlagName(name) && typeof value === 'boolean') flags[name] = value;
  }
  return flags;
}

export const serializeFlags = (flags: Flags): string =>
  JSON.stringify(Object.fromEntries(FLAG_NAMES.map((name) => [name, flags[name]])));

export interface FlagQuery {
  overrides: Partial<Flags>;
  /** The query string with the flag parameters taken out ('' or '?…'). */
  remainingSearch: string;
}

/** `?new-signup=1` turns a flag on, `=0` off; other values leave it alone but still leave the URL. */
export function parseFlagQuery(search: string): FlagQuery {
  const params = new URLSearchParams(search);
  const overrides: Partial<Flags> = {};
  for (const name of FLAG_NAMES) {
    const value = params.get(name);
    if (value === null) continue;
    if (value === '1') overrides[name] = true;
    if (value === '0') overrides[name] = false;
    params.delete(name);
  }
  const rest = params.toString();
  return { overrides, remainingSearch: rest ? `?${rest}` : '' };
}

export function loadFlags(storage: Pick<Storage, 'getItem'> = localStorage): Flags {
  return parseStoredFlags(storage.getItem(FLAGS_STORAGE_KEY));
}

export function saveFlags(flags: Flags, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(FLAGS_STORAGE_KEY, serializeFlags(flags));
  } catch {
    // Private browsing can refuse storage; the flags still hold for this page load.
  }
}

/**
 * Startup: applies query overrides, persists them, and strips them from the address bar so a
 * shared or bookmarked URL does not keep flipping flags.
 */
export function applyFlagQueryAtStartup(
  location: Pick<Location, 'search' | 'pathname' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): Flags {
  const stored = loadFlags(storage);
  const { overrides, remainingSearch } = parseFlagQuery(location.search);
  if (remainingSearch === location.search) return stored;
  const flags = { ...stored, ...overrides };
  saveFlags(flags, storage);
  history.replaceState(history.state, '', `${location.pathname}${remainingSearch}${location.hash}`);
  return flags;
}
