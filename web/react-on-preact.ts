/**
 * The client is written against React's modules and runs on preact/compat: react-dom alone was
 * ~65 KB gzip of the signed-in timeline's 150 KB first-load budget, Preact with compat about 10 KB.
 * The build (vite.config.ts) and the web tests (vitest.config.ts, src/test/react-on-preact.mjs)
 * resolve these names through this one table, so the tests run what ships. The `react` and
 * `react-dom` packages are development ones, for the libraries' peer dependencies; neither is
 * bundled nor run.
 */
export const REACT_ON_PREACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/compat/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The table as Vite aliases: exact names only (`react-router` and `react-dom/server` are not `react`). */
export function reactOnPreactAliases(): { find: RegExp; replacement: string }[] {
  return Object.entries(REACT_ON_PREACT).map(([name, replacement]) => ({
    find: new RegExp(`^${name.replace('/', '\\/')}$`),
    replacement,
  }));
}

/**
 * JSX compiled to `react/jsx-runtime` calls, which the table above sends to Preact. No React Fast
 * Refresh in development: its runtime drives React's renderer only, so a changed component module
 * reloads the page instead.
 */
export const REACT_JSX = { jsx: { runtime: 'automatic', importSource: 'react' } } as const;
