import { describe, expect, it } from 'vitest';
import { type AlbumFacts, type AlbumStanding, currentUserCan, decideAlbumRead } from './album-access';
import type { Caller } from './caller';

const album = (over: Partial<AlbumFacts> = {}): AlbumFacts => ({
  ownerId: 'owner',
  privacy: 'shared',
  hasPassword: false,
  permissions: 3,
  ...over,
});
type CallerFacts = Pick<Caller, 'userId' | 'isReadOnly'>;
const caller = (
  over: Partial<CallerFacts & AlbumStanding> = {},
): [Pick<Caller, 'userId' | 'isReadOnly'>, AlbumStanding] => {
  const all = {
    userId: 'someone',
    isReadOnly: false,
    isMember: false,
    passwordMatched: false,
    isNamedGuest: false,
    ...over,
  };
  return [
    { userId: all.userId, isReadOnly: all.isReadOnly },
    { isMember: all.isMember, passwordMatched: all.passwordMatched, isNamedGuest: all.isNamedGuest },
  ];
};

describe('album read decision', () => {
  it('lets the owner read whatever the album is', () => {
    for (const privacy of ['private', 'shared'] as const) {
      expect(decideAlbumRead(album({ privacy, hasPassword: true }), ...caller({ userId: 'owner' }))).toEqual({
        role: 'owner',
      });
    }
  });

  it('keeps a private album from everyone else, members included', () => {
    expect(decideAlbumRead(album({ privacy: 'private' }), ...caller({ isMember: true }))).toEqual({
      denied: 'secured',
    });
    expect(decideAlbumRead(album({ privacy: 'private' }), ...caller({ userId: null }))).toEqual({
      denied: 'secured',
    });
  });

  it('asks non-members of a password album for the password', () => {
    const locked = album({ hasPassword: true });
    expect(decideAlbumRead(locked, ...caller())).toEqual({ denied: 'password' });
    expect(decideAlbumRead(locked, ...caller({ userId: null }))).toEqual({ denied: 'password' });
    expect(decideAlbumRead(locked, ...caller({ passwordMatched: true }))).toEqual({ role: 'visitor' });
    expect(decideAlbumRead(locked, ...caller({ isMember: true }))).toEqual({ role: 'subscriber' });
  });

  it('opens a shared album to visitors, signed in or not', () => {
    expect(decideAlbumRead(album(), ...caller({ userId: null }))).toEqual({ role: 'visitor' });
    expect(decideAlbumRead(album(), ...caller())).toEqual({ role: 'visitor' });
  });
});

describe('what the caller may do (core.md §6)', () => {
  it('gives the owner everything but joining and leaving', () => {
    const can = currentUserCan('owner', album(), ...caller({ userId: 'owner' }));
    expect(can).toMatchObject({
      addComment: true,
      deleteComment: true,
      deleteFile: true,
      editAlbum: true,
      addFiles: true,
    });
    expect(can.subscribe || can.unsubscribe).toBe(false);
  });

  it('lets a read-only owner set the cover only in a shared album, and never add or keep files', () => {
    const readOnly = caller({ userId: 'owner', isReadOnly: true });
    expect(currentUserCan('owner', album({ privacy: 'private' }), ...readOnly).setFileAsAlbumCoverPhoto).toBe(
      false,
    );
    expect(currentUserCan('owner', album(), ...readOnly).setFileAsAlbumCoverPhoto).toBe(true);
    expect(currentUserCan('owner', album(), ...readOnly)).toMatchObject({
      addFiles: false,
      keepFiles: false,
    });
  });

  it('lets participants add files and comment only while the album allows it', () => {
    const member = caller({ isMember: true });
    expect(currentUserCan('subscriber', album({ permissions: 3 }), ...member)).toMatchObject({
      addFiles: true,
      addComment: true,
      unsubscribe: true,
      deleteFile: false,
      editAlbum: false,
    });
    expect(currentUserCan('subscriber', album({ permissions: 1 }), ...member)).toMatchObject({
      addFiles: false,
      addComment: true,
    });
    expect(currentUserCan('subscriber', album({ permissions: 2 }), ...member)).toMatchObject({
      addFiles: true,
      addComment: false,
    });
    expect(
      currentUserCan('subscriber', album(), ...caller({ isMember: true, isReadOnly: true })).addFiles,
    ).toBe(false);
  });

  it('lets a signed-out visitor comment only after giving a name, and join only after signing in', () => {
    expect(currentUserCan('visitor', album(), ...caller({ userId: null }))).toMatchObject({
      addComment: false,
      subscribe: false,
    });
    expect(
      currentUserCan('visitor', album(), ...caller({ userId: null, isNamedGuest: true })).addComment,
    ).toBe(true);
    expect(currentUserCan('visitor', album(), ...caller())).toMatchObject({
      subscribe: true,
      addFiles: false,
      keepFiles: true,
    });
    expect(
      currentUserCan('visitor', album({ permissions: 2 }), ...caller({ userId: null, isNamedGuest: true }))
        .addComment,
    ).toBe(false);
  });
});
