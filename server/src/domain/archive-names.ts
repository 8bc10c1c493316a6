/**
 * Names of the entries inside an archive. Stored paths are already relative and free of '..'
 * (file-path.ts); these rules only pick the name and keep every entry distinct, so that an unzip
 * never overwrites one file with another.
 */

const HEIC = /\.(heic|heif)$/i;

export const isHeicName = (name: string) => HEIC.test(name);

/** The JPEG rendering's name: `IMG_1.HEIC` → `IMG_1.jpg`. */
export const asJpegName = (name: string) => name.replace(HEIC, '.jpg');

/** The entry name for a stored path: the path itself, or only its file name when flattened. */
export function entryPath(path: string, flattened: boolean): string {
  const trimmed = path.replace(/^\/+/, '');
  return flattened ? trimmed.slice(trimmed.lastIndexOf('/') + 1) : trimmed;
}

/** `a/b.jpg` with n → `a/b (n).jpg`; a name without extension gets the number at its end. */
function numbered(name: string, n: number): string {
  const slash = name.lastIndexOf('/');
  const dot = name.lastIndexOf('.');
  if (dot <= slash + 1) return `${name} (${n})`;
  return `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
}

/**
 * Hands out entry names, each once. Zip readers differ on case (Windows and macOS fold it), so
 * two names equal but for case count as the same.
 */
export function createNameRegistry() {
  const taken = new Set<string>();
  return (wanted: string): string => {
    let name = wanted;
    for (let n = 1; taken.has(name.toLowerCase()); n += 1) name = numbered(wanted, n);
    taken.add(name.toLowerCase());
    return name;
  };
}

/** The archive's download name: the one asked for with `.zip`, path separators and controls removed. */
export function archiveFileName(requested: string | undefined, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = (requested ?? '').replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim();
  const base = clean.length > 0 ? clean : fallback;
  return /\.zip$/i.test(base) ? base : `${base}.zip`;
}
