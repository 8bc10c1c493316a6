import { describe, expect, it } from 'vitest';
import {
  albumDraftActions as actions,
  draftFor,
  initialAlbumDraftState,
  albumDraftReducer as reduce,
} from './album-draft.slice';
import { ALBUM_TITLE_MAX, albumTitleError, canCreateAlbum, titleToCreate } from './album-title.rules';

describe('album title rules (core.md §5)', () => {
  it('trims and caps at 255 characters', () => {
    expect(albumTitleError(`  ${'a'.repeat(ALBUM_TITLE_MAX)}  `, false)).toBeNull();
    expect(albumTitleError('a'.repeat(ALBUM_TITLE_MAX + 1), false)).toBe('tooLong');
    expect(titleToCreate('  Summer  ', false, 'New shared album')).toBe('Summer');
  });

  it('needs a name for a shared album; an empty one takes the default shared title', () => {
    expect(albumTitleError('   ', true)).toBe('requiredForShared');
    expect(albumTitleError('   ', false)).toBeNull();
    expect(titleToCreate('  ', true, 'New shared album')).toBe('New shared album');
    expect(titleToCreate('  ', false, 'New shared album')).toBe('');
  });

  it('enables create for a private album while the draft holds, a shared one when named and signed in', () => {
    expect(canCreateAlbum({ title: '', isShared: false, signedIn: false })).toBe(true);
    expect(canCreateAlbum({ title: 'x'.repeat(300), isShared: false, signedIn: true })).toBe(false);
    expect(canCreateAlbum({ title: 'Trip', isShared: true, signedIn: false })).toBe(false);
    expect(canCreateAlbum({ title: ' ', isShared: true, signedIn: true })).toBe(false);
    expect(canCreateAlbum({ title: 'Trip', isShared: true, signedIn: true })).toBe(true);
  });
});

describe('album draft', () => {
  it("hands the overlay's files to the draft and forgets the draft on cancel", () => {
    let state = reduce(initialAlbumDraftState(), actions.overlayOpened({ preselected: ['f1', 'f2'] }));
    expect(state.overlay.open).toBe(true);
    state = reduce(state, actions.draftStarted({ draftId: 'd1', title: 'Trip', isShared: false }));
    expect(state.overlay.open).toBe(false);
    expect(draftFor(state, 'd1')).toMatchObject({ title: 'Trip', preselected: ['f1', 'f2'] });
    expect(draftFor(state, 'other')).toBeNull();
    state = reduce(state, actions.preselectionTaken());
    expect(state.draft?.preselected).toEqual([]);
    state = reduce(state, actions.draftRemoved());
    expect(draftFor(state, 'd1')).toBeNull();
  });

  it('renames the draft only while there is one', () => {
    const renamed = reduce(initialAlbumDraftState(), actions.draftRenamed({ title: 'x', isShared: true }));
    expect(renamed.draft).toBeNull();
  });
});
