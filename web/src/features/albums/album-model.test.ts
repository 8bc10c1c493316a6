import { describe, expect, it } from 'vitest';
import { sampleAlbum } from './album.test-data';
import { toAlbumView } from './album-model';

describe('album model', () => {
  it('applies the defaults: trimmed name, flow view, mtime as activity when nothing happened', () => {
    expect(toAlbumView(sampleAlbum())).toMatchObject({
      name: 'Summer',
      isShared: false,
      sortOrder: 'ADDED',
      viewMode: 'flow',
      lastUpdate: 20,
      ownerName: 'o@example.com',
      participantCount: 0,
      coverUrl: null,
    });
  });

  it('counts participants only when shared and prefers the tile-sized cover', () => {
    const view = toAlbumView(
      sampleAlbum({
        isShared: true,
        participant_count: 4,
        last_update: 30,
        cover: { fileID: 'f', thumbURLSmall: 's', thumbURLTile: 't', thumbURLLarge: 'l', thumbhash: null },
      }),
    );
    expect(view).toMatchObject({ participantCount: 4, lastUpdate: 30, coverUrl: 't', coverLargeUrl: 'l' });
    expect(toAlbumView(sampleAlbum({ participant_count: 4 })).participantCount).toBe(0);
  });
});
