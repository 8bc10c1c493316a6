import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is the map a newcomer reads first. It stays short and names what exists,
 * so a folder added or removed, a file renamed or a section retitled shows here before the map
 * misleads anyone.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAP = 'docs/architecture.md';
const MAP_MAX_LINES = 300;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage', '.git', '.tmp', 'screenshots']);

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const foldersIn = (folder: string) =>
  readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder === '.' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(relative);
    return [relative];
  });
}

/** The names a text gives as `<prefix><name>/`, e.g. every `features/<name>/`. */
function namedFolders(text: string, prefix: string): string[] {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = [...text.matchAll(new RegExp(`(?<![\\w-])${escaped}([a-z0-9-]+)/`, 'g'))].map(
    (match) => match[1] as string,
  );
  return [...new Set(found)].sort();
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{Letter}\p{Number} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set(
    [...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((match) => headingSlug(match[1] as string)),
  );
}

/** Relative links of a markdown file that lead nowhere: a missing file, or a missing heading. */
function brokenLinks(file: string, markdown: string, readTarget: (file: string) => string | null): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const broken: string[] = [];
  for (const match of withoutCode.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)) {
    const link = match[1] as string;
    if (/^[a-z]+:/i.test(link)) continue;
    const [target = '', anchor] = link.split('#');
    const targetFile = target === '' ? file : path.posix.join(path.posix.dirname(file), target);
    const text = readTarget(targetFile);
    if (text === null) broken.push(`${file}: ${link} (no file ${targetFile})`);
    else if (anchor && targetFile.endsWith('.md') && !anchorsOf(text).has(anchor)) {
      broken.push(`${file}: ${link} (no heading #${anchor} in ${targetFile})`);
    }
  }
  return broken;
}

const SOURCE_PATH = /^[A-Za-z0-9_.@/-]+\.(ts|tsx|mts|mjs|css|md|yaml|cfg|html)$/;

/** Source files a text names in backticks (`http/auth.plugin.ts`) that no file's path ends with. */
function missingFiles(markdown: string, files: readonly string[]): string[] {
  const missing = new Set<string>();
  for (const match of markdown.matchAll(/`([^`\n]+)`/g)) {
    const named = (match[1] as string).replace(/^\.\//, '');
    if (!SOURCE_PATH.test(named) || named.includes('dist/')) continue;
    if (!files.some((file) => file === named || file.endsWith(`/${named}`))) missing.add(named);
  }
  return [...missing];
}

const docs = filesUnder('docs').filter((file) => file.endsWith('.md'));
/** A file's text, '' for a folder (a link may open one), null when nothing is there. */
function readIfThere(file: string): string | null {
  const absolute = path.join(ROOT, file);
  if (!existsSync(absolute)) return null;
  return statSync(absolute).isDirectory() ? '' : read(file);
}

describe('the docs map', () => {
  const map = read(MAP);

  it(`is at most ${MAP_MAX_LINES} lines`, () => {
    expect(map.split('\n').length).toBeLessThanOrEqual(MAP_MAX_LINES);
  });

  it('names every feature folder of the web, and none that does not exist', () => {
    expect(namedFolders(map, 'features/')).toEqual(foldersIn('web/src/features'));
  });

  it('names every top-level folder of server/src, and none that does not exist', () => {
    expect(namedFolders(map, 'server/src/')).toEqual(foldersIn('server/src'));
  });

  it('names every top-level folder of web/src', () => {
    const unnamed = foldersIn('web/src').filter((folder) => !map.includes(`${folder}/`));
    expect(unnamed).toEqual([]);
  });

  it('has relative links that resolve, in every document under docs/ and the README', () => {
    const broken = [...docs, 'README.md'].flatMap((file) => brokenLinks(file, read(file), readIfThere));
    expect(broken).toEqual([]);
  });

  it('names only source files that exist, in every document under docs/', () => {
    const files = filesUnder('.');
    const missing = docs.flatMap((file) =>
      missingFiles(read(file), files).map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });

  it('catches a missing folder, a broken link and a renamed file', () => {
    expect(namedFolders('`features/a/` and web/src/features/b/ but not my-features/c/', 'features/')).toEqual(
      ['a', 'b'],
    );
    const texts: Record<string, string> = { 'docs/b.md': '# The change feed\n' };
    const readFake = (file: string) => texts[file] ?? null;
    expect(
      brokenLinks(
        'docs/a.md',
        '[x](b.md#the-change-feed) [y](c.md) [z](b.md#gone) [w](https://e.org)',
        readFake,
      ),
    ).toEqual([
      'docs/a.md: c.md (no file docs/c.md)',
      'docs/a.md: b.md#gone (no heading #gone in docs/b.md)',
    ]);
    expect(
      missingFiles('`http/auth.plugin.ts` and `http/gone.ts`', ['server/src/http/auth.plugin.ts']),
    ).toEqual(['http/gone.ts']);
  });
});
