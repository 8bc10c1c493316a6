import { vi } from 'vitest';

/** jsdom has no ResizeObserver; Radix measures popper arrows and switch thumbs with it. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
