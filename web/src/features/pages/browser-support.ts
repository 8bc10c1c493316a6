/** What the app needs from the browser; without any of them it shows the upgrade page instead. */
const REQUIREMENTS: readonly [string, (scope: typeof globalThis) => boolean][] = [
  ['fetch', (scope) => typeof scope.fetch === 'function'],
  ['ResizeObserver', (scope) => typeof scope.ResizeObserver === 'function'],
  ['IntersectionObserver', (scope) => typeof scope.IntersectionObserver === 'function'],
  ['crypto.subtle', (scope) => typeof scope.crypto?.subtle?.digest === 'function'],
  // The upload checksums run in WebAssembly.
  ['WebAssembly', (scope) => typeof scope.WebAssembly?.instantiate === 'function'],
  ['structuredClone', (scope) => typeof scope.structuredClone === 'function'],
  ['Array.prototype.at', () => typeof Array.prototype.at === 'function'],
];

/** The names of what the browser lacks; empty for a supported browser. */
export function missingBrowserFeatures(scope: typeof globalThis = globalThis): string[] {
  return REQUIREMENTS.filter(([, present]) => {
    try {
      return !present(scope);
    } catch {
      return true;
    }
  }).map(([name]) => name);
}
