import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureTimeFromFileName } from './file-name-date';

const NOW = Date.UTC(2026, 10, 25, 4, 0, 0);
const at = (fileName: string) => captureTimeFromFileName(fileName, NOW);
const iso = (fileName: string) => {
  const ms = at(fileName);
  return ms === null ? null : new Date(ms).toISOString();
};

describe('captureTimeFromFileName', () => {
  it.each([
    ['screenshot_20240315_101500.png', '2024-03-15T10:15:00.000Z'],
    ['Screenshot_20240315-101500_Chrome.jpg', '2024-03-15T10:15:00.000Z'],
    ['Screenshot 2024-03-15 at 10.15.00.png', '2024-03-15T10:15:00.000Z'],
    ['Screenshot 2024-03-15 at 9.05.07 PM.png', '2024-03-15T21:05:07.000Z'],
    ['Screen Shot 2024-03-15 at 12.15.00 AM.png', '2024-03-15T00:15:00.000Z'],
    ['Screenshot 2024-03-15 at 12.15.00\u202fPM.png', '2024-03-15T12:15:00.000Z'],
    ['Screenshot_2024-03-15-10-15-00.png', '2024-03-15T10:15:00.000Z'],
    ['Screenshot_2024-03-15-10-15-00-123_com.android.chrome.jpg', '2024-03-15T10:15:00.000Z'],
    ['Screenshot from 2024-03-15 10-15-00.png', '2024-03-15T10:15:00.000Z'],
    ['Screenshot 2024-03-15 101500.png', '2024-03-15T10:15:00.000Z'],
    ['Screen Recording 2024-03-15 at 10.15.00.mov', '2024-03-15T10:15:00.000Z'],
    ['IMG_20240315_101500.jpg', '2024-03-15T10:15:00.000Z'],
    ['img_20240315_101500_HDR.jpg', '2024-03-15T10:15:00.000Z'],
    ['IMG20240315101500.jpg', '2024-03-15T10:15:00.000Z'],
    ['PXL_20240315_101500123.jpg', '2024-03-15T10:15:00.000Z'],
    ['PXL_20240315_101500123.MP.jpg', '2024-03-15T10:15:00.000Z'],
    ['VID_20240315_101500.mp4', '2024-03-15T10:15:00.000Z'],
    ['MVIMG_20240315_101500.jpg', '2024-03-15T10:15:00.000Z'],
    ['20240315_101500.jpg', '2024-03-15T10:15:00.000Z'],
    ['20240315_101500_001.jpg', '2024-03-15T10:15:00.000Z'],
    ['IMG-20240315-WA0001.jpg', '2024-03-15T12:00:00.000Z'],
    ['VID-20240315-WA0012.mp4', '2024-03-15T12:00:00.000Z'],
    ['WhatsApp Image 2024-03-15 at 10.15.00.jpeg', '2024-03-15T10:15:00.000Z'],
    ['WhatsApp Image 2024-03-15 at 10.15.00 (1).jpeg', '2024-03-15T10:15:00.000Z'],
    ['signal-2024-03-15-101500.jpg', '2024-03-15T10:15:00.000Z'],
    ['signal-2024-03-15-10-15-00-123.jpg', '2024-03-15T10:15:00.000Z'],
    ['photo_2024-03-15_10-15-00.jpg', '2024-03-15T10:15:00.000Z'],
    ['IMG_20240229_235959.jpg', '2024-02-29T23:59:59.000Z'],
  ])('reads %s', (name, expected) => {
    expect(iso(name)).toBe(expected);
  });

  it.each([
    ['IMG_20230229_101500.jpg', 'no 29 February in 2023'],
    ['IMG_20240230_101500.jpg', 'no 30 February'],
    ['IMG_20241301_101500.jpg', 'no month 13'],
    ['IMG_20240015_101500.jpg', 'no month 0'],
    ['IMG_20240300_101500.jpg', 'no day 0'],
    ['IMG_20240315_241500.jpg', 'no hour 24'],
    ['IMG_20240315_106000.jpg', 'no minute 60'],
    ['IMG_20240315_101560.jpg', 'no second 60'],
    ['Screenshot 2024-03-15 at 13.15.00 PM.png', 'no 13 PM'],
    ['IMG_19850315_101500.jpg', 'before digital cameras'],
    ['IMG_20990315_101500.jpg', 'in the future'],
    ['IMG-20241301-WA0001.jpg', 'messenger name with no month 13'],
  ])('refuses %s (%s)', (name) => {
    expect(at(name)).toBeNull();
  });

  it.each([
    'IMG_1234.JPG',
    'DSC_0042.jpg',
    'holiday.png',
    'scan 20240315.pdf',
    'invoice_20240315_101500.pdf',
    'my-20240315_101500.jpg',
    '1020240315_101500.jpg',
    '20240315_1015001.jpg',
    '20240315101500.jpg',
    'IMG_20240315_1015.jpg',
    'IMG_20240315_10150012.jpg',
    'IMG_2024031_5101500.jpg',
    'Screenshot.png',
    'Screenshot (12).png',
    'screenshot_1.png',
    '83920174_556271.jpg',
    '2024-03-15.jpg',
  ])('finds no date in %s', (name) => {
    expect(at(name)).toBeNull();
  });

  it('finds no date in digits without a known prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9._ -]{0,30}\.(jpg|png)$/), (name) => {
        // The one bare shape cameras write: YYYYMMDD_HHMMSS at the very start.
        fc.pre(!/^\d{8}_\d{6}/.test(name));
        expect(at(name)).toBeNull();
      }),
    );
  });

  it('never answers an impossible or future time for any name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('IMG_', 'PXL_', 'Screenshot_', 'VID_', ''),
        fc.stringMatching(/^\d{8}_\d{6}$/),
        (prefix, digits) => {
          const ms = at(`${prefix}${digits}.jpg`);
          if (ms === null) return;
          const date = new Date(ms);
          const stated = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}T${digits.slice(9, 11)}:${digits.slice(11, 13)}:${digits.slice(13, 15)}.000Z`;
          expect(date.toISOString()).toBe(stated);
          expect(ms).toBeLessThanOrEqual(NOW + 36 * 3600 * 1000);
        },
      ),
    );
  });
});
