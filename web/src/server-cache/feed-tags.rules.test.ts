import { describe, expect, it } from 'vitest';
import { tagsTouched } from './feed-tags.rules';

const comment = { fileID: 'f1', comment: 'hi' };

describe('tagsTouched', () => {
  it("drops a commented file's comments only", () => {
    const events = [
      { kind: 'commentSet' as const, serial: 3, commentId: 'c1', comment },
      { kind: 'commentSet' as const, serial: 4, commentId: 'c2', comment },
    ];
    expect(tagsTouched({ jobId: 'a1', serial: 4, events })).toEqual([{ type: 'Comments', id: 'a1/f1' }]);
  });

  it("drops the album's files and the list when a file comes or goes", () => {
    const events = [
      { kind: 'fileAdded' as const, serial: 5, fileId: 'f2' },
      { kind: 'fileRemoved' as const, serial: 6, fileId: 'f3' },
    ];
    expect(tagsTouched({ jobId: 'a1', serial: 6, events })).toEqual([
      { type: 'AlbumFiles', id: 'a1' },
      'AlbumList',
    ]);
  });

  it('drops the album and the list when the album changes, and nothing for a reaction', () => {
    const reaction = { fileID: 'f1', user: 'u', reaction: 'love', count: 1 };
    expect(
      tagsTouched({
        jobId: 'a1',
        serial: 8,
        events: [
          { kind: 'reaction', serial: 7, reaction },
          { kind: 'albumChanged', serial: 8 },
        ],
      }),
    ).toEqual([{ type: 'Album', id: 'a1' }, 'AlbumList']);
    expect(
      tagsTouched({ jobId: 'a1', serial: 7, events: [{ kind: 'reaction', serial: 7, reaction }] }),
    ).toEqual([]);
  });
});
