import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { formatByteSize, formatGigabytes, formatMillimetres } from './unit-format';

const english = i18next.getFixedT('en_US');
const norwegian = i18next.getFixedT('nb_NO');

describe('unit format', () => {
  it('sizes with unit 1024 and the units Bytes, KB, MB, GB (core.md §9)', () => {
    expect(formatByteSize(512, 'en-US', english)).toBe('512 Bytes');
    expect(formatByteSize(1536, 'en-US', english)).toBe('1.5 KB');
    expect(formatByteSize(5 * 1024 * 1024, 'en-US', english)).toBe('5 MB');
    expect(formatByteSize(3.5 * 1024 ** 3, 'en-US', english)).toBe('3.5 GB');
    expect(formatByteSize(3 * 1024 ** 4, 'en-US', english)).toBe('3,072 GB');
    expect(formatByteSize(-1, 'en-US', english)).toBe('0 Bytes');
  });

  it("writes the number the reader's way and the unit in the reader's language", () => {
    expect(formatByteSize(1.5 * 1024 ** 3, 'nb-NO', norwegian)).toBe('1,5 GB');
    expect(formatByteSize(3 * 1024 ** 4, 'nb-NO', norwegian)).toBe('3\u00a0072 GB');
    expect(formatByteSize(100, 'nb-NO', norwegian)).toBe('100 byte');
    expect(formatByteSize(1.5 * 1024 ** 2, 'bg-BG', i18next.getFixedT('bg_BG'))).toBe('1,5 МБ');
    expect(formatMillimetres(35, 'en-US', english)).toBe('35 mm');
    expect(formatMillimetres(4.25, 'sv-SE', i18next.getFixedT('sv_SE'))).toBe('4,3 mm');
  });

  it('writes storage in GB whatever its size, so used and max read alike (account.md §2)', () => {
    expect(formatGigabytes(15 * 1024 ** 3, 'en-US', english)).toBe('15 GB');
    expect(formatGigabytes(300 * 1024 ** 2, 'en-US', english)).toBe('0.29 GB');
    expect(formatGigabytes(0, 'en-US', english)).toBe('0 GB');
    expect(formatGigabytes(2 * 1024 ** 4, 'nb-NO', norwegian)).toBe('2\u00a0048 GB');
    expect(formatGigabytes(14.96 * 1024 ** 3, 'nb-NO', norwegian)).toBe('15 GB');
    expect(formatGigabytes(14.5 * 1024 ** 3, 'nb-NO', norwegian)).toBe('14,5 GB');
    expect(formatGigabytes(250.4 * 1024 ** 3, 'en-US', english)).toBe('250 GB');
  });
});
