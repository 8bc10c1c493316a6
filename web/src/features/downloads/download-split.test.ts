import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DownloadItem,
  EmptyDownloadError,
  limitAlert,
  pageName,
  paginate,
  yearlyPages,
} from './download-split';

const GB = 1024 * 1024 * 1024;
const item = (
  n: number,
  size = 1,
  path = `f${n}.jpg`,
  takenAt = Date.UTC(2024, 5, 1) / 1000,
): DownloadItem => ({
  fileID: `id-${n}`,
  size,
  path,
  takenAt,
});
const many = (count: number, size = 1) => Array.from({ length: count }, (_, n) => item(n, size));

describe('download split rules', () => {
  it('keeps a download within 500 items and 3.5 GB in one part, named without a number', () => {
    const pages = paginate(many(500, 7 * 1024 * 1024), { productName: 'Nordlys', year: 2024 });
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({
      name: 'Nordlys 2024',
      totalSize: 500 * 7 * 1024 * 1024,
      clicked: false,
      hasHEIC: false,
    });
    expect(limitAlert(many(500, 7 * 1024 * 1024), 'selection')).toBeNull();
  });

  it('splits past 500 items into parts numbered in brackets', () => {
    const pages = paginate(many(1001), { productName: 'Nordlys', year: 2023 });
    expect(pages.map((p) => p.fileIDs.length)).toEqual([500, 500, 1]);
    expect(pages.map((p) => p.name)).toEqual(['Nordlys 2023 (1)', 'Nordlys 2023 (2)', 'Nordlys 2023 (3)']);
    expect(pages.flatMap((p) => p.fileIDs)).toEqual(many(1001).map((i) => i.fileID));
  });

  it('splits past 3.5 GB, a larger file being a part of its own', () => {
    const items = [item(1, 2 * GB), item(2, 2 * GB), item(3, 5 * GB), item(4, 1)];
    const pages = paginate(items, { productName: 'Telia Sky', year: null });
    expect(pages.map((p) => p.fileIDs)).toEqual([['id-1'], ['id-2'], ['id-3'], ['id-4']]);
    expect(pages[0]?.name).toBe('Telia Sky (1)');
  });

  it('never breaks a limit unless one file alone does, and loses no file (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 300 }), (sizes) => {
        const items = sizes.map((size, n) => item(n, size));
        const pages = paginate(items, { productName: 'P', year: 2020 }, { maxItems: 7, maxBytes: 60 });
        expect(pages.flatMap((p) => p.fileIDs)).toEqual(items.map((i) => i.fileID));
        for (const page of pages) {
          expect(page.fileIDs.length).toBeLessThanOrEqual(7);
          if (page.fileIDs.length > 1) expect(page.totalSize).toBeLessThanOrEqual(60);
        }
      }),
    );
  });

  it('marks parts holding HEIC files', () => {
    const pages = paginate([item(1, 1, 'IMG_1.HEIC'), item(2)], { productName: 'P', year: 2024 });
    expect(pages[0]?.hasHEIC).toBe(true);
  });

  it('refuses to paginate an empty list', () => {
    expect(() => paginate([], { productName: 'P', year: 2024 })).toThrow(EmptyDownloadError);
    expect(() => yearlyPages([item(1, 0), item(2, 5, 'folder/')], 'P')).toThrow(EmptyDownloadError);
  });

  it('splits a timeline per year, newest first, skipping zero-size files and folders', () => {
    const at = (y: number) => Date.UTC(y, 0, 1, 0, 0, 1) / 1000;
    const items = [
      item(1, 10, 'a.jpg', at(2022)),
      item(2, 10, 'b.jpg', at(2024)),
      item(3, 0, 'empty.jpg', at(2024)),
      item(4, 10, 'Camera/', at(2023)),
      item(5, 10, 'c.jpg', at(2024)),
      item(6, 10, 'd.jpg', at(2024)),
    ];
    const pages = yearlyPages(items, 'Nordlys', { maxItems: 2, maxBytes: 100 });
    expect(pages.map((p) => [p.name, p.fileIDs])).toEqual([
      ['Nordlys 2024 (1)', ['id-2', 'id-5']],
      ['Nordlys 2024 (2)', ['id-6']],
      ['Nordlys 2022', ['id-1']],
    ]);
  });

  it('names the alert: count before size, selection or album', () => {
    expect(limitAlert(many(501), 'selection')).toBe('tooManyFiles');
    expect(limitAlert(many(501), 'album')).toBe('albumTooManyFiles');
    expect(limitAlert([item(1, 3.5 * GB + 1)], 'selection')).toBe('tooLarge');
    expect(limitAlert([item(1, 3.5 * GB + 1)], 'album')).toBe('albumTooLarge');
    expect(limitAlert(many(501, GB), 'album')).toBe('albumTooManyFiles');
  });

  it('names parts with the product name, year and part number', () => {
    expect(pageName('Nordlys', 2021, 3, 4)).toBe('Nordlys 2021 (3)');
    expect(pageName('Nordlys', 2021, 1, 1)).toBe('Nordlys 2021');
  });

  it('exactly at the limits is one archive and no alert; one more file is an alert and two parts', () => {
    expect(limitAlert(many(500), 'selection')).toBeNull();
    expect(paginate(many(500), { productName: 'P', year: 2024 })).toHaveLength(1);
    expect(limitAlert([item(1, 3.5 * GB)], 'album')).toBeNull();
    expect(limitAlert(many(501), 'selection')).not.toBeNull();
    expect(paginate(many(501), { productName: 'P', year: 2024 }).map((p) => p.name)).toEqual([
      'P 2024 (1)',
      'P 2024 (2)',
    ]);
  });

  it('a set is split into parts exactly when it gets a limit alert (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 60 }),
        fc.constantFrom<'selection' | 'album'>('selection', 'album'),
        (sizes, kind) => {
          const limits = { maxItems: 7, maxBytes: 100 };
          const items = sizes.map((size, n) => item(n, size));
          const parts = paginate(items, { productName: 'P', year: 2024 }, limits).length;
          const alert = limitAlert(items, kind, limits);
          if (parts > 1) expect(alert).not.toBeNull();
          if (alert === null) expect(parts).toBe(1);
        },
      ),
    );
  });

  it('splits a large year of the timeline into numbered parts of 500 files', () => {
    const at = Date.UTC(2021, 6, 1) / 1000;
    const year = Array.from({ length: 1200 }, (_, n) => item(n, 1, `y/${n}.jpg`, at));
    const pages = yearlyPages([...year, item(5000, 1, 'x.jpg', Date.UTC(2025, 0, 2) / 1000)], 'Nordlys');
    expect(pages.map((p) => [p.name, p.fileIDs.length])).toEqual([
      ['Nordlys 2025', 1],
      ['Nordlys 2021 (1)', 500],
      ['Nordlys 2021 (2)', 500],
      ['Nordlys 2021 (3)', 200],
    ]);
  });
});
