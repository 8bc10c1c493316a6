import { describe, expect, it } from 'vitest';
import { archiveFileName, asJpegName, createNameRegistry, entryPath, isHeicName } from './archive-names';

describe('archive entry names', () => {
  it('keeps the folder path unless flattened', () => {
    expect(entryPath('Trip/Day 1/a.jpg', false)).toBe('Trip/Day 1/a.jpg');
    expect(entryPath('Trip/Day 1/a.jpg', true)).toBe('a.jpg');
    expect(entryPath('a.jpg', true)).toBe('a.jpg');
  });

  it('numbers repeated names before the extension, case-insensitively', () => {
    const name = createNameRegistry();
    expect(name('a.jpg')).toBe('a.jpg');
    expect(name('A.JPG')).toBe('A (1).JPG');
    expect(name('a.jpg')).toBe('a (2).jpg');
    expect(name('dir.x/README')).toBe('dir.x/README');
    expect(name('dir.x/README')).toBe('dir.x/README (1)');
    expect(name('.hidden')).toBe('.hidden');
    expect(name('.hidden')).toBe('.hidden (1)');
  });

  it('does not hand out a numbered name that a later file already has', () => {
    const name = createNameRegistry();
    expect(name('a (1).jpg')).toBe('a (1).jpg');
    expect(name('a.jpg')).toBe('a.jpg');
    expect(name('a.jpg')).toBe('a (2).jpg');
  });

  it('renames HEIC pictures converted to JPEG', () => {
    expect(isHeicName('IMG_1.HEIC')).toBe(true);
    expect(isHeicName('x.heif')).toBe(true);
    expect(isHeicName('x.jpg')).toBe(false);
    expect(asJpegName('IMG_1.HEIC')).toBe('IMG_1.jpg');
  });

  it('names the archive with .zip and without path separators', () => {
    expect(archiveFileName('Sommer 2024', 'x')).toBe('Sommer 2024.zip');
    expect(archiveFileName('Ferie å/ø.ZIP', 'x')).toBe('Ferie å_ø.ZIP');
    expect(archiveFileName(undefined, 'Nordlys')).toBe('Nordlys.zip');
    expect(archiveFileName('  ', 'Nordlys')).toBe('Nordlys.zip');
  });
});
