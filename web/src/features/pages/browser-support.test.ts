import { describe, expect, it } from 'vitest';
import { missingBrowserFeatures } from './browser-support';

describe('browser support', () => {
  it('finds nothing missing in a current browser', () => {
    const modern = {
      fetch: () => {},
      ResizeObserver: class {},
      IntersectionObserver: class {},
      crypto: { subtle: { digest: () => {} } },
      WebAssembly: { instantiate: () => {} },
      structuredClone: () => {},
    } as unknown as typeof globalThis;
    expect(missingBrowserFeatures(modern)).toEqual([]);
  });

  it('names what an old browser lacks', () => {
    const old = { fetch: () => {}, crypto: {} } as unknown as typeof globalThis;
    expect(missingBrowserFeatures(old)).toEqual([
      'ResizeObserver',
      'IntersectionObserver',
      'crypto.subtle',
      'WebAssembly',
      'structuredClone',
    ]);
  });
});
