import { defineConfig } from 'vite';
import { precompress } from './precompress.plugin';

/**
 * The Cast receiver page (a TV loads it from /cast/receiver), built on its own after the app into
 * dist/cast-receiver/: a separate build shares no chunk with the app, so the app's first load is
 * the same bytes with or without it.
 */
export default defineConfig({
  root: 'cast-receiver',
  base: '/cast-receiver/',
  plugins: [precompress()],
  build: {
    outDir: '../dist/cast-receiver',
    emptyOutDir: true,
    sourcemap: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
  },
});
