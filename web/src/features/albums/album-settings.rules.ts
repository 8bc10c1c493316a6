import { ALBUM_TITLE_MAX_LENGTH, type PrivacyModeChange } from '@nordlys/contract/album';

/** core.md §3 privacy as the owner chooses it: protected is shared with a password. */
export type AlbumPrivacyChoice = 'shared' | 'protected' | 'private';

export interface AlbumSettingsDraft {
  name: string;
  privacy: AlbumPrivacyChoice;
  /** A new password as typed; empty keeps a protected album's current one. */
  password: string;
  allowComments: boolean;
  allowUploads: boolean;
}

export const draftOf = (album: {
  name: string;
  isShared: boolean;
  passwordProtected: boolean;
  allowComments: boolean;
  allowUploads: boolean;
}): AlbumSettingsDraft => ({
  name: album.name,
  privacy: !album.isShared ? 'private' : album.passwordProtected ? 'protected' : 'shared',
  password: '',
  allowComments: album.allowComments,
  allowUploads: album.allowUploads,
});

/**
 * The calls a saved draft needs, in the order they are made; null for what did not change. The
 * privacy call comes first: a password is taken only by a shared album. `password` is the typed
 * one to set, '' to remove it (making the album private drops it on the server).
 */
export function settingsChanges(before: AlbumSettingsDraft, after: AlbumSettingsDraft) {
  const name = after.name.trim();
  const mode = (privacy: AlbumPrivacyChoice): PrivacyModeChange =>
    privacy === 'private' ? 'private' : 'shared';
  const password =
    after.privacy === 'protected' && after.password !== ''
      ? after.password
      : after.privacy === 'shared' && before.privacy === 'protected'
        ? ''
        : null;
  return {
    name: name !== before.name.trim() ? name : null,
    privacy: mode(after.privacy) !== mode(before.privacy) ? mode(after.privacy) : null,
    password,
    allowComments: after.allowComments !== before.allowComments ? after.allowComments : null,
    allowUploads: after.allowUploads !== before.allowUploads ? after.allowUploads : null,
  };
}

export type AlbumSettingsProblem = 'nameTooLong' | 'nameRequired' | 'passwordRequired';

/** What stops the draft from being saved, the first problem per field. */
export function settingsProblems(before: AlbumSettingsDraft, draft: AlbumSettingsDraft) {
  const name = draft.name.trim();
  return {
    name:
      name.length > ALBUM_TITLE_MAX_LENGTH
        ? ('nameTooLong' as const)
        : draft.privacy !== 'private' && name === ''
          ? ('nameRequired' as const)
          : null,
    // A newly protected album needs a password; an already protected one keeps its own.
    password:
      draft.privacy === 'protected' && before.privacy !== 'protected' && draft.password === ''
        ? ('passwordRequired' as const)
        : null,
  };
}
