import type { FileMetadata } from '@nordlys/contract/file';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fileRecord } from '../../file-actions/file-record.test-data';
import {
  formatAperture,
  formatCamera,
  formatCoordinates,
  formatDuration,
  formatExposure,
  metadataRows,
} from './metadata-format';

const english = { locale: 'en-US', t: i18next.getFixedT('en_US') };

const exif: FileMetadata = {
  existence: 'exists',
  deviceManufacturer: 'Nordlys Test',
  deviceModel: 'Camera One',
  iso: 200,
  aperture: 2.8,
  exposure: '1/250',
  focalLength: 35,
  width: 1600,
  height: 1200,
  timestamp: Date.UTC(2023, 6, 14, 16, 32, 5) / 1000,
  duration: 0,
  gps: { latitude: 59.9139, longitude: 10.7522 },
};

describe('metadata formatting', () => {
  it('camera settings the way photographers write them', () => {
    expect(formatAperture(2.8, 'en-US')).toBe('f/2.8');
    expect(formatAperture(2.8, 'nb-NO')).toBe('f/2,8');
    expect(formatExposure('1/250')).toBe('1/250 s');
  });

  it('camera name, duration and coordinates', () => {
    expect(formatCamera('Nordlys Test', 'Camera One')).toBe('Nordlys Test Camera One');
    expect(formatCamera('Canon', 'Canon EOS R5')).toBe('Canon EOS R5');
    expect(formatCamera(null, 'X')).toBe('X');
    expect(formatCamera(' ', null)).toBeNull();
    expect(formatDuration(3)).toBe('0:03');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatCoordinates(59.9139, -10.7522)).toBe('59.9139° N, 10.7522° W');
  });

  it('rows: everything the picture has, in order', () => {
    const rows = metadataRows(fileRecord('p', { size: 2048 }), exif, { ...english, timeZone: 'UTC' });
    expect(rows.map((row) => row.key)).toEqual([
      'taken',
      'dimensions',
      'size',
      'camera',
      'iso',
      'aperture',
      'exposure',
      'focalLength',
      'location',
    ]);
    expect(rows[0]!.value).toContain('July 14, 2023');
    expect(rows.find((row) => row.key === 'size')!.value).toBe('2 KB');
    expect(rows.find((row) => row.key === 'focalLength')!.value).toBe('35 mm');
    expect(rows.find((row) => row.key === 'camera')!.value).toBe('Nordlys Test Camera One');
    expect(rows.find((row) => row.key === 'location')!.href).toContain('mlat=59.9139');
  });

  it('rows without metadata (still loading or failed): date, dimensions, size; a movie its duration', () => {
    const movie = fileRecord('m', { duration: 3, width: null, height: null });
    expect(metadataRows(movie, null, english).map((row) => row.key)).toEqual(['taken', 'size', 'duration']);
  });
});
