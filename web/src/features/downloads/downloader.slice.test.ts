import { describe, expect, it } from 'vitest';
import type { DownloadPage } from './download-split';
import {
  downloaderActions as a,
  clickedCount,
  type DownloaderState,
  type DownloadSource,
  downloaderReducer,
} from './downloader.slice';

const source: DownloadSource = { jobId: 'album-1', mode: 'download', password: null };

const page = (name: string): DownloadPage => ({
  fileIDs: [name],
  totalSize: 1,
  clicked: false,
  name,
  hasHEIC: false,
});
const run = (...actions: Parameters<typeof downloaderReducer>[1][]): DownloaderState =>
  actions.reduce(downloaderReducer, downloaderReducer(undefined, { type: 'init' }));

describe('downloader modal state machine', () => {
  it('starts off and opens maximised when a paginated download starts', () => {
    expect(run().mode).toBe('off');
    const state = run(a.started({ title: 'Fjellet', source, pages: [page('P (1)'), page('P (2)')] }));
    expect(state).toMatchObject({ mode: 'max', title: 'Fjellet', source });
    expect(state.pages).toHaveLength(2);
  });

  it('minimises and maximises, and clearing returns to off', () => {
    const start = a.started({ title: null, source, pages: [page('x')] });
    expect(run(start, a.minimised()).mode).toBe('min');
    expect(run(start, a.minimised(), a.maximised()).mode).toBe('max');
    expect(run(start, a.minimised(), a.cleared())).toEqual(run());
    expect(run(start, a.cleared()).mode).toBe('off');
  });

  it('ignores moves the machine does not have', () => {
    expect(run(a.minimised()).mode).toBe('off');
    expect(run(a.maximised()).mode).toBe('off');
    expect(run(a.started({ title: null, source, pages: [page('x')] }), a.maximised()).mode).toBe('max');
  });

  it('marks a clicked page, in either size, and counts them', () => {
    const state = run(
      a.started({ title: null, source, pages: [page('a'), page('b'), page('c')] }),
      a.pageClicked(0),
      a.minimised(),
      a.pageClicked(2),
      a.pageClicked(9),
    );
    expect(state.pages.map((p) => p.clicked)).toEqual([true, false, true]);
    expect(clickedCount(state)).toBe(2);
  });

  it('a new paginated download replaces the parts and opens maximised, even from the box', () => {
    const state = run(
      a.started({ title: 'old', source, pages: [page('a')] }),
      a.pageClicked(0),
      a.minimised(),
      a.started({ title: null, source: { ...source, mode: 'takeout' }, pages: [page('b'), page('c')] }),
    );
    expect(state.mode).toBe('max');
    expect(state.source?.mode).toBe('takeout');
    expect(state.pages.map((p) => [p.name, p.clicked])).toEqual([
      ['b', false],
      ['c', false],
    ]);
  });

  it('clearing forgets the parts and where they come from; a click while off does nothing', () => {
    const cleared = run(a.started({ title: 'x', source, pages: [page('a')] }), a.cleared(), a.pageClicked(0));
    expect(cleared).toEqual({ mode: 'off', title: null, source: null, pages: [] });
  });
});
