import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_NAMESPACES } from './first-load-namespaces';
import { namespaces } from './i18n';

// Every source file's text, keyed by its path from here ('../features/…', './…').
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Files of the first load whose namespace references are drawn only inside a lazily loaded part
 * that fetches them: the album's login gate is a slot of the album screen, the selection timeline's
 * title is read by that timeline, and dialog keys are handed to the dialog host.
 */
const DRAWN_LATER: Record<string, readonly string[]> = {
  '../app/screen-registry.tsx': ['albums'],
  '../app/album-creation-wiring.tsx': ['albumCreation'],
  '../features/dialogs/dialog.api.ts': ['dialogs'],
  '../features/dialogs/dialog-presets.ts': ['dialogs'],
};

/** Resolves `./` and `../` against the importing file's key. */
function resolve(from: string, specifier: string): string | null {
  const parts = from.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') {
      if (parts.at(-1) === '.') parts[parts.length - 1] = '..';
      else if (parts.length > 0 && parts.at(-1) !== '..') parts.pop();
      else parts.push('..');
    } else if (segment !== '.') parts.push(segment);
  }
  const base = parts.join('/');
  const key = [base, `${base}.ts`, `${base}.tsx`].find((candidate) => candidate in SOURCES);
  return key ?? null;
}

const code = (file: string) =>
  (SOURCES[file] ?? '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

// Static imports and re-exports (types are erased), side-effect imports.
const STATIC =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'(\.{1,2}\/[^']*)'|(?:^|\n)\s*import\s*'(\.{1,2}\/[^']*)'/g;

function staticImports(file: string): string[] {
  const out: string[] = [];
  for (const match of code(file).matchAll(STATIC)) {
    if (match[1]) continue;
    const names = match[2]?.trim() ?? '';
    const braced = /^\{([^}]*)\}$/.exec(names);
    const specifiers =
      braced?.[1]
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean) ?? [];
    if (braced && specifiers.length > 0 && specifiers.every((name) => name.startsWith('type '))) continue;
    const target = resolve(file, (match[3] ?? match[4]) as string);
    if (target) out.push(target);
  }
  return out;
}

/** Namespaces a file reads: useTranslation's, and 'namespace:key' strings. Route titles are apart. */
function referenced(file: string): Set<string> {
  const text = code(file);
  const found = new Set<string>();
  for (const [, args] of text.matchAll(/useTranslation\(([^)]*)\)/g)) {
    if (args?.trim() === '') found.add('common');
    for (const [, name] of (args ?? '').matchAll(/'(\w+)'/g)) found.add(name as string);
  }
  for (const [, name] of text.matchAll(/['"`](\w+):/g))
    if (namespaces.includes(name as string)) found.add(name as string);
  for (const name of DRAWN_LATER[file] ?? []) found.delete(name);
  return found;
}

function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of staticImports(file)) closure(imported, seen);
  return seen;
}

/** Each namespace the files read, with the files that read it. */
function readers(files: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const file of files) {
    for (const namespace of referenced(file)) out.set(namespace, [...(out.get(namespace) ?? []), file]);
  }
  return out;
}

const firstLoad = new Set(FIRST_LOAD_NAMESPACES);

describe('namespace loading', () => {
  it('names only namespaces that exist', () => {
    expect(FIRST_LOAD_NAMESPACES.filter((namespace) => !namespaces.includes(namespace))).toEqual([]);
  });

  it('fetches with the first load every namespace the first load draws', () => {
    const missing = [...readers(closure('../main.tsx'))]
      .filter(([namespace]) => !firstLoad.has(namespace))
      .map(([namespace, files]) => `${namespace}: ${files.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it("loads every lazily loaded part's other namespaces with its code (withStrings)", () => {
    const offences: string[] = [];
    const site = /(?:withStrings\(\s*\[([^\]]*)\]\s*,\s*)?import\(\s*'(\.{1,2}\/[^']*)'\s*\)/g;
    for (const file of Object.keys(SOURCES)) {
      for (const [, listed, specifier] of code(file).matchAll(site)) {
        const part = resolve(file, specifier as string);
        if (!part) continue;
        const declared = new Set([...(listed ?? '').matchAll(/'(\w+)'/g)].map((match) => match[1]));
        const needed = [...readers(closure(part)).keys()].filter((namespace) => !firstLoad.has(namespace));
        const missing = needed.filter((namespace) => !declared.has(namespace));
        const extra = [...declared].filter((namespace) => !needed.includes(namespace as string));
        if (missing.length > 0 || extra.length > 0) {
          offences.push(`${file} import('${specifier}'): needs [${needed.sort().join(', ')}]`);
        }
      }
    }
    expect(offences).toEqual([]);
  });
});
