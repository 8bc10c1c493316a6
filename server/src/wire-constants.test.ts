import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ALBUM_PASSWORD_HEADER } from '@nordlys/contract/album';
import * as jobChanges from '@nordlys/contract/job-changes';
import { SHARE_PASSWORD_HEADER } from '@nordlys/contract/share';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Wire constants are written once, in the contract, and imported everywhere else: a header name
 * or a change code typed out again keeps working until the day the two copies disagree.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCANNED = ['contract/src', 'server/src', 'server/test', 'web/src', 'e2e', 'bench'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'coverage']);

/** Header names the clients send, with the one file that may spell them out. */
const HEADERS = [
  { name: 'ALBUM_PASSWORD_HEADER', value: ALBUM_PASSWORD_HEADER, home: 'contract/src/album.ts' },
  { name: 'SHARE_PASSWORD_HEADER', value: SHARE_PASSWORD_HEADER, home: 'contract/src/share.ts' },
];

/** The change feed's type codes, read from the contract (CHANGE_FILE_ADDED, CHANGE_COMMENT, …). */
const CHANGE_CODES = Object.entries(jobChanges as Record<string, unknown>)
  .filter(
    (entry): entry is [string, number] => entry[0].startsWith('CHANGE_') && typeof entry[1] === 'number',
  )
  .map(([name, value]) => ({ name, value, tail: normalise(name.replace(/^CHANGE_/, '')) }));

function normalise(name: string): string {
  return name.replace(/_/g, '').toLowerCase();
}

function sourceFiles(folder: string): string[] {
  const absolute = path.join(ROOT, folder);
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(path.join(folder, entry.name));
    }
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [path.join(folder, entry.name)]
      : [];
  });
}

interface Finding {
  at: string;
  says: string;
}

/** Every string a file writes (literals and the text of templates); comments are not strings. */
function stringsIn(source: ts.SourceFile): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Change codes declared again: a constant or an object property whose name is a code's (CHANGE_COMMENT,
 * `comment`, `fileAdded`, `marker` for CHANGE_EVENT_MARKER) given that code's number as a literal.
 */
function changeCodesIn(source: ts.SourceFile): { name: string; code: string; line: number }[] {
  const found: { name: string; code: string; line: number }[] = [];
  const check = (nameNode: ts.Node, value: ts.Node | undefined) => {
    if (!value || !ts.isNumericLiteral(value)) return;
    if (!ts.isIdentifier(nameNode) && !ts.isStringLiteral(nameNode)) return;
    const name = normalise(nameNode.text);
    const code = CHANGE_CODES.find(
      (candidate) =>
        candidate.value === Number(value.text) &&
        name.length >= 4 &&
        (name.endsWith(candidate.tail) || candidate.tail.endsWith(name)),
    );
    if (code) {
      const line = source.getLineAndCharacterOfPosition(nameNode.getStart()).line + 1;
      found.push({ name: nameNode.text, code: code.name, line });
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node)) check(node.name, node.initializer);
    else if (ts.isPropertyAssignment(node)) check(node.name, node.initializer);
    else if (ts.isEnumMember(node)) check(node.name, node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const parse = (file: string, text: string) =>
  ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

/** Where the change codes are declared: the file codes beside JobChange, the others with the feed. */
const CHANGE_CODE_HOMES = new Set(['contract/src/job-changes.ts', 'contract/src/timeline.ts']);

/** Parsing every file is slow; only a file with a header's name or `name: number` can hold a copy. */
function mayHoldCopy(text: string): boolean {
  const lower = text.toLowerCase();
  if (HEADERS.some((header) => lower.includes(header.value.toLowerCase()))) return true;
  for (const [, name, value] of text.matchAll(/([A-Za-z_]\w*)['"]?\s*[:=]\s*(\d+)\b/g)) {
    const normalised = normalise(name ?? '');
    if (
      CHANGE_CODES.some(
        (code) =>
          code.value === Number(value) && (normalised.endsWith(code.tail) || code.tail.endsWith(normalised)),
      )
    ) {
      return true;
    }
  }
  return false;
}

function findingsIn(file: string, text: string): Finding[] {
  if (!mayHoldCopy(text)) return [];
  const source = parse(file, text);
  const findings: Finding[] = [];
  for (const header of HEADERS) {
    if (file === header.home) continue;
    for (const written of stringsIn(source)) {
      if (written.text.toLowerCase().includes(header.value.toLowerCase())) {
        findings.push({
          at: `${file}:${written.line}`,
          says: `writes "${header.value}": use ${header.name}`,
        });
      }
    }
  }
  for (const declared of changeCodesIn(source)) {
    findings.push({
      at: `${file}:${declared.line}`,
      says: `declares ${declared.name} as a number: import ${declared.code} from contract/job-changes`,
    });
  }
  return findings;
}

describe('wire constants', () => {
  const files = SCANNED.flatMap(sourceFiles);

  it('are written once: no header name or change code spelt out outside its definition', () => {
    expect(files.length).toBeGreaterThan(500);
    const findings = files.flatMap((file) => {
      if (file === 'server/src/wire-constants.test.ts') return [];
      const found = findingsIn(file, readFileSync(path.join(ROOT, file), 'utf8'));
      // A code's home declares it; anything else there is a copy too.
      return CHANGE_CODE_HOMES.has(file)
        ? found.filter((finding) => !/declares CHANGE_/.test(finding.says))
        : found;
    });
    expect(findings.map((finding) => `${finding.at} ${finding.says}`)).toEqual([]);
  });

  it('each change code is declared in exactly one home', () => {
    expect(CHANGE_CODES.map((code) => code.name).sort()).toEqual([
      'CHANGE_COMMENT',
      'CHANGE_EVENT_MARKER',
      'CHANGE_FILE_ADDED',
      'CHANGE_FILE_REMOVED',
      'CHANGE_REACTION',
    ]);
    const declarations = [...CHANGE_CODE_HOMES].flatMap((file) =>
      changeCodesIn(parse(file, readFileSync(path.join(ROOT, file), 'utf8'))).map((found) => found.name),
    );
    expect(declarations.sort()).toEqual(CHANGE_CODES.map((code) => code.name).sort());
  });

  it('finds a copy written the ways a copy is written', () => {
    const copy = [
      "const headers = { 'x-album-password': password };",
      // A template with a placeholder: its text before the placeholder is a string too.
      'const note = `send it in X-Share-Password ($' + '{why})`;',
      'export const ChangeType = { fileAdded: 0, marker: 11 };',
      'const CHANGE_REACTION = 12;',
      '// X-Album-Password in a comment is prose, not a copy.',
      'const unrelated = { count: 0, comment: 3 };',
    ].join('\n');
    expect(findingsIn('web/src/copy.ts', copy).map((finding) => finding.says)).toEqual([
      'writes "X-Album-Password": use ALBUM_PASSWORD_HEADER',
      'writes "X-Share-Password": use SHARE_PASSWORD_HEADER',
      'declares fileAdded as a number: import CHANGE_FILE_ADDED from contract/job-changes',
      'declares marker as a number: import CHANGE_EVENT_MARKER from contract/job-changes',
      'declares CHANGE_REACTION as a number: import CHANGE_REACTION from contract/job-changes',
    ]);
  });
});
