import { afterEach, describe, expect, it } from 'vitest';
import { adoptStyleNonce } from './style-nonce';

const holder = globalThis as { __webpack_nonce__?: string };

describe('style nonce', () => {
  afterEach(() => {
    delete holder.__webpack_nonce__;
  });

  it('hands the nonce of index.html to the libraries that insert stylesheets', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.head.innerHTML = '<meta property="csp-nonce" nonce="abc123">';
    adoptStyleNonce(doc);
    expect(holder.__webpack_nonce__).toBe('abc123');
  });

  it('leaves it unset without one (dev server, tests)', () => {
    adoptStyleNonce(document.implementation.createHTMLDocument());
    expect(holder.__webpack_nonce__).toBeUndefined();
  });
});
