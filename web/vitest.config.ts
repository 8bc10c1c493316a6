import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { REACT_JSX, reactOnPreactAliases } from './react-on-preact';

export default defineConfig({
  oxc: REACT_JSX,
  // The app's modules on preact/compat as in the build; libraries are loaded by Node, which the
  // hook below points at the same Preact.
  resolve: { alias: reactOnPreactAliases() },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    execArgv: ['--import', fileURLToPath(new URL('./src/test/react-on-preact.mjs', import.meta.url))],
    // Above the 5 s that findBy and waitFor may take (src/test/setup.ts).
    testTimeout: 20_000,
  },
});
