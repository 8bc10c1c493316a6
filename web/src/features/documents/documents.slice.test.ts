import { describe, expect, it } from 'vitest';
import { fileRecord } from '../../file-actions/file-record.test-data';
import {
  documentsActions as a,
  type DocumentsState,
  initialDocumentsState,
  isSelecting,
  documentsReducer as reduce,
  selectedFiles,
} from './documents.slice';

const docs = ['a', 'b', 'c'].map((id) => fileRecord(id, { fileName: `${id}.pdf` }));
const run = (...actions: Parameters<typeof reduce>[1][]): DocumentsState =>
  actions.reduce((state, action) => reduce(state, action), initialDocumentsState());
const loaded = () => run(a.loaded(docs));

describe('documents page state', () => {
  it('loading -> loaded / failed, and a reload starts loading again', () => {
    expect(initialDocumentsState().status).toBe('loading');
    expect(loaded()).toMatchObject({ status: 'loaded', selected: [] });
    expect(run(a.loadFailed()).status).toBe('failed');
    expect(reduce(loaded(), a.loadStarted()).status).toBe('loading');
  });

  it('toggled: selection mode starts with the first selected file and ends with the last', () => {
    const one = reduce(loaded(), a.toggled('b'));
    expect(isSelecting(one)).toBe(true);
    expect(selectedFiles(one).map((f) => f.fileID)).toEqual(['b']);
    expect(isSelecting(reduce(one, a.toggled('b')))).toBe(false);
    expect(reduce(loaded(), a.toggled('unknown')).selected).toEqual([]);
  });

  it('allToggled selects all, then clears', () => {
    const all = reduce(loaded(), a.allToggled());
    expect(all.selected).toEqual(['a', 'b', 'c']);
    expect(reduce(all, a.allToggled()).selected).toEqual([]);
    expect(reduce(reduce(loaded(), a.toggled('a')), a.allToggled()).selected).toEqual(['a', 'b', 'c']);
  });

  it('selectionCleared (after download or delete)', () => {
    expect(reduce(reduce(loaded(), a.allToggled()), a.selectionCleared()).selected).toEqual([]);
  });

  it('removed drops the files and their selection; a reload keeps only present selections', () => {
    const state = reduce(reduce(reduce(loaded(), a.toggled('a')), a.toggled('b')), a.removed(['a']));
    expect(state.files.map((f) => f.fileID)).toEqual(['b', 'c']);
    expect(state.selected).toEqual(['b']);
    expect(reduce(state, a.loaded([docs[2]!])).selected).toEqual([]);
  });
});
