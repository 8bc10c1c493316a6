import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * core.md §2 "Overlays (opened by type)". An overlay is named in the address (`?overlay=<type>`),
 * so any screen opens one by its type without importing the feature that draws it, Back closes it,
 * and a reload keeps it open.
 */
export const OVERLAY_TYPES = [
  'share',
  'settings',
  'loveList',
  'participantsList',
  'albums_filter',
  'albums_sort',
  'create_album',
  'share_prompt',
  'album_files_sort',
] as const;
export type OverlayType = (typeof OVERLAY_TYPES)[number];

export const OVERLAY_PARAM = 'overlay';

export const isOverlayType = (value: unknown): value is OverlayType =>
  typeof value === 'string' && (OVERLAY_TYPES as readonly string[]).includes(value);

/** The overlay a query string names, or null. */
export function overlayIn(search: URLSearchParams): OverlayType | null {
  const value = search.get(OVERLAY_PARAM);
  return isOverlayType(value) ? value : null;
}

/** The query string with `type` open (or, with null, none), other parameters kept. */
export function withOverlay(search: URLSearchParams, type: OverlayType | null): URLSearchParams {
  const next = new URLSearchParams(search);
  if (type) next.set(OVERLAY_PARAM, type);
  else next.delete(OVERLAY_PARAM);
  return next;
}

export interface OverlayControl {
  /** The open overlay, or null. */
  overlay: OverlayType | null;
  /** Opens an overlay as a new history entry, so Back closes it. */
  openOverlay(type: OverlayType): void;
  /** Closes the open overlay in place. */
  closeOverlay(): void;
}

/** Marks the history entry an overlay was opened into, so closing it can step back out of it. */
const OPENED_HERE = { overlayOpenedHere: true };

export function useOverlay(): OverlayControl {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const overlay = overlayIn(search);
  const openedHere = (location.state as typeof OPENED_HERE | null)?.overlayOpenedHere === true;
  const openOverlay = useCallback(
    (type: OverlayType) => setSearch((current) => withOverlay(current, type), { state: OPENED_HERE }),
    [setSearch],
  );
  // Closing an overlay opened here goes back, so the history holds no copy of the page without it;
  // one reached by a link or a reload is closed in place.
  const closeOverlay = useCallback(() => {
    if (openedHere) void navigate(-1);
    else setSearch((current) => withOverlay(current, null), { replace: true });
  }, [openedHere, navigate, setSearch]);
  return { overlay, openOverlay, closeOverlay };
}
