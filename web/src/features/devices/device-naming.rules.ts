import type { ConnectedDevice } from '../../api/account.api';

export type DatePrecision = 'day' | 'minute';

/** What a row says about its device, enough to tell it from every other row. */
export interface DeviceNaming {
  id: string;
  name: string;
  /** The browser's own device needs no date; the others are told apart by their last use. */
  kind: 'current' | 'lastUsed' | 'signedIn';
  /** The time the row names: the last use, or the sign-in when the device was never seen since. */
  at: number;
  precision: DatePrecision;
  /** 1, 2, … when rows would still read alike at the minute; null otherwise. */
  number: number | null;
}

export interface DateKeys {
  day: (epochMs: number) => string;
  minute: (epochMs: number) => string;
}

const identity = (row: DeviceNaming, keys: DateKeys) =>
  row.kind === 'current'
    ? `${row.name}\u0000current`
    : `${row.name}\u0000${row.kind}\u0000${keys[row.precision](row.at)}`;

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * Names each device by its name and last use, in the given order. Devices of one browser share a
 * name ("Chrome on Linux"), so the day is the first tell; rows alike at the day show the minute
 * too, and rows alike even then are numbered.
 */
export function nameDevices(
  devices: readonly ConnectedDevice[],
  current: string | null,
  unnamed: string,
  keys: DateKeys,
): DeviceNaming[] {
  const rows: DeviceNaming[] = devices.map((device) => ({
    id: device.id,
    name: device.name.trim() || unnamed,
    kind: device.id === current ? 'current' : device.last_seen_at ? 'lastUsed' : 'signedIn',
    at: device.last_seen_at || device.created_at,
    precision: 'day',
    number: null,
  }));
  const byDay = countBy(rows, (row) => identity(row, keys));
  for (const row of rows) if ((byDay.get(identity(row, keys)) ?? 0) > 1) row.precision = 'minute';
  const byMinute = countBy(rows, (row) => identity(row, keys));
  const seen = new Map<string, number>();
  for (const row of rows) {
    const key = identity(row, keys);
    if ((byMinute.get(key) ?? 0) < 2) continue;
    const number = (seen.get(key) ?? 0) + 1;
    seen.set(key, number);
    row.number = number;
  }
  return rows;
}
