import { describe, expect, it } from 'vitest';
import {
  canShareToSocialAlbum,
  emailFormCheck,
  headThumbSize,
  initialShareDialog,
  isTransientMessage,
  linkFor,
  needsServerShare,
  type ShareDialogEvent,
  shareDialogReducer,
} from './share-dialog.reducer';

const run = (...events: ShareDialogEvent[]) => events.reduce(shareDialogReducer, initialShareDialog);

describe('share dialog transitions', () => {
  it('gets a link: pending, then the link in externalOptions', () => {
    const pending = run({ type: 'opened' }, { type: 'getLinkChosen' });
    expect(pending.view).toBe('externalOptions');
    expect(pending.link).toEqual({ status: 'pending' });
    const ready = shareDialogReducer(pending, {
      type: 'linkCreated',
      url: 'https://x/share/a',
      shareId: 'a',
    });
    expect(ready.link).toEqual({ status: 'ready', url: 'https://x/share/a', shareId: 'a' });
  });

  it('a failed link goes back to options with share_failed, cleared when it expires', () => {
    const failed = run({ type: 'opened' }, { type: 'getLinkChosen' }, { type: 'linkFailed' });
    expect(failed).toMatchObject({ view: 'options', message: 'share_failed', link: { status: 'none' } });
    expect(shareDialogReducer(failed, { type: 'messageExpired' }).message).toBeNull();
  });

  it('add as album and share by e-mail only when signed in, else the error flash', () => {
    expect(run({ type: 'opened' }, { type: 'addAsAlbumChosen', signedIn: false })).toMatchObject({
      view: 'options',
      message: 'loginRequired',
    });
    expect(run({ type: 'opened' }, { type: 'addAsAlbumChosen', signedIn: true }).view).toBe('albumOptions');
    const ready = run(
      { type: 'opened' },
      { type: 'getLinkChosen' },
      { type: 'linkCreated', url: 'u', shareId: 's' },
    );
    expect(shareDialogReducer(ready, { type: 'shareByEmailChosen', signedIn: false })).toMatchObject({
      view: 'externalOptions',
      message: 'loginRequired',
    });
    const email = shareDialogReducer(ready, { type: 'shareByEmailChosen', signedIn: true });
    expect(email.view).toBe('email');
    expect(shareDialogReducer(email, { type: 'back' }).view).toBe('externalOptions');
    expect(shareDialogReducer(email, { type: 'emailSent' }).view).toBe('closed');
  });

  it('a failed e-mail stays in the e-mail view with email_failed, which does not expire by itself', () => {
    const email = run(
      { type: 'opened' },
      { type: 'getLinkChosen' },
      { type: 'linkCreated', url: 'u', shareId: 's' },
      { type: 'shareByEmailChosen', signedIn: true },
      { type: 'emailFailed' },
    );
    expect(email).toMatchObject({ view: 'email', message: 'email_failed' });
    expect(isTransientMessage(email.message)).toBe(false);
    expect(isTransientMessage('share_failed')).toBe(true);
    expect(shareDialogReducer(email, { type: 'back' })).toMatchObject({
      view: 'externalOptions',
      message: null,
    });
  });

  it('creating the album marks the share as album and goes to externalOptions', () => {
    const state = run(
      { type: 'opened' },
      { type: 'addAsAlbumChosen', signedIn: true },
      { type: 'albumCreated', url: 'https://x/a/b' },
    );
    expect(state).toMatchObject({ view: 'externalOptions', isAlbum: true });
    expect(state.link).toEqual({ status: 'ready', url: 'https://x/a/b', shareId: null });
  });

  it('a late answer after the dialog closed changes nothing', () => {
    const closed = run({ type: 'opened' }, { type: 'getLinkChosen' }, { type: 'closed' });
    expect(shareDialogReducer(closed, { type: 'linkCreated', url: 'u', shareId: 's' })).toEqual(closed);
  });
});

describe('share dialog rules', () => {
  it('suffixes links by channel', () => {
    expect(linkFor('https://x/share/a', 'email')).toBe('https://x/share/a#se');
    expect(linkFor('https://x/share/a', 'sms')).toBe('https://x/share/a#sms');
    expect(linkFor('https://x/share/a', 'copy')).toBe('https://x/share/a#sc');
  });

  it('sizes the head thumbnails', () => {
    expect(headThumbSize(1, false)).toBe(296);
    expect(headThumbSize(1, true)).toBe(296);
    expect(headThumbSize(2, false)).toBe(128);
    expect(headThumbSize(7, false)).toBe(128);
    expect(headThumbSize(2, true)).toBe(88);
  });

  it('checks the e-mail form', () => {
    expect(emailFormCheck({ recipients: 'a@b.no, c@d.se', subject: 'Hi' })).toMatchObject({
      recipients: ['a@b.no', 'c@d.se'],
      canSubmit: true,
    });
    expect(emailFormCheck({ recipients: 'a@b.no, nope', subject: 'Hi' }).recipientsValid).toBe(false);
    expect(emailFormCheck({ recipients: '', subject: 'Hi' }).recipientsValid).toBe(false);
    expect(emailFormCheck({ recipients: 'a@b.no', subject: '  ' })).toMatchObject({
      subjectValid: false,
      canSubmit: false,
    });
  });

  it('keeps videos out of social albums and gives a signed-out single file a direct link', () => {
    expect(canShareToSocialAlbum([{ duration: null }, {}])).toBe(true);
    expect(canShareToSocialAlbum([{ duration: 12 }])).toBe(false);
    expect(needsServerShare(false, 1)).toBe(false);
    expect(needsServerShare(false, 2)).toBe(true);
    expect(needsServerShare(true, 1)).toBe(true);
  });
});
