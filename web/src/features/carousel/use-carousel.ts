import { type Dispatch, type RefObject, useCallback, useEffect, useReducer, useRef } from 'react';
import { isApiError } from '../../api/errors';
import type { ChangeFeedHook } from '../../api/job-feed.api';
import { onFileActionEvent } from '../../file-actions/file-action.events';
import { isMovieFile } from '../../file-actions/file-kind';
import {
  carouselActions as actions,
  type CarouselAction,
  type CarouselState,
  carouselReducer,
  currentFile,
  type Direction,
  initialCarouselState,
  mergeFiles,
  needsMore,
  neighboursToPreload,
  SLIDESHOW_AFTER_VIDEO_MS,
  SLIDESHOW_INTERVAL_MS,
} from './carousel.slice';
import type { CarouselSource } from './carousel.source';

const noChangeFeed: ChangeFeedHook = () => {};

/** Loads the file and its neighbours, and reloads when the address names a file not in the list. */
function useLoad(
  state: CarouselState,
  dispatch: Dispatch<CarouselAction>,
  source: CarouselSource,
  fileId: string,
  autoplay: boolean,
  serial: RefObject<number | null>,
) {
  const known = state.files.some((file) => file.fileID === fileId);
  const inList = state.status === 'open' && known;
  // Only the address decides what to load; `inList` is read at that moment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (inList) {
      dispatch(actions.shown(fileId));
      return;
    }
    const controller = new AbortController();
    dispatch(actions.opened({ autoplay }));
    source.load(fileId, controller.signal).then(
      ({ file, before, after, serial: readAt }) => {
        if (controller.signal.aborted) return;
        serial.current = readAt ?? null;
        dispatch(actions.loaded({ files: mergeFiles(before, [file], after), fileId }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const notFound = isApiError(error) && [400, 403, 404].includes(error.status);
        dispatch(actions.loadFailed({ notFound }));
      },
    );
    return () => controller.abort();
  }, [fileId, source]);
}

/** Fetches further neighbours when the viewer gets near either end of what it has. */
function useExtend(state: CarouselState, dispatch: Dispatch<CarouselAction>, source: CarouselSource) {
  const exhausted = useRef<Record<Direction, boolean>>({ next: false, previous: false });
  const pending = useRef<Record<Direction, boolean>>({ next: false, previous: false });
  const wantNext = needsMore(state, 'next');
  const wantPrevious = needsMore(state, 'previous');
  const first = state.files[0];
  const last = state.files[state.files.length - 1];

  useEffect(() => {
    const want: [Direction, boolean, typeof first][] = [
      ['next', wantNext, last],
      ['previous', wantPrevious, first],
    ];
    for (const [direction, wanted, edge] of want) {
      if (!wanted || !edge || exhausted.current[direction] || pending.current[direction]) continue;
      pending.current[direction] = true;
      const before = state.files.length;
      source
        .more(edge, direction)
        .then((files) => {
          const grows = mergeFiles(state.files, files).length > before;
          if (!grows) exhausted.current[direction] = true;
          else dispatch(actions.extended(files));
        })
        .catch(() => {
          exhausted.current[direction] = true;
        })
        .finally(() => {
          pending.current[direction] = false;
        });
    }
  }, [wantNext, wantPrevious, first, last, source, dispatch, state.files]);
}

/** Warms the browser cache with the large thumbnails of the nearest files (core.md §9: 6). */
function usePreload(state: CarouselState) {
  const images = useRef(new Map<string, HTMLImageElement>());
  const neighbours = neighboursToPreload(state);
  const key = neighbours.map((file) => file.fileID).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id list stands for the neighbours
  useEffect(() => {
    const keep = new Map<string, HTMLImageElement>();
    for (const file of neighbours) {
      const url = file.thumbURLLarge;
      if (!url) continue;
      const image = images.current.get(file.fileID) ?? new Image();
      if (!image.src) {
        image.decoding = 'async';
        image.src = url;
      }
      keep.set(file.fileID, image);
    }
    images.current = keep;
  }, [key]);
}

/** The slideshow: every 5 s, or 1 ms after a playing video ends. */
function useSlideshow(state: CarouselState, dispatch: Dispatch<CarouselAction>) {
  const file = currentFile(state);
  const running = state.autoNavigate && state.status === 'open' && file !== undefined;
  const movie = file ? isMovieFile(file) : false;
  const { videoStatus } = state;
  // The file id restarts the timer for every file the slideshow reaches.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!running) return;
    let delay = SLIDESHOW_INTERVAL_MS;
    if (movie && videoStatus === 'finished') delay = SLIDESHOW_AFTER_VIDEO_MS;
    // A video that plays (or was paused by the user) holds the slideshow until it ends; one that
    // cannot start (not encoded, autoplay refused) is shown like a picture.
    else if (movie && (videoStatus === 'playing' || videoStatus === 'paused')) return;
    const timer = setTimeout(() => dispatch(actions.slideshowTicked()), delay);
    return () => clearTimeout(timer);
  }, [running, movie, videoStatus, file?.fileID, dispatch]);
}

/** Files deleted through an action leave the list at once (core.md §2: next, else previous, else leave). */
function useDeletions(dispatch: Dispatch<CarouselAction>) {
  useEffect(
    () =>
      onFileActionEvent((event) => {
        if (event.kind !== 'removed' && event.kind !== 'permanentlyDeleted') return;
        for (const id of event.fileIds) dispatch(actions.fileRemoved(id));
      }),
    [dispatch],
  );
}

/**
 * Files removed elsewhere (another device, another tab) leave the list too: the app's syncer wakes
 * a read of the job's change feed from the serial the files were read at.
 */
function useRemoteRemovals(
  state: CarouselState,
  dispatch: Dispatch<CarouselAction>,
  source: CarouselSource,
  serial: RefObject<number | null>,
  useChangeFeed: ChangeFeedHook,
) {
  const removedSince = source.removedSince;
  const lookup = useCallback(
    async (signal: AbortSignal) => {
      const since = serial.current;
      if (since === null || !removedSince) return { applied: 0, serial: since ?? 0 };
      const feed = await removedSince(since, signal);
      serial.current = Math.max(serial.current ?? since, feed.serial);
      for (const id of feed.removed) dispatch(actions.fileRemoved(id));
      return { applied: feed.changes, serial: serial.current };
    },
    [removedSince, dispatch, serial],
  );
  const following = state.status === 'open' && removedSince !== undefined && source.feed !== undefined;
  useChangeFeed(
    following ? (source.feed?.jobId ?? null) : null,
    following ? serial.current : null,
    lookup,
    source.feed?.headers,
  );
}

/** The viewer's state and the effects that drive it; the component renders and sends commands. */
export function useCarousel(
  source: CarouselSource,
  fileId: string,
  autoplay: boolean,
  useChangeFeed: ChangeFeedHook = noChangeFeed,
) {
  const [state, dispatch] = useReducer(carouselReducer, undefined, initialCarouselState);
  const serial = useRef<number | null>(null);
  useLoad(state, dispatch, source, fileId, autoplay, serial);
  useExtend(state, dispatch, source);
  usePreload(state);
  useSlideshow(state, dispatch);
  useDeletions(dispatch);
  useRemoteRemovals(state, dispatch, source, serial, useChangeFeed);
  return [state, dispatch] as const;
}
