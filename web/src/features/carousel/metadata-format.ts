import type { FileMetadata, FileRecord } from '@nordlys/contract/file';
import type { TFunction } from 'i18next';
import { formatByteSize, formatMillimetres } from '../../i18n/unit-format';

/** 'f/2.8' */
export const formatAperture = (aperture: number, locale: string) =>
  `f/${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(aperture)}`;

/** '1/250 s'; a long exposure such as '2' or '0.5' keeps its own form. */
export const formatExposure = (exposure: string) => `${exposure.trim()} s`;

export const formatDimensions = (width: number, height: number) => `${width} × ${height}`;

/** '0:03', '1:02:03' */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** '59.9139° N, 10.7522° E' */
export function formatCoordinates(latitude: number, longitude: number): string {
  const part = (value: number, positive: string, negative: string) =>
    `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;
  return `${part(latitude, 'N', 'S')}, ${part(longitude, 'E', 'W')}`;
}

/** 'Nordlys Test Camera One'; the model alone when it already names the maker. */
export function formatCamera(make: string | null, model: string | null): string | null {
  const m = make?.trim() || '';
  const mo = model?.trim() || '';
  if (!m && !mo) return null;
  if (!m) return mo;
  if (!mo) return m;
  return mo.toLowerCase().startsWith(m.toLowerCase()) ? mo : `${m} ${mo}`;
}

export type MetadataRowKey =
  | 'taken'
  | 'dimensions'
  | 'size'
  | 'duration'
  | 'camera'
  | 'iso'
  | 'aperture'
  | 'exposure'
  | 'focalLength'
  | 'location';

export interface MetadataRow {
  key: MetadataRowKey;
  value: string;
  /** A map link for the location row. */
  href?: string;
}

/**
 * The rows of the info panel, in order, leaving out what the file does not have. The record
 * gives date, size and dimensions even before (or without) the camera facts.
 */
export function metadataRows(
  file: FileRecord,
  metadata: FileMetadata | null,
  { locale, t, timeZone }: { locale: string; t: TFunction; timeZone?: string },
): MetadataRow[] {
  const rows: MetadataRow[] = [];
  const timestamp = metadata?.timestamp ?? file.timestamp;
  rows.push({
    key: 'taken',
    value: new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(
      new Date(timestamp * 1000),
    ),
  });
  const width = metadata?.width ?? file.width;
  const height = metadata?.height ?? file.height;
  if (width && height) rows.push({ key: 'dimensions', value: formatDimensions(width, height) });
  rows.push({ key: 'size', value: formatByteSize(file.size, locale, t) });
  const duration = metadata?.duration ?? file.duration;
  if (duration > 0) rows.push({ key: 'duration', value: formatDuration(duration) });
  if (!metadata) return rows;
  const camera = formatCamera(metadata.deviceManufacturer, metadata.deviceModel);
  if (camera) rows.push({ key: 'camera', value: camera });
  if (metadata.iso) rows.push({ key: 'iso', value: String(metadata.iso) });
  if (metadata.aperture) rows.push({ key: 'aperture', value: formatAperture(metadata.aperture, locale) });
  if (metadata.exposure) rows.push({ key: 'exposure', value: formatExposure(metadata.exposure) });
  if (metadata.focalLength)
    rows.push({ key: 'focalLength', value: formatMillimetres(metadata.focalLength, locale, t) });
  if (metadata.gps) {
    const { latitude, longitude } = metadata.gps;
    rows.push({
      key: 'location',
      value: formatCoordinates(latitude, longitude),
      href: `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`,
    });
  }
  return rows;
}
