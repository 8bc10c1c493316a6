import type { TFunction } from 'i18next';

/** core.md §9: sizes use unit 1024 with Bytes, KB, MB, GB. */
const SIZE_UNITS = ['bytes', 'kilobytes', 'megabytes', 'gigabytes'] as const;

const number = (value: number, locale: string, maximumFractionDigits: number) =>
  new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);

/**
 * '1.5 GB' ('1,5 GB' in Norwegian): the number in the reader's format, the unit from the
 * catalogue; one decimal below 10 of a unit, none above.
 */
export function formatByteSize(bytes: number, locale: string, t: TFunction): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return t(`common:units.${SIZE_UNITS[unit]}`, { value: number(value, locale, digits) });
}

/**
 * A size always in GB (account.md §2: the storage popups show used and max storage in GB): two
 * decimals below 1 GB so a little use is not '0 GB', one below 100 so a nearly full 15 GB does not
 * read as full, none above.
 */
export function formatGigabytes(bytes: number, locale: string, t: TFunction): string {
  const value = Math.max(0, bytes) / 1024 ** 3;
  const digits = value < 1 ? 2 : value < 100 ? 1 : 0;
  return t('common:units.gigabytes', { value: number(value, locale, digits) });
}

/** '35 mm', with one decimal at most. */
export const formatMillimetres = (millimetres: number, locale: string, t: TFunction): string =>
  t('common:units.millimetres', { value: number(millimetres, locale, 1) });
