import { describe, expect, it } from 'vitest';
import {
  type HeldShareCopy,
  parseHeldShareCopy,
  shareCopyHoldReducer,
  subscriptionNeededFor,
} from './share-copy-hold';

const copy: HeldShareCopy = { shareId: 's1', password: null, reason: 'out_of_storage' };

describe('copy-share-to-timeline hold', () => {
  it('holds a copy refused for want of a subscription, not other refusals', () => {
    expect(subscriptionNeededFor({ status: 413, reason: 'out_of_storage' })).toBe('out_of_storage');
    expect(subscriptionNeededFor({ status: 403, reason: 'read_only_user' })).toBe('read_only');
    expect(subscriptionNeededFor({ status: 403, reason: 'public job auth failed' })).toBeNull();
    expect(subscriptionNeededFor({ status: 404, reason: 'Not Found' })).toBeNull();
    expect(subscriptionNeededFor({ status: null })).toBeNull();
  });

  it('keeps one copy: a newer refusal replaces it, cancel and its resume clear it', () => {
    const held = shareCopyHoldReducer(null, { type: 'subscriptionNeeded', copy });
    expect(held).toEqual(copy);
    const newer = { shareId: 's2', password: 'pw', reason: 'read_only' } as const;
    expect(shareCopyHoldReducer(held, { type: 'subscriptionNeeded', copy: newer })).toEqual(newer);
    expect(shareCopyHoldReducer(held, { type: 'cancelled' })).toBeNull();
    expect(shareCopyHoldReducer(held, { type: 'resumed', shareId: 's1' })).toBeNull();
    expect(shareCopyHoldReducer(held, { type: 'resumed', shareId: 'older' })).toEqual(copy);
  });

  it('reads back what it stored and nothing malformed', () => {
    expect(parseHeldShareCopy(JSON.stringify(copy))).toEqual(copy);
    expect(parseHeldShareCopy(null)).toBeNull();
    expect(parseHeldShareCopy('{')).toBeNull();
    expect(parseHeldShareCopy(JSON.stringify({ ...copy, reason: 'other' }))).toBeNull();
    expect(parseHeldShareCopy(JSON.stringify({ ...copy, shareId: '' }))).toBeNull();
    expect(parseHeldShareCopy(JSON.stringify({ ...copy, password: 5 }))).toBeNull();
  });
});
