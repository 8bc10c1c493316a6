/** A dropped folder as the spec describes it: its name, its files and its sub-folders. */
export interface FolderTree {
  name: string;
  files: File[];
  children: FolderTree[];
}

export interface DroppedFile {
  file: File;
  /** '/'-separated folder path inside the drop ('' for a loose file). */
  folder: string;
}

export interface DropContents {
  loose: File[];
  trees: FolderTree[];
  /** Folders that could not be read as a tree (Safari): each becomes a FileIsFolder row. */
  unreadableFolders: string[];
}

// Operating-system bookkeeping that users never meant to upload.
const SYSTEM_FILES = new Set(['thumbs.db', 'desktop.ini', 'ehthumbs.db', 'icon\r', '__macosx']);

export function isHiddenSystemName(name: string): boolean {
  return name.startsWith('.') || SYSTEM_FILES.has(name.toLowerCase());
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

// readEntries hands out at most ~100 entries per call; it signals the end with an empty batch.
async function readAllEntries(directory: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = directory.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

export async function readFolderTree(directory: FileSystemDirectoryEntry): Promise<FolderTree> {
  const tree: FolderTree = { name: directory.name, files: [], children: [] };
  for (const entry of await readAllEntries(directory)) {
    if (isHiddenSystemName(entry.name)) continue;
    if (entry.isDirectory) tree.children.push(await readFolderTree(entry as FileSystemDirectoryEntry));
    else if (entry.isFile) tree.files.push(await fileOf(entry as FileSystemFileEntry));
  }
  return tree;
}

/** Every file of the trees with its folder path, depth first, in the order read. */
export function flattenTrees(trees: readonly FolderTree[], parent = ''): DroppedFile[] {
  const out: DroppedFile[] = [];
  for (const tree of trees) {
    const folder = parent ? `${parent}/${tree.name}` : tree.name;
    for (const file of tree.files) out.push({ file, folder });
    out.push(...flattenTrees(tree.children, folder));
  }
  return out;
}

export interface DropItemLike {
  kind: string;
  getAsFile(): File | null;
  webkitGetAsEntry(): FileSystemEntry | null;
}

/**
 * Reads a drop. Entries must be taken synchronously inside the drop handler (the list empties after
 * the event), so this grabs them all first and reads the folders afterwards.
 */
export async function readDrop(
  items: ArrayLike<DropItemLike>,
  options: { readFolders: boolean },
): Promise<DropContents> {
  const grabbed = Array.from(items)
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  const contents: DropContents = { loose: [], trees: [], unreadableFolders: [] };
  for (const { entry, file } of grabbed) {
    if (entry?.isDirectory) {
      if (isHiddenSystemName(entry.name)) continue;
      if (options.readFolders) contents.trees.push(await readFolderTree(entry as FileSystemDirectoryEntry));
      else contents.unreadableFolders.push(entry.name);
    } else if (file && !isHiddenSystemName(file.name)) {
      contents.loose.push(file);
    }
  }
  return contents;
}

/** Safari reads no folder trees from a drop (core.md §5), so it gets its own folder message. */
export function isSafari(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return /Safari\//.test(userAgent) && !/Chrome\/|Chromium\/|CriOS\/|Edg\/|OPR\/|Android/.test(userAgent);
}
