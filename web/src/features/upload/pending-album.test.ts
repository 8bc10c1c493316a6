import { describe, expect, it } from 'vitest';
import {
  isPendingAlbumJob,
  type PendingAlbum,
  pendingAlbumJob,
  reconcilePendingAlbum,
} from './pending-album';

const album: PendingAlbum = {
  pendingId: 'd1',
  title: 'Trip',
  isShared: true,
  albumId: null,
  pendingFiles: ['i1', 'i2', 'i3'],
  uploadedFiles: [],
};
const item = (
  id: string,
  over: Partial<{ finished: boolean; stored: boolean; fileUUID: string | null }> = {},
) => ({
  id,
  pendingAlbum: 'd1',
  finished: false,
  stored: false,
  fileUUID: null,
  ...over,
});

describe('pending album', () => {
  it('names its uploads by a job id of its own', () => {
    expect(isPendingAlbumJob(pendingAlbumJob('d1'))).toBe(true);
    expect(isPendingAlbumJob('default')).toBe(false);
  });

  it('moves stored uploads to uploadedFiles and drops failed ones from pendingFiles', () => {
    const next = reconcilePendingAlbum(album, [
      item('i1', { finished: true, stored: true, fileUUID: 'f1' }),
      item('i2', { finished: true }),
      item('i3'),
      { ...item('other'), pendingAlbum: 'd2' },
    ]);
    expect(next.pendingFiles).toEqual(['i3']);
    expect(next.uploadedFiles).toEqual(['f1']);
  });

  it('answers the same object when nothing changed', () => {
    const settled = { ...album, pendingFiles: ['i3'] };
    expect(reconcilePendingAlbum(settled, [item('i3')])).toBe(settled);
  });
});
