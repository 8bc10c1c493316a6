import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers, held against its source: a rule broken here is a structure that would
 * otherwise erode one import at a time. Each offending import is listed with the rule it breaks.
 */

const SRC = import.meta.dirname;

/** Node modules that compute without touching the outside world. */
const PURE_NODE_MODULES = new Set([
  'path',
  'url',
  'util',
  'assert',
  'buffer',
  'string_decoder',
  'querystring',
]);
/** Packages without I/O that the domain may use: the shared wire contract and schemas. */
const PURE_PACKAGES = [/^@nordlys\/contract\//, /^typebox(\/|$)/];

interface SourceImport {
  /** The importing file, relative to server/src. */
  file: string;
  /** The module as written. */
  spec: string;
  /** For an import of our own source: the imported file's path relative to server/src. */
  target: string | null;
}

interface Rule {
  /** Top-level folder of server/src the rule is about. */
  from: string;
  says: string;
  breaks(imported: SourceImport): boolean;
}

const folderOf = (relative: string) => relative.split('/')[0] ?? relative;
const inFolder = (imported: SourceImport, ...folders: string[]) =>
  imported.target !== null && folders.includes(folderOf(imported.target));

function isNodeBuiltin(spec: string): boolean {
  const name = spec.replace(/^node:/, '');
  return spec.startsWith('node:') || builtinModules.includes(name);
}

const RULES: Rule[] = [
  {
    from: 'domain',
    says: 'domain/ is pure: it imports only domain/, the contract and node modules without I/O',
    breaks: (imported) => {
      if (imported.target !== null) return folderOf(imported.target) !== 'domain';
      if (isNodeBuiltin(imported.spec)) return !PURE_NODE_MODULES.has(imported.spec.replace(/^node:/, ''));
      return !PURE_PACKAGES.some((pattern) => pattern.test(imported.spec));
    },
  },
  {
    from: 'store',
    says: 'store/ serves the services and never calls up into them or into http/ (nor media/, queue/)',
    breaks: (imported) => inFolder(imported, 'http', 'services', 'media', 'queue'),
  },
  {
    from: 'http',
    says: 'http/ reaches data through the services only: no store/ or blobs/, not even their types',
    breaks: (imported) => inFolder(imported, 'store', 'blobs'),
  },
  ...['services', 'media', 'queue', 'identity', 'blobs', 'store', 'domain'].map(
    (from): Rule => ({
      from,
      says: `${from}/ sits below the HTTP edge and never imports http/`,
      breaks: (imported) => inFolder(imported, 'http'),
    }),
  ),
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mjs)$/.test(entry.name))
    .filter((entry) => !/\.(test|contract)\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.relative(SRC, path.join(entry.parentPath, entry.name)));
}

/** Every static, re-exported and dynamic import of a file, as the TypeScript parser finds them. */
function importsOf(file: string, text: string): SourceImport[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles.map(({ fileName: spec }) => ({
    file,
    spec,
    target: spec.startsWith('.')
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
      : null,
  }));
}

function violations(imports: readonly SourceImport[]): string[] {
  return imports.flatMap((imported) =>
    RULES.filter((rule) => folderOf(imported.file) === rule.from && rule.breaks(imported)).map(
      (rule) => `${imported.file} imports '${imported.spec}' — ${rule.says}`,
    ),
  );
}

describe('import rules', () => {
  const files = sourceFiles(SRC);
  const imports = files.flatMap((file) => importsOf(file, readFileSync(path.join(SRC, file), 'utf8')));

  it('reads the whole server, static and dynamic imports alike', () => {
    expect(files).toContain('app.ts');
    expect(files.filter((file) => file.startsWith('domain/')).length).toBeGreaterThan(3);
    expect(imports.length).toBeGreaterThan(300);
    // The tus datastore is loaded with the first resumable upload: a dynamic import must count.
    expect(imports).toContainEqual(
      expect.objectContaining({
        file: 'services/resumable-upload.service.ts',
        target: 'blobs/tus-blob-datastore',
      }),
    );
  });

  it('finds no import that crosses a layer the wrong way', () => {
    expect(violations(imports)).toEqual([]);
  });

  it('catches each kind of crossing', () => {
    const sample = [
      importsOf(
        'domain/a.ts',
        "import type { X } from '../store/schema';\nimport { readFile } from 'node:fs';",
      ),
      importsOf('domain/b.ts', "import path from 'node:path';\nimport { T } from '@nordlys/contract/file';"),
      importsOf('domain/c.ts', "import sharp from 'sharp';\nimport { q } from './quota';"),
      importsOf('store/d.ts', "import type { S } from '../services/auth.service';"),
      importsOf(
        'http/e.ts',
        "export type { B } from '../blobs/blob-store';\nconst m = import('../store/database');",
      ),
      importsOf('services/f.ts', "import { x } from '../http/common-query';"),
    ].flat();
    expect(violations(sample).map((line) => line.split(' — ')[0])).toEqual([
      "domain/a.ts imports '../store/schema'",
      "domain/a.ts imports 'node:fs'",
      "domain/c.ts imports 'sharp'",
      "store/d.ts imports '../services/auth.service'",
      "http/e.ts imports '../blobs/blob-store'",
      "http/e.ts imports '../store/database'",
      "services/f.ts imports '../http/common-query'",
    ]);
  });
});
