import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { type BenchRow, fmt } from './support/report';

/**
 * Bytes per route: gzip (level 9) of the scripts and styles a first visit to each area fetches,
 * read from the built client in web/dist (`npm run build` first; this builds nothing). A visit
 * fetches the app's entry with everything it imports statically, one language's first-load strings,
 * and the area's lazily loaded parts with their static imports, styles and the string chunks they
 * fetch with them (web/src/i18n/i18n.ts `withStrings`), as Vite's manifest lists them.
 * The signed-in timeline has the issue 15 budget; the other rows are there to watch.
 */

const DIST = new URL('../web/dist/', import.meta.url);
const TIMELINE_BUDGET_KB = 150;
/**
 * The reference language (web/vite.config.ts names its first-load chunk after it and each later
 * namespace `<language>-<namespace>`); the others are within a few hundred bytes.
 */
const LANGUAGE = 'en_US';

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Area {
  name: string;
  /** Manifest keys (source paths under web/) of the lazily loaded parts the area draws first. */
  parts: RegExp[];
  /** Namespaces its parts fetch beyond the first load's (their `withStrings` lists). */
  strings?: string[];
  budgetKb?: number;
}

const escaped = (text: string) => text.replaceAll('.', '\\.');
/**
 * A part by its source path: the manifest keys a dynamic entry by it, or, where the build made the
 * module the facade of a chunk it shares with other parts, by the chunk's file (`_<name>-<hash>.js`).
 */
const part = (path: string) => {
  const name =
    path
      .split('/')
      .at(-1)
      ?.replace(/\.tsx?$/, '') ?? path;
  return new RegExp(`^(${escaped(path)}|_${escaped(name)}-[\\w-]+\\.js)$`);
};
const TIMELINE = part('src/features/timeline/timeline-page.component.tsx');
const UPLOAD = part('src/features/upload/upload-overlay.component.tsx');

const AREAS: Area[] = [
  { name: 'start page /', parts: [part('src/features/pages/start-page.component.tsx')] },
  { name: 'sign-in /login', parts: [part('src/features/auth/login-pages.component.tsx')] },
  { name: 'signed-in timeline /photos', parts: [TIMELINE], budgetKb: TIMELINE_BUDGET_KB },
  {
    name: 'viewer /photos/:fileID',
    parts: [
      part('src/features/carousel/carousel-page.component.tsx'),
      part('src/features/file-menu/file-menu.component.tsx'),
    ],
    strings: ['carousel'],
  },
  {
    name: 'settings and profile /settings',
    parts: [
      part('src/features/settings/settings-page.component.tsx'),
      part('src/features/account/profile-section.component.tsx'),
    ],
    strings: ['settings'],
  },
  {
    name: 'profile picture crop /selectProfilePicture',
    parts: [
      part('src/features/account/profile-picture-page.component.tsx'),
      part('src/app/profile-picture-picker.component.tsx'),
    ],
  },
  {
    name: 'devices /settings/devices',
    parts: [part('src/features/devices/devices-page.component.tsx')],
    strings: ['devices'],
  },
  {
    name: 'documents /documents',
    parts: [part('src/features/documents/documents-page.component.tsx')],
    strings: ['documents'],
  },
  {
    name: 'test flags /settings/testFlags',
    parts: [part('src/features/flags/test-flags-page.component.tsx')],
  },
  { name: 'upload dialog and panel, opened on the timeline', parts: [TIMELINE, UPLOAD] },
  {
    name: 'upload sending a file, on the timeline',
    parts: [TIMELINE, UPLOAD, /\/node_modules\/hash-wasm\//, /\/node_modules\/tus-js-client\//],
  },
];

async function readManifest(): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(new URL('.vite/manifest.json', DIST), 'utf8')) as Manifest;
  } catch (error) {
    throw new Error('web/dist/.vite/manifest.json is missing: run `npm run build` before this bench', {
      cause: error,
    });
  }
}

/** The chunk's file, its styles and, transitively, the chunks it imports statically. */
function addClosure(manifest: Manifest, key: string, files: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const style of chunk.css ?? []) files.add(style);
  for (const imported of chunk.imports ?? []) addClosure(manifest, imported, files);
}

function keysMatching(manifest: Manifest, pattern: RegExp): string[] {
  const keys = Object.keys(manifest).filter((key) => pattern.test(key));
  if (keys.length === 0) throw new Error(`No built part matches ${pattern}; was it renamed?`);
  return keys;
}

function chunksNamed(manifest: Manifest, name: string): string[] {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.name === name);
  if (keys.length === 0) throw new Error(`No chunk ${name} of strings; see web/vite.config.ts`);
  return keys;
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;

export async function benchRouteBytes(): Promise<BenchRow[]> {
  const manifest = await readManifest();
  const gzipped = new Map<string, number>();
  const gzipBytes = async (files: Iterable<string>) => {
    let total = 0;
    for (const file of files) {
      if (!gzipped.has(file)) {
        gzipped.set(file, gzipSync(await readFile(new URL(file, DIST)), { level: 9 }).length);
      }
      total += gzipped.get(file) ?? 0;
    }
    return total;
  };

  const app = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) addClosure(manifest, key, app);
  for (const key of chunksNamed(manifest, LANGUAGE)) addClosure(manifest, key, app);
  const appBytes = await gzipBytes(app);

  const rows: BenchRow[] = [];
  for (const area of AREAS) {
    const files = new Set(app);
    for (const pattern of area.parts) {
      for (const key of keysMatching(manifest, pattern)) addClosure(manifest, key, files);
    }
    for (const namespace of area.strings ?? []) {
      for (const key of chunksNamed(manifest, `${LANGUAGE}-${namespace}`)) addClosure(manifest, key, files);
    }
    const total = await gzipBytes(files);
    rows.push({
      name: `first visit, scripts and styles, gzip: ${area.name}`,
      figure: `${kb(total)} (app ${kb(appBytes)} + ${kb(total - appBytes)})`,
      target: area.budgetKb === undefined ? '' : `<= ${area.budgetKb} KB`,
      pass: area.budgetKb === undefined ? null : total <= area.budgetKb * 1024,
    });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchRouteBytes());
}
