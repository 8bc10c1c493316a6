import { createRequire } from 'node:module';
import * as compat from 'preact/compat';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { describe, expect, it } from 'vitest';

// The tests run the client on the Preact that ships, and on one copy of it.
describe('react in the tests', () => {
  it("is preact/compat in the app's modules", () => {
    expect(React.useState).toBe(compat.useState);
    expect(typeof ReactDOMClient.createRoot).toBe('function');
  });

  it('is the same preact/compat in the libraries, which Node loads', () => {
    const require = createRequire(import.meta.url);
    expect((require('react') as typeof compat).useState).toBe(compat.useState);
    expect((require('react-dom') as typeof compat).createPortal).toBe(compat.createPortal);
  });
});
