import { describe, expect, it } from 'vitest';
import type { EncodingStatus, FileType } from './file';
import type { MediaKind } from './media-links';
import {
  decodeTileFlags,
  encodeTileFlags,
  expandTiles,
  TILE_ENCODINGS,
  TILE_FILE_TYPES,
  TILE_MEDIA_KINDS,
  type TimelineTiles,
} from './timeline-tiles';

describe('tile flags', () => {
  it('round-trips every combination and gives each a distinct number', () => {
    const seen = new Set<number>();
    for (const fileType of TILE_FILE_TYPES as FileType[])
      for (const mediaKind of TILE_MEDIA_KINDS as MediaKind[])
        for (const isScreenshot of [false, true])
          for (const encodingStatus of TILE_ENCODINGS as (EncodingStatus | undefined)[]) {
            const flags = {
              fileType,
              mediaKind,
              isScreenshot,
              ...(encodingStatus ? { encodingStatus } : {}),
            };
            const value = encodeTileFlags(flags);
            expect(decodeTileFlags(value)).toEqual(flags);
            seen.add(value);
          }
    expect(seen.size).toBe(3 * 3 * 2 * 5);
  });

  it('refuses a number no encoder makes', () => {
    expect(() => decodeTileFlags(3)).toThrow(/invalid tile flags/);
    expect(() => decodeTileFlags(3 << 3)).toThrow(/invalid tile flags/);
  });
});

describe('expandTiles', () => {
  const tiles: TimelineTiles = {
    jobID: 'job 1',
    origin: 'https://photos.example',
    exp: 1_800_000_000,
    users: ['u1', 'u2'],
    fileID: ['p', 'm', 'n'],
    fileName: ['a.jpg', 'b.mp4', 'c.jpg'],
    timestamp: [30, 20, 10],
    duration: [0, 12, 0],
    size: [2_000_000, 48_000_000, 1],
    user: [0, 1, 0],
    flags: [
      encodeTileFlags({ fileType: 'Pictures', mediaKind: 'picture', isScreenshot: true }),
      encodeTileFlags({
        fileType: 'Movies',
        mediaKind: 'movie',
        isScreenshot: false,
        encodingStatus: 'ENCODED',
      }),
      encodeTileFlags({ fileType: 'Pictures', mediaKind: 'picture', isScreenshot: false }),
    ],
    width: [4000, 1920, null],
    height: [3000, 1080, null],
    thumbhash: ['abc', null, null],
    sig: 'g1',
  };

  it('builds records with URLs that carry the job’s grant', () => {
    const [picture, movie, other] = expandTiles(tiles);
    expect(picture).toEqual({
      fileID: 'p',
      jobID: 'job 1',
      fileName: 'a.jpg',
      timestamp: 30,
      duration: 0,
      size: 2_000_000,
      user_uuid: 'u1',
      file_type: 'Pictures',
      is_screenshot: true,
      width: 4000,
      height: 3000,
      thumbURLSmall: 'https://photos.example/th/3/p?area=256&exp=1800000000&sig=g1',
      thumbURLTile: 'https://photos.example/th/3/p?area=512&exp=1800000000&sig=g1',
      thumbURLLarge: 'https://photos.example/th/3/p?area=1280&exp=1800000000&sig=g1',
      thumbhash: 'abc',
      previewURL: 'https://photos.example/st/4/jobs/job%201/files_by_id/p/preview?exp=1800000000&sig=g1',
    });
    expect(movie).toMatchObject({
      user_uuid: 'u2',
      file_type: 'Movies',
      encodingStatus: 'ENCODED',
      duration: 12,
      videoURL: 'https://photos.example/st/4/jobs/job%201/files_by_id/m/video?exp=1800000000&sig=g1',
    });
    expect(other?.thumbURLSmall).toBe('https://photos.example/th/3/n?area=256&exp=1800000000&sig=g1');
  });

  it('builds no URLs without a grant: the client shows placeholders', () => {
    for (const file of expandTiles({ ...tiles, sig: null })) {
      expect(file).toMatchObject({
        thumbURLSmall: null,
        thumbURLTile: null,
        thumbURLLarge: null,
        previewURL: null,
      });
    }
  });
});
