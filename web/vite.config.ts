import {
  BRAND_COLOURS,
  colourProperties,
  DARK_COLOURS,
  LIGHT_COLOURS,
} from '@nordlys/contract/theme-colours';
import { defineConfig, type Plugin } from 'vite';
import { earlyReads } from './early-reads.plugin';
import { precompress } from './precompress.plugin';
import { REACT_JSX, reactOnPreactAliases } from './react-on-preact';
import { FIRST_LOAD_NAMESPACES } from './src/i18n/first-load-namespaces';

const api = process.env.NORDLYS_API ?? 'http://localhost:8080';

const PALETTE_ID = 'virtual:theme-palette.css';

const FRAMEWORK =
  /[\\/]node_modules[\\/](preact|react-router|react-redux|@reduxjs[\\/]toolkit|redux|reselect|immer|i18next|react-i18next|use-sync-external-store)[\\/]/;
const LOCALE_FILE = /[\\/]i18n[\\/]locales[\\/]([a-z]{2}_[A-Z]{2})[\\/]([^\\/]+)\.json$/;

/**
 * A language's first-load namespaces in one chunk named after it, every other namespace in a chunk
 * of its own (`<language>-<namespace>`), fetched with the part that draws it (web/src/i18n/i18n.ts).
 */
function localeChunk(id: string): string | null {
  const match = LOCALE_FILE.exec(id);
  if (!match) return null;
  const [, language, namespace] = match as unknown as [string, string, string];
  return FIRST_LOAD_NAMESPACES.includes(namespace) ? language : `${language}-${namespace}`;
}

/**
 * The theme colours as --light-*, --dark-* and --brand-* custom properties, from the module the
 * server's own pages read too; web/src/ui/tokens.css maps them onto the --color-* tokens per theme.
 */
function themePalette(): Plugin {
  return {
    name: 'nordlys-theme-palette',
    resolveId: (id) => (id === PALETTE_ID ? `\0${PALETTE_ID}` : undefined),
    load: (id) =>
      id === `\0${PALETTE_ID}`
        ? `:root{${colourProperties('--light-', LIGHT_COLOURS)}${colourProperties('--dark-', DARK_COLOURS)}${colourProperties('--brand-', BRAND_COLOURS)}}`
        : undefined,
  };
}

export default defineConfig({
  plugins: [themePalette(), earlyReads(), precompress()],
  oxc: REACT_JSX,
  resolve: { alias: reactOnPreactAliases() },
  build: {
    outDir: 'dist',
    sourcemap: true,
    assetsDir: 'assets',
    // Each source module's chunk, imports and styles; bench/route-bytes.bench.ts reads it.
    manifest: true,
    rolldownOptions: {
      // Lets the build copy small shared chunks into their users (below); no entry exports anything.
      preserveEntrySignatures: false,
      // The contract's schemas are built at module level for the server; the client uses only their
      // types and constants, so unused schema builds (and TypeBox with them) are left out.
      treeshake: { manualPureFunctions: ['Type', 'Nullable', 'PlainText'] },
      output: {
        codeSplitting: {
          // Modules shared by a few lazy parts came out as one tiny chunk each: the timeline page
          // alone waited on 17 files, and over HTTP/1.1's six connections a phone fetched them in
          // four round trips. Common chunks under 4 KB of source are copied into the chunks that
          // use them instead (one module instance still, through the shared runtime).
          experimentalInlineCommonChunks: { maxSize: 4 * 1024 },
          groups: [
            // Strings by language and namespace: the app fetches those of the language it shows.
            { name: localeChunk },
            // The frameworks every screen runs on, in one file that outlives most deployments in
            // the browser's cache (and compresses better whole than in pieces).
            { name: 'framework', test: FRAMEWORK },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/st': api, '/th': api, '/idp': api, '/healthz': api, '/poll': api },
  },
});
