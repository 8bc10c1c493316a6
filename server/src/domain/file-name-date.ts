/**
 * The capture time a file's name states, for files whose metadata carries none (screenshots,
 * PNGs, messenger copies that lost their EXIF). Only names that phones, desktops and messengers
 * actually write are read, each starting with its known prefix (or, for the cameras that write
 * bare `YYYYMMDD_HHMMSS`, that exact shape), so a name that merely contains digits is never
 * taken for a date. Like EXIF times without an offset, the wall-clock time is read as UTC.
 */

interface NamePattern {
  regex: RegExp;
  /** A date with no time of day is placed at noon, so it shows on its own day in any time zone. */
  dateOnly?: boolean;
}

const DATE_COMPACT = String.raw`(\d{4})(\d{2})(\d{2})`;
const DATE_DASHED = String.raw`(\d{4})-(\d{2})-(\d{2})`;
/** `101500`, `10-15-00`, `10.15.00`, `10_15_00`; never followed by another digit (`(?!\d)`). */
const TIME = String.raw`(\d{2})[-._:]?(\d{2})[-._:]?(\d{2})`;
const CAMERA_PREFIX = '(?:IMG|VID|PXL|MVIMG|PANO|LRG|DJI|Screenshot|Screen_?Recording|Screenrecorder|Record)';
const NAMED_PREFIX =
  '(?:Screenshot(?: from)?|Screen ?Shot|Screen ?Recording|signal|photo|video|WhatsApp (?:Image|Video)|Snapchat)';

const PATTERNS: readonly NamePattern[] = [
  // IMG_20240315_101500, VID_20240315_101500, Screenshot_20240315-101500_Chrome, IMG20240315101500,
  // PXL_20240315_101500123 (milliseconds appended).
  { regex: new RegExp(String.raw`^${CAMERA_PREFIX}[_-]?${DATE_COMPACT}[_-]?${TIME}(?:\d{3})?(?!\d)`, 'i') },
  // 20240315_101500.jpg (Samsung and other cameras): only this exact start of a name.
  { regex: new RegExp(String.raw`^${DATE_COMPACT}_${TIME}(?:_\d{1,3})?(?![\d_-])`) },
  // Screenshot 2024-03-15 at 10.15.00 (AM|PM), Screenshot_2024-03-15-10-15-00-123_com.app,
  // Screenshot from 2024-03-15 10-15-00, Screenshot 2024-03-15 101500, signal-2024-03-15-101500,
  // photo_2024-03-15_10-15-00, WhatsApp Image 2024-03-15 at 10.15.00.
  {
    regex: new RegExp(
      String.raw`^${NAMED_PREFIX}[ _-]+${DATE_DASHED}(?:[ _-]+at[ _-]+|[ _-]+|T)(\d{1,2})[-._:](\d{2})[-._:](\d{2})(?:[ \u202f]?(AM|PM))?(?!\d)`,
      'i',
    ),
  },
  {
    regex: new RegExp(
      String.raw`^${NAMED_PREFIX}[ _-]+${DATE_DASHED}(?:[ _-]+|T)(\d{2})(\d{2})(\d{2})(?!\d)`,
      'i',
    ),
  },
  // IMG-20240315-WA0001, VID-20240315-WA0001 (WhatsApp on phones: the day only).
  { regex: new RegExp(String.raw`^(?:IMG|VID|AUD|PTT|STK)-${DATE_COMPACT}-WA\d+`, 'i'), dateOnly: true },
];

/** Names before this year are not a capture date any camera or phone wrote. */
const EARLIEST_YEAR = 1990;
/** A name may run ahead of the server's clock by a time zone and some clock drift, not more. */
const FUTURE_SLACK_MS = 36 * 60 * 60 * 1000;

/**
 * The capture time in `fileName`, epoch ms, or null when the name follows none of the known
 * patterns, states an impossible date (2024-02-30, 25:00) or one after `now` (plus a day and a
 * half for time zones).
 */
export function captureTimeFromFileName(fileName: string, now: number): number | null {
  for (const { regex, dateOnly } of PATTERNS) {
    const match = regex.exec(fileName);
    if (!match) continue;
    const [year, month, day] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
    let [hour, minute, second] = dateOnly ? [12, 0, 0] : [match[4], match[5], match[6]].map(Number);
    const meridiem = match[7]?.toUpperCase();
    if (meridiem) {
      if (hour === undefined || hour < 1 || hour > 12) return null;
      hour = (hour % 12) + (meridiem === 'PM' ? 12 : 0);
    }
    const ms = validUtc(year, month, day, hour ?? 0, minute ?? 0, second ?? 0);
    return ms !== null && ms <= now + FUTURE_SLACK_MS ? ms : null;
  }
  return null;
}

function validUtc(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  if (year < EARLIEST_YEAR || hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  // Date.UTC rolls 2024-02-30 over into March; a date that does not come back unchanged is not real.
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? ms : null;
}
