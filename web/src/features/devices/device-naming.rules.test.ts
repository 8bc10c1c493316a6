import { describe, expect, it } from 'vitest';
import { nameDevices } from './device-naming.rules';

const DAY = 86_400_000;
const MINUTE = 60_000;
const keys = {
  day: (ms: number) => `d${Math.floor(ms / DAY)}`,
  minute: (ms: number) => `m${Math.floor(ms / MINUTE)}`,
};
const device = (id: string, name: string, lastSeen: number, created = 0) => ({
  id,
  name,
  created_at: created,
  last_seen_at: lastSeen,
});

describe('nameDevices', () => {
  it('names devices by name and the day of their last use when that tells them apart', () => {
    const rows = nameDevices(
      [device('a', 'Chrome on Linux', 3 * DAY), device('b', 'Chrome on Linux', 5 * DAY)],
      null,
      'Unnamed device',
      keys,
    );
    expect(rows.map((row) => [row.id, row.kind, row.at, row.precision, row.number])).toEqual([
      ['a', 'lastUsed', 3 * DAY, 'day', null],
      ['b', 'lastUsed', 5 * DAY, 'day', null],
    ]);
  });

  it('shows the minute for devices of one name used the same day, and only for those', () => {
    const rows = nameDevices(
      [
        device('a', 'Chrome on Linux', 5 * DAY + 10 * MINUTE),
        device('b', 'Chrome on Linux', 5 * DAY + 95 * MINUTE),
        device('c', 'Firefox on Windows', 5 * DAY + 10 * MINUTE),
      ],
      null,
      'Unnamed device',
      keys,
    );
    expect(rows.map((row) => row.precision)).toEqual(['minute', 'minute', 'day']);
    expect(rows.every((row) => row.number === null)).toBe(true);
  });

  it('numbers devices that still read alike at the minute', () => {
    const rows = nameDevices(
      [
        device('a', 'Chrome on Linux', 5 * DAY + 10 * MINUTE),
        device('b', 'Chrome on Linux', 5 * DAY + 10 * MINUTE + 5_000),
        device('c', 'Chrome on Linux', 5 * DAY + 11 * MINUTE),
      ],
      null,
      'Unnamed device',
      keys,
    );
    expect(rows.map((row) => [row.precision, row.number])).toEqual([
      ['minute', 1],
      ['minute', 2],
      ['minute', null],
    ]);
  });

  it('marks the current device, falls back to the sign-in time and names unnamed devices', () => {
    const rows = nameDevices(
      [
        device('here', 'Chrome on Linux', 5 * DAY),
        device('never', '  ', 0, 2 * DAY),
        device('other', 'Chrome on Linux', 5 * DAY),
      ],
      'here',
      'Unnamed device',
      keys,
    );
    expect(rows.map((row) => [row.name, row.kind, row.at, row.precision])).toEqual([
      ['Chrome on Linux', 'current', 5 * DAY, 'day'],
      ['Unnamed device', 'signedIn', 2 * DAY, 'day'],
      ['Chrome on Linux', 'lastUsed', 5 * DAY, 'day'],
    ]);
  });
});
