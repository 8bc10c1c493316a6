import path from 'node:path';
import type { IndexHtmlTransformContext, Plugin } from 'vite';

const SOURCE = 'src/early-reads.ts';
const ENTRY_NAME = 'early-reads';

/**
 * Builds src/early-reads.ts as an entry of its own and loads it from index.html as an async module,
 * so it runs as soon as it arrives rather than after the app's whole entry has been fetched and
 * evaluated. (A second module script written into index.html would be merged into the app's
 * entry by the build.) The modules it shares with the app go into chunks both import, so the two
 * entries share one instance of each.
 */
export function earlyReads(): Plugin {
  let root = process.cwd();
  return {
    name: 'nordlys-early-reads',
    config: (config, { command }) =>
      command === 'build'
        ? {
            build: {
              rolldownOptions: {
                input: {
                  index: path.resolve(config.root ?? '', 'index.html'),
                  [ENTRY_NAME]: path.resolve(config.root ?? '', SOURCE),
                },
              },
            },
          }
        : undefined,
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const src = ctx.bundle ? builtEntry(ctx.bundle, path.resolve(root, SOURCE)) : `/${SOURCE}`;
        // Ahead of the app's entry and its preloads, so the browser asks for it first.
        const at = html.indexOf('<script');
        if (at < 0) throw new Error('index.html has no script');
        const tag = `<script type="module" async crossorigin src="${src}"></script>\n    `;
        return `${html.slice(0, at)}${tag}${html.slice(at)}`;
      },
    },
  };
}

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

function builtEntry(bundle: Bundle, source: string): string {
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && output.isEntry && output.facadeModuleId === source) {
      return `/${output.fileName}`;
    }
  }
  throw new Error(`${SOURCE} was not built`);
}
