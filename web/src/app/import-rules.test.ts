import { describe, expect, it } from 'vitest';

// Every source file's text, keyed by its path from here ('../features/…', './…').
const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!./import-rules.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Which top folders of web/src each folder may import. app/ is the composition root and takes
 * anything; a feature takes only the layers under it, never another feature, so an area can be
 * added, changed or removed as one folder.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  app: ['app', 'features', 'file-actions', 'routing', 'ui', 'api', 'state', 'i18n'],
  features: ['file-actions', 'routing', 'ui', 'api', 'state', 'i18n'],
  'file-actions': ['file-actions', 'api', 'state', 'i18n'],
  routing: ['routing'],
  ui: ['ui', 'i18n'],
  api: ['api', 'i18n'],
  state: ['state'],
  i18n: ['i18n'],
  test: ['api', 'state', 'i18n'],
  // The TV's page, built on its own: its texts come from the catalogues, nothing else of the app.
  'cast-receiver': ['cast-receiver', 'i18n'],
};

/** Shared test helpers are for tests only. */
const TEST_ONLY = ['test'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Resolves `./` and `../` segments; the result is a path under web/src. */
function joinPath(base: string, specifier: string): string {
  const parts = base.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** A key of SOURCES as a path under web/src. */
const fromHere = (key: string) => joinPath('app/import-rules.test.ts', key);

// Static imports and re-exports, side-effect imports, import() and vi.mock().
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bvi\.mock\(\s*)'(\.{1,2}\/[^']*)'/g;

/** The relative imports of a file (a path under web/src), as paths under web/src. */
function relativeImports(file: string, text: string): string[] {
  return [...text.matchAll(SPECIFIER)].map((match) => joinPath(file, match[1] as string));
}

/** 'features/<area>' for a feature, the top folder otherwise; a file at the top is its own area. */
function areaOf(path: string): string {
  const [top = '', second] = path.split('/');
  return top === 'features' && second ? `features/${second}` : top;
}

const layerOf = (area: string) => area.split('/')[0] as string;

/** Why `from` may not import `to`, or null when it may. */
function breach(from: string, to: string, fromTest: boolean): string | null {
  // The entry point (main.tsx) sits above everything.
  if (!from.includes('/')) return null;
  const fromArea = areaOf(from);
  const toArea = areaOf(to);
  if (fromArea === toArea) return null;
  const fromLayer = layerOf(fromArea);
  const toLayer = layerOf(toArea);
  if (fromLayer === 'features' && toLayer === 'features') return 'features never import each other';
  if (TEST_ONLY.includes(toLayer)) return fromTest ? null : `${toLayer}/ is for tests only`;
  const allowed = MAY_IMPORT[fromLayer];
  if (!allowed) return `${fromLayer}/ has no import rule`;
  return allowed.includes(toLayer) ? null : `${fromLayer}/ may import only ${allowed.join(', ')}`;
}

describe('import rules', () => {
  it('keeps features apart and every layer to the layers under it', () => {
    const offences: string[] = [];
    // This file is left out of SOURCES: its samples are imports in strings, not imports.
    for (const [key, text] of Object.entries(SOURCES)) {
      const from = fromHere(key);
      for (const to of relativeImports(from, text)) {
        const why = breach(from, to, isTest(from));
        if (why) offences.push(`${from} imports ${to}: ${why}`);
      }
    }
    expect(offences, `\n${offences.join('\n')}\n`).toEqual([]);
  });

  it('catches a feature importing another feature, and ui importing features or app', () => {
    expect(breach('features/timeline/a.tsx', 'features/account/account.slice', false)).toBe(
      'features never import each other',
    );
    expect(breach('features/timeline/a.tsx', 'features/timeline/b', false)).toBeNull();
    expect(breach('features/timeline/a.tsx', 'ui/button', false)).toBeNull();
    expect(breach('features/timeline/a.tsx', 'app/screen-registry', false)).toMatch(/may import only/);
    expect(breach('ui/button.tsx', 'features/shell/top-nav.component', false)).toMatch(/may import only/);
    expect(breach('ui/button.tsx', 'app/layout.component', false)).toMatch(/may import only/);
    expect(breach('features/auth/a.test.ts', 'test/fake-api', true)).toBeNull();
    expect(breach('features/auth/a.ts', 'test/fake-api', false)).toBe('test/ is for tests only');
  });

  it('reads every kind of relative import', () => {
    const file = 'features/timeline/a.tsx';
    const text = [
      "import { a } from '../../ui/button';",
      "import type { B } from './b';",
      "export { c } from '../account/c';",
      "import './a.css';",
      "const d = await import('../../app/d');",
      "vi.mock('../../api/client');",
      "import e from 'react';",
    ].join('\n');
    expect(relativeImports(file, text)).toEqual([
      'ui/button',
      'features/timeline/b',
      'features/account/c',
      'features/timeline/a.css',
      'app/d',
      'api/client',
    ]);
  });
});
