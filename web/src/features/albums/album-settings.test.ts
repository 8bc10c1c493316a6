import { describe, expect, it } from 'vitest';
import { settingsChanges } from './album-settings-overlay.component';

const before = { name: 'Summer', privacy: 'shared' as const, allowComments: true, allowUploads: true };

describe('album settings changes', () => {
  it('sends nothing when nothing changed (a trimmed name is the same name)', () => {
    expect(settingsChanges(before, { ...before, name: '  Summer ' })).toEqual({
      name: null,
      privacy: null,
      allowComments: null,
      allowUploads: null,
    });
  });

  it('sends only what changed, the name trimmed', () => {
    expect(
      settingsChanges(before, {
        name: ' Winter ',
        privacy: 'private',
        allowComments: true,
        allowUploads: false,
      }),
    ).toEqual({ name: 'Winter', privacy: 'private', allowComments: null, allowUploads: false });
  });
});
