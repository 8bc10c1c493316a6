import { describe, expect, it } from 'vitest';
import { fileRecord, timelineFiles } from '../../file-actions/file-record.test-data';
import {
  carouselActions as a,
  type CarouselState,
  currentFile,
  hasNext,
  hasPrevious,
  initialCarouselState,
  mergeFiles,
  needsMore,
  neighboursToPreload,
  carouselReducer as reduce,
} from './carousel.slice';

const run = (state: CarouselState, ...actions: Parameters<typeof reduce>[1][]) =>
  actions.reduce((s, action) => reduce(s, action), state);

const openAt = (ids: string[], fileId: string, autoplay = false) =>
  run(initialCarouselState(), a.opened({ autoplay }), a.loaded({ files: timelineFiles(...ids), fileId }));

const shownId = (state: CarouselState) => currentFile(state)?.fileID;

describe('carousel open / closed', () => {
  it('opened: closed -> loading, slideshow from the autoplay hash', () => {
    const loading = reduce(initialCarouselState(), a.opened({ autoplay: true }));
    expect(loading.status).toBe('loading');
    expect(loading.autoNavigate).toBe(true);
    expect(reduce(initialCarouselState(), a.opened({ autoplay: false })).autoNavigate).toBe(false);
  });

  it('loaded: loading -> open on the named file, list ordered newest first', () => {
    const files = timelineFiles('a', 'b', 'c');
    const state = run(
      initialCarouselState(),
      a.opened({ autoplay: false }),
      a.loaded({ files: [files[2]!, files[0]!, files[1]!], fileId: 'b' }),
    );
    expect(state.status).toBe('open');
    expect(state.files.map((f) => f.fileID)).toEqual(['a', 'b', 'c']);
    expect(shownId(state)).toBe('b');
  });

  it('loaded without the named file: notFound', () => {
    const state = run(
      initialCarouselState(),
      a.opened({ autoplay: false }),
      a.loaded({ files: timelineFiles('a'), fileId: 'zzz' }),
    );
    expect(state.status).toBe('notFound');
  });

  it('loaded is ignored unless loading (a late answer after close)', () => {
    expect(reduce(initialCarouselState(), a.loaded({ files: timelineFiles('a'), fileId: 'a' })).status).toBe(
      'closed',
    );
  });

  it('loadFailed: loading -> notFound or failed, slideshow off', () => {
    const loading = reduce(initialCarouselState(), a.opened({ autoplay: true }));
    expect(reduce(loading, a.loadFailed({ notFound: true }))).toMatchObject({
      status: 'notFound',
      autoNavigate: false,
    });
    expect(reduce(loading, a.loadFailed({ notFound: false })).status).toBe('failed');
  });

  it('closed: back to the initial state', () => {
    const state = run(openAt(['a', 'b'], 'a'), a.fullscreenChanged(true), a.closed());
    expect(state).toEqual(initialCarouselState());
  });
});

describe('navigation', () => {
  it('next is the older neighbour, previous the newer; none past either end', () => {
    const state = openAt(['a', 'b', 'c'], 'b');
    expect(shownId(reduce(state, a.navigated('next')))).toBe('c');
    expect(shownId(reduce(state, a.navigated('previous')))).toBe('a');
    expect(shownId(run(state, a.navigated('next'), a.navigated('next')))).toBe('c');
    expect(shownId(run(state, a.navigated('previous'), a.navigated('previous')))).toBe('a');
    expect(hasNext(openAt(['a', 'b'], 'b'))).toBe(false);
    expect(hasPrevious(openAt(['a', 'b'], 'a'))).toBe(false);
  });

  it('moving resets the video status', () => {
    const state = run(openAt(['a', 'b'], 'a'), a.videoPlayed(), a.navigated('next'));
    expect(state.videoStatus).toBe('idle');
  });

  it('shown: jumps to a listed file, ignores an unknown one', () => {
    const state = openAt(['a', 'b', 'c'], 'a');
    expect(shownId(reduce(state, a.shown('c')))).toBe('c');
    expect(shownId(reduce(state, a.shown('x')))).toBe('a');
  });

  it('extended: new neighbours merge in and the viewed file stays', () => {
    const state = openAt(['b', 'c'], 'b');
    const newer = fileRecord('a', { timestamp: 1_800_000_000 });
    const extended = reduce(state, a.extended([newer, ...timelineFiles('c')]));
    expect(extended.files.map((f) => f.fileID)).toEqual(['a', 'b', 'c']);
    expect(shownId(extended)).toBe('b');
    expect(extended.index).toBe(1);
  });

  it('fileUpdated replaces the record in place', () => {
    const state = reduce(openAt(['a'], 'a'), a.fileUpdated(fileRecord('a', { fileName: 'renamed.jpg' })));
    expect(currentFile(state)?.fileName).toBe('renamed.jpg');
  });
});

describe('slideshow (auto-navigate) and playback order', () => {
  it('slideshowStarted / slideshowStopped', () => {
    const started = reduce(openAt(['a', 'b'], 'a'), a.slideshowStarted(undefined));
    expect(started.autoNavigate).toBe(true);
    expect(reduce(started, a.slideshowStopped()).autoNavigate).toBe(false);
    expect(reduce(openAt(['a'], 'a'), a.slideshowStarted('backwards')).playbackOrder).toBe('backwards');
  });

  it('slideshowTicked forwards moves to the next file, backwards to the previous', () => {
    const forwards = run(openAt(['a', 'b', 'c'], 'b'), a.slideshowStarted('forwards'), a.slideshowTicked());
    expect(shownId(forwards)).toBe('c');
    const backwards = run(openAt(['a', 'b', 'c'], 'b'), a.slideshowStarted('backwards'), a.slideshowTicked());
    expect(shownId(backwards)).toBe('a');
  });

  it('slideshowTicked at the end stops the slideshow', () => {
    const state = run(openAt(['a', 'b'], 'b'), a.slideshowStarted('forwards'), a.slideshowTicked());
    expect(shownId(state)).toBe('b');
    expect(state.autoNavigate).toBe(false);
  });

  it('slideshowTicked does nothing when the slideshow is off', () => {
    expect(shownId(reduce(openAt(['a', 'b'], 'a'), a.slideshowTicked()))).toBe('a');
  });

  it('playbackOrderChanged', () => {
    expect(reduce(initialCarouselState(), a.playbackOrderChanged('backwards')).playbackOrder).toBe(
      'backwards',
    );
  });
});

describe('fullscreen, side module, video status', () => {
  it('fullscreenChanged', () => {
    expect(reduce(initialCarouselState(), a.fullscreenChanged(true)).fullscreen).toBe(true);
    expect(
      run(initialCarouselState(), a.fullscreenChanged(true), a.fullscreenChanged(false)).fullscreen,
    ).toBe(false);
  });

  it('sideModuleToggled opens and closes the info module; sideModuleClosed closes', () => {
    const open = reduce(initialCarouselState(), a.sideModuleToggled('info'));
    expect(open.sideModule).toBe('info');
    expect(reduce(open, a.sideModuleToggled('info')).sideModule).toBe('none');
    expect(reduce(open, a.sideModuleClosed()).sideModule).toBe('none');
  });

  it('videoPlayed, videoPaused, videoEnded; the pause that comes with an end keeps finished', () => {
    const playing = reduce(initialCarouselState(), a.videoPlayed());
    expect(playing.videoStatus).toBe('playing');
    expect(reduce(playing, a.videoPaused()).videoStatus).toBe('paused');
    const finished = reduce(playing, a.videoEnded());
    expect(finished.videoStatus).toBe('finished');
    expect(reduce(finished, a.videoPaused()).videoStatus).toBe('finished');
    expect(reduce(finished, a.videoPlayed()).videoStatus).toBe('playing');
  });
});

describe('file deleted (core.md §2: next, else previous, else leave)', () => {
  it('the viewed file: the next one takes its place', () => {
    const state = reduce(openAt(['a', 'b', 'c'], 'b'), a.fileRemoved('b'));
    expect(shownId(state)).toBe('c');
    expect(state.files).toHaveLength(2);
  });

  it('the viewed file was the last: the previous one', () => {
    expect(shownId(reduce(openAt(['a', 'b', 'c'], 'c'), a.fileRemoved('c')))).toBe('b');
  });

  it('the only file: the viewer leaves', () => {
    const state = run(openAt(['a'], 'a'), a.slideshowStarted(undefined), a.fileRemoved('a'));
    expect(state.status).toBe('left');
    expect(state.autoNavigate).toBe(false);
    expect(currentFile(state)).toBeUndefined();
  });

  it('another file: the viewed one stays', () => {
    const state = reduce(openAt(['a', 'b', 'c'], 'b'), a.fileRemoved('a'));
    expect(shownId(state)).toBe('b');
    expect(reduce(openAt(['a', 'b'], 'a'), a.fileRemoved('zzz')).files).toHaveLength(2);
  });
});

describe('helpers', () => {
  it('mergeFiles orders newest first, then by fileID, without duplicates', () => {
    const t = 1_700_000_000;
    const merged = mergeFiles(
      [fileRecord('b', { timestamp: t }), fileRecord('old', { timestamp: t - 5 })],
      [
        fileRecord('a', { timestamp: t }),
        fileRecord('b', { timestamp: t }),
        fileRecord('new', { timestamp: t + 5 }),
      ],
    );
    expect(merged.map((f) => f.fileID)).toEqual(['new', 'a', 'b', 'old']);
  });

  it('neighboursToPreload: 6 nearest, alternating ahead and behind in the playback order', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'];
    const state = openAt(ids, 'e');
    expect(neighboursToPreload(state).map((f) => f.fileID)).toEqual(['f', 'd', 'g', 'c', 'h', 'b']);
    const backwards = reduce(state, a.playbackOrderChanged('backwards'));
    expect(neighboursToPreload(backwards).map((f) => f.fileID)).toEqual(['d', 'f', 'c', 'g', 'b', 'h']);
    // At an end the other side fills up.
    expect(neighboursToPreload(openAt(ids, 'a')).map((f) => f.fileID)).toEqual([
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]);
    expect(neighboursToPreload(openAt(['a', 'b'], 'a')).map((f) => f.fileID)).toEqual(['b']);
  });

  it('needsMore near either end', () => {
    const ids = Array.from({ length: 20 }, (_, i) => `f${String(i).padStart(2, '0')}`);
    expect(needsMore(openAt(ids, 'f10'), 'next')).toBe(false);
    expect(needsMore(openAt(ids, 'f16'), 'next')).toBe(true);
    expect(needsMore(openAt(ids, 'f03'), 'previous')).toBe(true);
    expect(needsMore(openAt(ids, 'f10'), 'previous')).toBe(false);
  });
});
