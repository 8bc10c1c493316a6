import { describe, expect, it } from 'vitest';
import { type AlbumSettingsDraft, draftOf, settingsChanges, settingsProblems } from './album-settings.rules';

const before: AlbumSettingsDraft = {
  name: 'Summer',
  privacy: 'shared',
  password: '',
  allowComments: true,
  allowUploads: true,
};

describe('album settings changes', () => {
  it('reads a password album as protected', () => {
    const album = { name: 'A', isShared: true, allowComments: true, allowUploads: false };
    expect(draftOf({ ...album, passwordProtected: true }).privacy).toBe('protected');
    expect(draftOf({ ...album, passwordProtected: false }).privacy).toBe('shared');
    expect(draftOf({ ...album, isShared: false, passwordProtected: false }).privacy).toBe('private');
  });

  it('sends nothing when nothing changed (a trimmed name is the same name)', () => {
    expect(settingsChanges(before, { ...before, name: '  Summer ' })).toEqual({
      name: null,
      privacy: null,
      password: null,
      allowComments: null,
      allowUploads: null,
    });
  });

  it('sends only what changed, the name trimmed', () => {
    expect(
      settingsChanges(before, { ...before, name: ' Winter ', privacy: 'private', allowUploads: false }),
    ).toEqual({
      name: 'Winter',
      privacy: 'private',
      password: null,
      allowComments: null,
      allowUploads: false,
    });
  });

  it('protects, changes, keeps and removes the password', () => {
    const privateOne = { ...before, privacy: 'private' as const };
    expect(
      settingsChanges(privateOne, { ...privateOne, privacy: 'protected', password: 'fjord' }),
    ).toMatchObject({
      privacy: 'shared',
      password: 'fjord',
    });
    const guarded = { ...before, privacy: 'protected' as const };
    expect(settingsChanges(guarded, { ...guarded, password: 'fjell' })).toMatchObject({
      privacy: null,
      password: 'fjell',
    });
    expect(settingsChanges(guarded, guarded)).toMatchObject({ privacy: null, password: null });
    expect(settingsChanges(guarded, { ...guarded, privacy: 'shared' })).toMatchObject({
      privacy: null,
      password: '',
    });
    // Private drops the password on the server: no second call.
    expect(settingsChanges(guarded, { ...guarded, privacy: 'private' })).toMatchObject({
      privacy: 'private',
      password: null,
    });
  });

  it('asks a newly protected album for a password, and a shared one for a name', () => {
    expect(settingsProblems(before, { ...before, privacy: 'protected' }).password).toBe('passwordRequired');
    const guarded = { ...before, privacy: 'protected' as const };
    expect(settingsProblems(guarded, guarded).password).toBeNull();
    expect(settingsProblems(before, { ...before, name: ' ' }).name).toBe('nameRequired');
    expect(settingsProblems(before, { ...before, name: ' ', privacy: 'private' }).name).toBeNull();
    expect(settingsProblems(before, { ...before, name: 'x'.repeat(256) }).name).toBe('nameTooLong');
  });
});
