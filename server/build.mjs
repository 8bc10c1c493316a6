// Compiles the server ahead of time: one self-contained ES module per entry point in dist/, so
// production runs on plain `node` with no TypeScript loader. Packages from node_modules stay
// imports; the workspace's own TypeScript (contract/) is bundled in.
import { copyFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
// Tests that run the server as a process build a copy of their own elsewhere.
const dist = process.env.SERVER_BUILD_DIR
  ? path.resolve(process.env.SERVER_BUILD_DIR)
  : path.join(root, 'dist');

// Plain-JavaScript thread entries are loaded by URL next to the module that starts them.
const COPIED = ['src/media/heic-decode.worker.mjs'];

const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@nordlys/') ? undefined : { path: args.path, external: true },
    );
  },
};

await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    admin: 'src/cli/admin.ts',
    demo: 'src/cli/demo.ts',
    // Replaces the development entry of the same name, which loads the TypeScript source.
    'thumbnail-worker': 'src/media/thumbnail-worker.ts',
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  // Shared code and lazily imported modules become chunks, so a dynamic import stays lazy.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [packagesStayExternal],
});
await Promise.all(
  COPIED.map((file) => copyFile(path.join(root, file), path.join(dist, path.basename(file)))),
);
