import { describe, expect, it } from 'vitest';
import {
  type CheckContext,
  checkBatch,
  checkFile,
  extensionOf,
  MAX_FILE_SIZE,
  mediaKindOf,
} from './upload-checks';

const extensions = { pictures: ['jpg', 'jpeg', 'png', 'heic'], videos: ['mp4', 'mov'] };
const context: CheckContext = { extensions, remainingSpace: null };
const candidate = (name: string, size = 10, readable = true) => ({ id: name, name, size, readable });

describe('upload checks (core.md §5), in order', () => {
  it('an unreadable entry is a folder, before anything else is looked at', () => {
    expect(checkFile(candidate('Holiday', 0, false), context)).toBe('FileIsFolder');
    expect(checkFile(candidate('huge.txt', MAX_FILE_SIZE + 1, false), context)).toBe('FileIsFolder');
  });

  it('then the type must be a picture or a movie', () => {
    expect(checkFile(candidate('notes.txt'), context)).toBe('UnSupported');
    expect(checkFile(candidate('noextension'), context)).toBe('UnSupported');
    expect(checkFile(candidate('huge.txt', MAX_FILE_SIZE + 1), context)).toBe('UnSupported');
    expect(checkFile(candidate('IMG.HEIC'), context)).toBeNull();
    expect(checkFile(candidate('clip.MP4'), context)).toBeNull();
  });

  it('then the size must be at most 200 GiB', () => {
    expect(checkFile(candidate('big.mov', MAX_FILE_SIZE), context)).toBeNull();
    expect(checkFile(candidate('big.mov', MAX_FILE_SIZE + 1), context)).toBe('TooLargeFile');
    expect(checkFile(candidate('big.mov', 101), { ...context, maxFileSize: 100 })).toBe('TooLargeFile');
  });

  it('extensions are read case-insensitively from the last dot', () => {
    expect(extensionOf('a.b.JPG')).toBe('jpg');
    expect(extensionOf('.hidden')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
    expect(mediaKindOf('x.jpeg', extensions)).toBe('picture');
    expect(mediaKindOf('x.mov', extensions)).toBe('movie');
    expect(mediaKindOf('x.pdf', extensions)).toBeNull();
  });
});

describe('batch space check', () => {
  const batch = [candidate('a.jpg', 400), candidate('b.mp4', 500), candidate('c.txt', 10_000)];

  it('accepts the batch when the accepted files fit the remaining space', () => {
    expect(checkBatch(batch, { extensions, remainingSpace: 900 })).toEqual({
      accepted: ['a.jpg', 'b.mp4'],
      rejected: [{ id: 'c.txt', reason: 'UnSupported' }],
      overSpace: [],
    });
  });

  it('rejects the whole batch when it does not fit, even files that would fit alone', () => {
    expect(checkBatch(batch, { extensions, remainingSpace: 899 })).toEqual({
      accepted: [],
      rejected: [{ id: 'c.txt', reason: 'UnSupported' }],
      overSpace: ['a.jpg', 'b.mp4'],
    });
  });

  it('skips the space check when the free space is unknown', () => {
    expect(checkBatch(batch, context).overSpace).toEqual([]);
  });
});
