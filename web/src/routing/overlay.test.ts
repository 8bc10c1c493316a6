import { describe, expect, it } from 'vitest';
import { isOverlayType, OVERLAY_TYPES, overlayIn, withOverlay } from './overlay';

describe('overlays opened by type', () => {
  it('lists the nine overlay types of core.md §2', () => {
    expect(OVERLAY_TYPES).toHaveLength(9);
    expect(isOverlayType('create_album')).toBe(true);
    expect(isOverlayType('nope')).toBe(false);
  });

  it('reads the open overlay from the query, ignoring unknown names', () => {
    expect(overlayIn(new URLSearchParams('overlay=albums_sort'))).toBe('albums_sort');
    expect(overlayIn(new URLSearchParams('overlay=unknown'))).toBeNull();
    expect(overlayIn(new URLSearchParams('q=x'))).toBeNull();
  });

  it('opens and closes an overlay keeping the other parameters', () => {
    const opened = withOverlay(new URLSearchParams('q=trip'), 'albums_filter');
    expect(opened.toString()).toBe('q=trip&overlay=albums_filter');
    expect(withOverlay(opened, null).toString()).toBe('q=trip');
  });
});
