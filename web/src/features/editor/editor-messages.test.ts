import { describe, expect, it } from 'vitest';
import { editedFileName, editedFilePath, exportTypeFor, openingWarnings } from './editor-messages';

const english = (name: string) => `${name} (edited)`;

describe('editor messages and names', () => {
  it('names the copy after its original with the suffix and the exported type', () => {
    expect(editedFileName('IMG_0001.jpg', english, 'image/jpeg')).toBe('IMG_0001 (edited).jpg');
    expect(editedFileName('IMG_0001.HEIC', english, 'image/jpeg')).toBe('IMG_0001 (edited).jpg');
    expect(editedFileName('logo.png', english, 'image/png')).toBe('logo (edited).png');
    expect(editedFileName('noext', english, 'image/jpeg')).toBe('noext (edited).jpg');
    expect(editedFileName('.hidden', english, 'image/jpeg')).toBe('.hidden (edited).jpg');
  });

  it('puts the copy in its original folder', () => {
    expect(editedFilePath('Camera/2024/IMG_0001.jpg', 'IMG_0001 (edited).jpg')).toBe(
      'Camera/2024/IMG_0001 (edited).jpg',
    );
    expect(editedFilePath('IMG_0001.jpg', 'IMG_0001 (edited).jpg')).toBe('IMG_0001 (edited).jpg');
  });

  it('exports PNG only where the original may be transparent', () => {
    expect(exportTypeFor('a.PNG')).toBe('image/png');
    expect(exportTypeFor('a.jpeg')).toBe('image/jpeg');
    expect(exportTypeFor('a.heic')).toBe('image/jpeg');
  });

  it('warns about a resized photo and a slow or missing GPU', () => {
    expect(openingWarnings({ warning: null, resized: false })).toEqual([]);
    expect(openingWarnings({ warning: 'webglUnsupported', resized: true })).toEqual([
      'resized',
      'webglUnsupported',
    ]);
  });
});
