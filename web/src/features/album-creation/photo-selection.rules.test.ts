import { describe, expect, it } from 'vitest';
import {
  canFinishSelection,
  parseSelectionMax,
  readSelection,
  storeSelection,
} from './photo-selection.rules';

describe('external photo selection', () => {
  it('finishes only above 0 and within the maximum', () => {
    expect(canFinishSelection(0, undefined)).toBe(false);
    expect(canFinishSelection(3, undefined)).toBe(true);
    expect(canFinishSelection(3, 3)).toBe(true);
    expect(canFinishSelection(4, 3)).toBe(false);
  });

  it('reads ?max= as a positive whole number, else no maximum', () => {
    expect(parseSelectionMax('5')).toBe(5);
    expect(parseSelectionMax('0')).toBeUndefined();
    expect(parseSelectionMax('-2')).toBeUndefined();
    expect(parseSelectionMax('1e3')).toBeUndefined();
    expect(parseSelectionMax(null)).toBeUndefined();
  });

  it('hands back exactly what was stored under its id', () => {
    const files = [{ fileID: 'f1', jobID: 'j', fileName: 'a.jpg' }];
    storeSelection({ type: 'nordlys:selectPhotos', id: 's1', files }, sessionStorage);
    expect(readSelection('s1', sessionStorage)?.files).toEqual(files);
    expect(readSelection('other', sessionStorage)).toBeNull();
    sessionStorage.setItem('nordlys:selectPhotos:bad', '{not json');
    expect(readSelection('bad', sessionStorage)).toBeNull();
  });
});
