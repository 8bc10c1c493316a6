import { describe, expect, it } from 'vitest';
import { fileRecord } from '../../file-actions/file-record.test-data';
import { fileTypeLabel, groupByUploadMonth } from './documents-table';

const at = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12).getTime() / 1000;

describe('documents table', () => {
  it('file type: the extension upper-cased, or null (unknown)', () => {
    expect(fileTypeLabel('report.pdf')).toBe('PDF');
    expect(fileTypeLabel('archive.tar.gz')).toBe('GZ');
    expect(fileTypeLabel('README')).toBeNull();
    expect(fileTypeLabel('.bashrc')).toBeNull();
    expect(fileTypeLabel('trailing.')).toBeNull();
  });

  it('groups by upload month, newest first, labelled month name and year in the UI language', () => {
    const files = [
      fileRecord('a', { fileName: 'a.pdf', uploadedTime: at(2024, 7, 3) }),
      fileRecord('b', { fileName: 'b.pdf', uploadedTime: at(2024, 8, 20) }),
      fileRecord('c', { fileName: 'c.pdf', uploadedTime: at(2024, 7, 28) }),
      fileRecord('d', { fileName: 'd.pdf', uploadedTime: at(2023, 12, 1) }),
    ];
    const groups = groupByUploadMonth(files, 'en-US');
    expect(groups.map((g) => [g.key, g.label, g.files.map((f) => f.fileID)])).toEqual([
      ['2024-08', 'August 2024', ['b']],
      ['2024-07', 'July 2024', ['c', 'a']],
      ['2023-12', 'December 2023', ['d']],
    ]);
    expect(groupByUploadMonth(files, 'nb-NO')[1]!.label).toBe('juli 2024');
    expect(groupByUploadMonth([], 'en-US')).toEqual([]);
  });
});
