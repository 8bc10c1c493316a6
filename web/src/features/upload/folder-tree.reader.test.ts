import { describe, expect, it } from 'vitest';
import {
  type DropItemLike,
  flattenTrees,
  isHiddenSystemName,
  isSafari,
  readDrop,
  readFolderTree,
} from './folder-tree.reader';

type FakeNode = File | { dir: string; entries: FakeNode[] };

// Mirrors the browser's FileSystemEntry API, including readEntries handing out small batches.
function entryOf(node: FakeNode): FileSystemEntry {
  if (node instanceof File) {
    return {
      name: node.name,
      isFile: true,
      isDirectory: false,
      file: (ok: (file: File) => void) => ok(node),
    } as unknown as FileSystemEntry;
  }
  return {
    name: node.dir,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      const pending = node.entries.map(entryOf);
      return {
        readEntries: (ok: (entries: FileSystemEntry[]) => void) => ok(pending.splice(0, 2)),
      };
    },
  } as unknown as FileSystemEntry;
}

const f = (name: string) => new File(['x'], name);

const holiday: FakeNode = {
  dir: 'Holiday',
  entries: [
    f('a.jpg'),
    f('.DS_Store'),
    f('Thumbs.db'),
    f('b.png'),
    f('c.mp4'),
    { dir: 'Day 2', entries: [f('d.jpg'), f('._d.jpg'), f('desktop.ini')] },
    { dir: '.git', entries: [f('config')] },
  ],
};

describe('dropped folder tree', () => {
  it('reads a folder as name, files and children, skipping hidden system files', async () => {
    const tree = await readFolderTree(entryOf(holiday) as FileSystemDirectoryEntry);
    expect(tree.name).toBe('Holiday');
    expect(tree.files.map((file) => file.name)).toEqual(['a.jpg', 'b.png', 'c.mp4']);
    expect(tree.children.map((child) => child.name)).toEqual(['Day 2']);
    expect(tree.children[0]!.files.map((file) => file.name)).toEqual(['d.jpg']);
  });

  it('flattens trees into files with their folder paths', async () => {
    const tree = await readFolderTree(entryOf(holiday) as FileSystemDirectoryEntry);
    expect(flattenTrees([tree]).map(({ file, folder }) => `${folder}/${file.name}`)).toEqual([
      'Holiday/a.jpg',
      'Holiday/b.png',
      'Holiday/c.mp4',
      'Holiday/Day 2/d.jpg',
    ]);
  });

  it('knows the system names', () => {
    for (const name of ['.DS_Store', 'Thumbs.db', 'desktop.ini', '.hidden', '__MACOSX']) {
      expect(isHiddenSystemName(name)).toBe(true);
    }
    expect(isHiddenSystemName('photo.jpg')).toBe(false);
  });
});

describe('reading a drop', () => {
  const item = (node: FakeNode, kind = 'file'): DropItemLike => ({
    kind,
    getAsFile: () => (node instanceof File ? node : null),
    webkitGetAsEntry: () => entryOf(node),
  });

  it('separates loose files and folder trees and ignores non-file items', async () => {
    const contents = await readDrop(
      [item(f('loose.jpg')), item(f('.DS_Store')), item(holiday), item(f('s'), 'string')],
      {
        readFolders: true,
      },
    );
    expect(contents.loose.map((file) => file.name)).toEqual(['loose.jpg']);
    expect(contents.trees.map((tree) => tree.name)).toEqual(['Holiday']);
    expect(contents.unreadableFolders).toEqual([]);
  });

  it('without folder reading (Safari) a folder becomes an unreadable folder', async () => {
    const contents = await readDrop([item(holiday)], { readFolders: false });
    expect(contents.trees).toEqual([]);
    expect(contents.unreadableFolders).toEqual(['Holiday']);
  });

  it('falls back to the plain file when the browser gives no entry', async () => {
    const contents = await readDrop(
      [{ kind: 'file', getAsFile: () => f('x.jpg'), webkitGetAsEntry: () => null }],
      {
        readFolders: true,
      },
    );
    expect(contents.loose.map((file) => file.name)).toEqual(['x.jpg']);
  });

  it('tells Safari from Chrome', () => {
    expect(
      isSafari(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      ),
    ).toBe(true);
    expect(
      isSafari(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      ),
    ).toBe(false);
  });
});
