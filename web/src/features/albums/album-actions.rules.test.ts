import { describe, expect, it } from 'vitest';
import { type AlbumActionFacts, albumActionLayout, albumActions } from './album-actions.rules';

const none = { addFiles: false, subscribe: false, unsubscribe: false, keepFiles: false, editAlbum: false };
const owner: AlbumActionFacts = {
  isOwner: true,
  visitor: false,
  signedIn: true,
  isShared: true,
  rights: { ...none, addFiles: true, editAlbum: true },
};
const signedOutVisitor: AlbumActionFacts = {
  isOwner: false,
  visitor: true,
  signedIn: false,
  isShared: true,
  rights: none,
};

describe('album actions', () => {
  it('gives the owner add, share and settings, with delete kept in More', () => {
    const actions = albumActions(owner);
    expect(actions).toEqual(['addPhotos', 'share', 'download', 'slideshow', 'sort', 'settings', 'delete']);
    expect(albumActionLayout(actions, false)).toEqual({
      buttons: ['addPhotos', 'share', 'download', 'slideshow', 'sort', 'settings'],
      menu: ['delete'],
    });
  });

  it('on a phone keeps two labelled leading actions and moves the rest into More', () => {
    expect(albumActionLayout(albumActions(owner), true)).toEqual({
      buttons: ['addPhotos', 'share'],
      menu: ['download', 'slideshow', 'sort', 'settings', 'delete'],
    });
    expect(albumActionLayout(albumActions(signedOutVisitor), true)).toEqual({
      buttons: ['join', 'keepFiles'],
      menu: ['download', 'slideshow', 'sort', 'createOwn'],
    });
  });

  it('gives a participant leave, and no share or settings', () => {
    const actions = albumActions({
      ...owner,
      isOwner: false,
      rights: { ...none, addFiles: true, unsubscribe: true, keepFiles: true },
    });
    expect(actions).toEqual(['addPhotos', 'keepFiles', 'download', 'slideshow', 'sort', 'leave']);
    expect(albumActionLayout(actions, true).buttons).toEqual(['addPhotos', 'keepFiles']);
  });

  it('offers a signed-out visitor of a private-link album no join', () => {
    expect(albumActions({ ...signedOutVisitor, isShared: false })).not.toContain('join');
  });
});
