// Loaded by Node itself in every test worker (vitest.config.ts `execArgv`), before any test module.
// Libraries are not transformed by Vite in the tests: Node loads them, and their `react` imports
// and requires come here to take the same Preact as the app's own modules (aliased by Vite to the
// same files, which Node then loads), so the tests hold one copy of Preact, as the build does.
import { registerHooks } from 'node:module';
import { REACT_ON_PREACT } from '../../react-on-preact.ts';

registerHooks({
  resolve(specifier, context, nextResolve) {
    return nextResolve(REACT_ON_PREACT[specifier] ?? specifier, context);
  },
});
