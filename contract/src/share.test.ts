import { describe, expect, it } from 'vitest';
import { emailFormCheck, LINK_SUFFIX, linkExpiryDate, linkFor } from './share';

describe('share links', () => {
  it('adds the channel suffix the spec names', () => {
    expect(LINK_SUFFIX).toEqual({ email: '#se', sms: '#sms', copy: '#sc' });
    expect(linkFor('https://x.test/a/abc', 'email')).toBe('https://x.test/a/abc#se');
  });

  it('writes the expiry as a long date in the locale, on the UTC day', () => {
    // 23:30 UTC on 28 December is already the 29th east of Greenwich: the link and mail still agree.
    const at = Date.UTC(2026, 11, 28, 23, 30);
    expect(linkExpiryDate(at, 'en-US')).toBe('December 28, 2026');
    expect(linkExpiryDate(at, 'nb-NO')).toBe('28. desember 2026');
    expect(linkExpiryDate(at, 'sv-SE')).toBe('28 december 2026');
    expect(linkExpiryDate(at, 'bg-BG')).toMatch(/^28 декември 2026/);
  });

  it('checks the e-mail form: comma-separated valid recipients and a subject', () => {
    expect(emailFormCheck({ recipients: 'a@b.no, c@d.se', subject: 'Hi' })).toMatchObject({
      recipients: ['a@b.no', 'c@d.se'],
      canSubmit: true,
    });
    expect(emailFormCheck({ recipients: 'a@b.no, nope', subject: 'Hi' }).canSubmit).toBe(false);
    expect(emailFormCheck({ recipients: 'a@b.no', subject: ' ' }).canSubmit).toBe(false);
  });
});
