import { localeTag } from '@nordlys/contract/language-rule';
import { type MonthKey, monthStart } from '@nordlys/contract/timeline-month';
import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { AlertTriangle, ImageOff, ImagePlus, Upload } from 'lucide-react';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector, useStore } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import type { ChangeFeedHook } from '../../api/job-feed.api';
import { onFileActionEvent } from '../../file-actions/file-action.events';
import type { FileActionAccount, FileActionContext } from '../../file-actions/file-action.types';
import { lazyPart } from '../../routing/lazy-part';
import { isMobileWidth } from '../../ui/breakpoints';
import { Button } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { SkeletonGroup } from '../../ui/skeleton';
import { isDialogOpen, isTypingTarget } from './keyboard-target';
import {
  markHintShown,
  readScroll,
  SHIFT_HINT_REPEAT_MS,
  saveScroll,
  shouldShowHint,
} from './scroll-position.storage';
import { SectionFetcher } from './section-fetcher';
import {
  exceedsMax,
  groupSelection,
  isSelecting,
  rangePreview,
  selectionActions,
  selectSelection,
} from './selection.slice';
import { missingRuns, rangeFileIds, rangeSectionSpan } from './selection-range';
import {
  selectTimeline,
  type TimelineRootState,
  type TimelineSection,
  timelineActions,
} from './timeline.slice';
import { loadRecents, loadTimeline, pollChanges } from './timeline.thunks';
import { defaultRecentsFilter, isTimelineFilter, type TimelineFilterId } from './timeline-filter';
import { TimelineFilterBar } from './timeline-filter-bar.component';
import { TimelineGrid, type TimelineGridHandle } from './timeline-grid.component';
import type { TileCommand } from './timeline-tile.component';
import './timeline.css';

/** Months in view whose data expired are read again this often. */
const EXPIRED_CHECK_MS = 30_000;
/** A burst of finished uploads reads the change feed at most this often. */
const STORED_POLL_MS = 1000;
/** core.md §2: the fast scroller opens when at least this many files are selected. */
const SCROLLER_SELECTION_COUNT = 10;
const SAVE_POSITION_MS = 250;
/** After the first screenful: the thumbnails come first. */
const SELECTION_PRELOAD_DELAY_MS = 2000;

/** The toolbar and the file actions, fetched after the first paint (or on the first selection). */
const SelectionActions = lazyPart(() =>
  import('./selection-actions.component').then((module) => module.SelectionActions),
);

export interface TimelinePageProps {
  /** The signed-in user (the app passes it from the account); null while unknown. */
  account: FileActionAccount | null;
  /** Opens the upload dialog (the empty timeline offers a local upload). */
  onUpload: () => void;
  /**
   * How many files this tab's uploads have stored so far: when it grows, the change feed is read
   * at once, so they appear without waiting for the next poll.
   */
  filesStored?: number;
  /**
   * Picking files for another screen (add photos to an album, external photo selection): tiles
   * select instead of opening, the picker's bar stands in for the selection toolbar, and a
   * selection beyond `max` is refused.
   */
  picker?: TimelinePicker;
  /**
   * The live change feed (core.md §4): a long poll from the serial the timeline reflects, each
   * wake reading the changes. Without it (a picker) the feed is read on arrival and on focus.
   */
  useChangeFeed?: ChangeFeedHook;
}

export type { ChangeFeedHook } from '../../api/job-feed.api';

const noChangeFeed: ChangeFeedHook = () => {};

export interface TimelinePicker {
  max?: number;
  onLimitReached(): void;
  renderBar(selected: readonly TimelineFile[], clear: () => void): ReactNode;
}

type SelectionAction = ReturnType<(typeof selectionActions)[keyof typeof selectionActions]>;

/** Loaded file ids in display order (newest first). */
const orderOf = (sections: readonly TimelineSection[]): string[] =>
  sections.flatMap((section) => (section.files ?? []).map((file) => file.fileID));

const findFile = (sections: readonly TimelineSection[], id: string): TimelineFile | undefined => {
  for (const section of sections) {
    const file = section.files?.find((f) => f.fileID === id);
    if (file) return file;
  }
  return undefined;
};

export function TimelinePage({
  account,
  onUpload,
  filesStored = 0,
  picker,
  useChangeFeed = noChangeFeed,
}: TimelinePageProps) {
  const { t, i18n } = useTranslation('timeline');
  const dispatch = useDispatch();
  const store = useStore<TimelineRootState>();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const timeline = useSelector(selectTimeline);
  const selection = useSelector(selectSelection);
  const gridRef = useRef<TimelineGridHandle>(null);
  const [shiftHint, setShiftHint] = useState(false);
  const getState = store.getState;
  const pickMax = picker?.max;
  const onLimitReached = picker?.onLimitReached;
  // A picker with a maximum refuses a change that would select more than it allows.
  const select = useCallback(
    (action: SelectionAction) => {
      const current = (getState() as unknown as { timelineSelection: typeof selection }).timelineSelection;
      if (exceedsMax(current, action, pickMax)) {
        onLimitReached?.();
        return;
      }
      dispatch(action);
    },
    [dispatch, getState, pickMax, onLimitReached],
  );

  // The filter lives in the address (?filter=...), so 'view the files' links and reloads keep it.
  const requested = params.get('filter');
  const recentsCounts = timeline.recents.counts;
  useEffect(() => {
    let next: TimelineFilterId = 'all';
    if (requested === 'recents') {
      if (timeline.recents.status !== 'SUCCEEDED' && timeline.recents.status !== 'FAILED') return;
      next = defaultRecentsFilter(recentsCounts);
    } else if (isTimelineFilter(requested)) next = requested;
    dispatch(timelineActions.filterChanged(next));
  }, [requested, recentsCounts, timeline.recents.status, dispatch]);

  const setFilter = (filter: TimelineFilterId) => {
    setParams(filter === 'all' ? {} : { filter }, { replace: true });
  };

  const fetcher = useMemo(
    () =>
      new SectionFetcher({
        dispatch,
        getSection: (key) => getState().timeline.sections.find((s) => s.key === key),
        jobId: () => getState().timeline.jobId,
        filter: () => getState().timeline.filter,
      }),
    [dispatch, getState],
  );
  const lastKeys = useRef<MonthKey[]>([]);

  const reload = useCallback(() => {
    fetcher.reset();
    void loadTimeline(dispatch, getState);
  }, [dispatch, fetcher, getState]);

  useEffect(() => {
    void loadRecents(dispatch, getState);
  }, [dispatch, getState]);

  useEffect(() => {
    if (timeline.load === 'EMPTY') reload();
  }, [timeline.load, reload]);

  useEffect(() => () => fetcher.reset(), [fetcher]);

  // Change feed on arrival (restores in the trash, deletions in the viewer made while the timeline
  // was not shown) and when the tab regains focus; the long poll below brings the rest as it
  // happens. Expired months refetch while in view.
  const feedLookup = useCallback(() => pollChanges(dispatch, getState), [dispatch, getState]);
  useChangeFeed(timeline.jobId, timeline.serial, feedLookup);
  useEffect(() => {
    const poll = () => void pollChanges(dispatch, getState);
    poll();
    const timer = setInterval(() => fetcher.request(lastKeys.current), EXPIRED_CHECK_MS);
    window.addEventListener('focus', poll);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', poll);
    };
  }, [dispatch, fetcher, getState]);

  // One read per quiet second: it covers every upload stored before it runs.
  const storedPoll = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (filesStored === 0 || storedPoll.current !== null) return;
    storedPoll.current = setTimeout(() => {
      storedPoll.current = null;
      void pollChanges(dispatch, getState);
    }, STORED_POLL_MS);
  }, [filesStored, dispatch, getState]);
  useEffect(
    () => () => {
      if (storedPoll.current !== null) clearTimeout(storedPoll.current);
    },
    [],
  );

  useEffect(
    () =>
      onFileActionEvent((event) => {
        if (event.kind === 'removed' || event.kind === 'permanentlyDeleted') {
          dispatch(timelineActions.filesRemoved(event.fileIds));
          dispatch(selectionActions.filesRemoved(event.fileIds));
        } else if (event.kind === 'restored' || event.kind === 'copiedToTimeline') {
          void loadTimeline(dispatch, getState);
          void loadRecents(dispatch, getState);
        }
      }),
    [dispatch, getState],
  );

  // Derived lists are built only when a range preview is on: every section load would otherwise
  // walk every loaded file.
  const sections = timeline.sections;
  const previewWanted = selection.shiftHeld && selection.anchorId !== null && selection.hoverId !== null;
  const preview = useMemo(
    () => (previewWanted ? rangePreview(selection, orderOf(sections)) : null),
    [previewWanted, selection, sections],
  );
  const selecting = isSelecting(selection);
  const picking = picker !== undefined;

  const actionContext = useCallback((): FileActionContext | null => {
    const state = getState();
    const jobId = state.timeline.jobId;
    if (!jobId) return null;
    const { selected } = (state as unknown as { timelineSelection: { selected: Record<string, true> } })
      .timelineSelection;
    const files: TimelineFile[] = [];
    for (const section of state.timeline.sections) {
      for (const file of section.files ?? []) if (selected[file.fileID]) files.push(file);
    }
    return { surface: 'timeline', jobId, files, account, isJobOwner: true, dispatch };
  }, [account, dispatch, getState]);

  // Keyboard: Escape quits selection, Ctrl/Cmd+A selects every loaded file, Shift previews the
  // range; the action shortcuts (Delete...) come with the selection toolbar.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Shift') dispatch(selectionActions.shiftChanged(true));
      if (isTypingTarget(event.target) || isDialogOpen()) return;
      const current = (getState() as unknown as { timelineSelection: typeof selection }).timelineSelection;
      if (event.key === 'Escape' && current.count > 0) {
        dispatch(selectionActions.cleared());
      } else if ((event.key === 'a' || event.key === 'A') && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        select(selectionActions.allSelected(orderOf(getState().timeline.sections)));
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === 'Shift') dispatch(selectionActions.shiftChanged(false));
    };
    const onBlur = () => dispatch(selectionActions.shiftChanged(false));
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', onBlur);
    };
  }, [dispatch, getState, select]);

  // Leaving the timeline ends the selection.
  useEffect(() => () => void dispatch(selectionActions.cleared()), [dispatch]);

  // core.md §2: the shift hint once, again after a month, never on mobile.
  const wasSelecting = useRef(false);
  useEffect(() => {
    if (selecting && !wasSelecting.current && !isMobileWidth(window.innerWidth)) {
      if (shouldShowHint('shift', SHIFT_HINT_REPEAT_MS)) {
        markHintShown('shift');
        setShiftHint(true);
      }
    }
    if (!selecting) setShiftHint(false);
    wasSelecting.current = selecting;
  }, [selecting]);

  useEffect(() => {
    if (selection.count >= SCROLLER_SELECTION_COUNT) gridRef.current?.openScroller();
  }, [selection.count]);

  const onTileCommand = useCallback(
    async (command: TileCommand) => {
      const id = command.file.fileID;
      switch (command.kind) {
        case 'open':
          if (picking) {
            select(selectionActions.toggled(id));
            return;
          }
          // The viewer closes with history back when it knows it came from here (scroll kept).
          navigate(`/photos/${encodeURIComponent(id)}`, { state: { fromTimeline: true } });
          return;
        case 'toggle':
          select(selectionActions.toggled(id));
          return;
        case 'hover':
          dispatch(selectionActions.hovered(id));
          return;
        case 'unhover':
          dispatch(selectionActions.hovered(null));
          return;
        case 'range': {
          const anchorId = (getState() as unknown as { timelineSelection: typeof selection })
            .timelineSelection.anchorId;
          const anchor = anchorId ? findFile(getState().timeline.sections, anchorId) : undefined;
          if (!anchor) {
            select(selectionActions.toggled(id));
            return;
          }
          // A range has been made: the tip has done its job.
          setShiftHint(false);
          // Months of the range never shown are read first, one request per run of them, so
          // the selection holds every file between the ends (core.md §2).
          const span = rangeSectionSpan(getState().timeline.sections, anchor, command.file);
          const runs = span ? missingRuns(getState().timeline.sections, span) : [];
          if (runs.length > 0) {
            dispatch(selectionActions.rangeFetchStarted());
            if (!(await fetcher.loadRuns(runs))) {
              dispatch(selectionActions.rangeFetchEnded());
              return;
            }
          }
          const ids = rangeFileIds(getState().timeline.sections, anchor, command.file);
          if (ids) select(selectionActions.rangeApplied({ ids, targetId: id }));
          else dispatch(selectionActions.rangeFetchEnded());
          return;
        }
      }
    },
    [dispatch, fetcher, getState, navigate, select, picking],
  );

  const onToggleMonth = useCallback(
    async (key: MonthKey) => {
      const find = () => getState().timeline.sections.find((s) => s.key === key);
      if (find()?.status !== 'FETCHED') {
        dispatch(selectionActions.rangeFetchStarted());
        await fetcher.ensure([key]);
        dispatch(selectionActions.rangeFetchEnded());
      }
      const ids = (find()?.files ?? []).map((f) => f.fileID);
      if (ids.length === 0) return;
      select(selectionActions.groupToggled(ids));
      const after = (getState() as unknown as { timelineSelection: typeof selection }).timelineSelection;
      if (groupSelection(after, ids) === 'all-selected') gridRef.current?.openScroller();
    },
    [dispatch, fetcher, getState, select],
  );

  const tileCommand = useCallback((command: TileCommand) => void onTileCommand(command), [onTileCommand]);
  const toggleMonth = useCallback((key: MonthKey) => void onToggleMonth(key), [onToggleMonth]);

  const onNeedSections = useCallback(
    (keys: MonthKey[]) => {
      lastKeys.current = keys;
      fetcher.request(keys);
    },
    [fetcher],
  );

  const filter = timeline.filter;
  // Saved at most a few times a second and when leaving, not on every scroll event.
  const pendingPosition = useRef<{ key: MonthKey; delta: number } | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flushPosition = useCallback(() => {
    clearTimeout(saveTimer.current);
    saveTimer.current = undefined;
    if (pendingPosition.current) saveScroll({ filter, ...pendingPosition.current });
    pendingPosition.current = null;
  }, [filter]);
  const onPosition = useCallback(
    (position: { key: MonthKey; delta: number }) => {
      // A picker's scrolling is not the timeline's place to come back to.
      if (picking) return;
      pendingPosition.current = position;
      saveTimer.current ??= setTimeout(flushPosition, SAVE_POSITION_MS);
    },
    [flushPosition, picking],
  );
  useEffect(() => {
    window.addEventListener('pagehide', flushPosition);
    return () => {
      window.removeEventListener('pagehide', flushPosition);
      flushPosition();
    };
  }, [flushPosition]);
  const initialPosition = useMemo(() => (picking ? null : readScroll(filter)), [filter, picking]);

  const language = localeTag(i18n.language);
  const monthFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    [language],
  );
  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }),
    [language],
  );
  const labelOf = useCallback((key: MonthKey) => monthFormat.format(monthStart(key)), [monthFormat]);
  const formatDate = useCallback((timestamp: number) => dateFormat.format(timestamp * 1000), [dateFormat]);
  const tileTexts = useMemo(
    () => ({
      alt: (name: string, date: string) => t('tile.alt', { name, date }),
      video: (name: string, date: string, duration: string) => t('tile.video', { name, date, duration }),
      failed: t('tile.failed'),
      select: (name: string) => t('tile.select', { name }),
      deselect: (name: string) => t('tile.deselect', { name }),
    }),
    [t],
  );

  const scrollerMode = selecting ? 'select' : 'normal';
  const [scrollerHint, setScrollerHint] = useState<string | null>(null);
  const onScrollerShown = useCallback(() => {
    const name = `scroller.${scrollerMode}`;
    if (shouldShowHint(name, null)) {
      markHintShown(name);
      setScrollerHint(t(`scroller.hint.${scrollerMode}`));
    } else setScrollerHint(null);
  }, [scrollerMode, t]);

  // Once the first screenful is up, the selection toolbar's code comes in while the page is idle.
  const painted = timeline.sections.length > 0;
  useEffect(() => {
    if (!painted || picking) return;
    const timer = setTimeout(() => void SelectionActions.preload(), SELECTION_PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [painted, picking]);
  const pickedFiles = useMemo(
    () =>
      picking
        ? sections.flatMap((section) =>
            (section.files ?? []).filter((file) => selection.selected[file.fileID]),
          )
        : [],
    [picking, sections, selection.selected],
  );

  let body: React.ReactNode;
  if (timeline.load === 'FAILED') {
    body = (
      <div className="timeline-state" role="alert">
        <EmptyState
          icon={<AlertTriangle />}
          message={t('state.failed')}
          action={{ label: t('state.retry'), onClick: reload }}
        />
      </div>
    );
  } else if (timeline.sections.length === 0 && timeline.load !== 'SUCCEEDED') {
    body = (
      <SkeletonGroup className="timeline-loading">
        {Array.from({ length: 18 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <span key={i} className="timeline-loading__cell" aria-hidden="true" />
        ))}
      </SkeletonGroup>
    );
  } else if (timeline.sections.length === 0) {
    body =
      filter === 'all' ? (
        <div className="timeline-state">
          <EmptyState
            icon={<ImagePlus />}
            message={t('state.empty')}
            action={{ label: t('state.upload'), onClick: onUpload, icon: <Upload /> }}
          />
        </div>
      ) : (
        <div className="timeline-state">
          <EmptyState icon={<ImageOff />} message={t('state.emptyFilter')} />
          <Button variant="ghost" onClick={() => setFilter('all')}>
            {t('state.showAll')}
          </Button>
        </div>
      );
  } else {
    body = (
      <TimelineGrid
        key={filter}
        handleRef={gridRef}
        sections={timeline.sections}
        selection={selection}
        preview={preview}
        labelOf={labelOf}
        formatDate={formatDate}
        tileTexts={tileTexts}
        initialPosition={initialPosition}
        scrollerHint={scrollerHint}
        onScrollerShown={onScrollerShown}
        onTileCommand={tileCommand}
        onToggleMonth={toggleMonth}
        onNeedSections={onNeedSections}
        onPosition={onPosition}
      />
    );
  }

  return (
    <div className={`timeline-page${selecting || picking ? ' timeline-page--selecting' : ''}`}>
      {picking ? null : <h1 className="visually-hidden">{t('title')}</h1>}
      {picker ? (
        picker.renderBar(pickedFiles, () => dispatch(selectionActions.cleared()))
      ) : selecting ? (
        <Suspense fallback={null}>
          <SelectionActions
            count={selection.count}
            fetchingRange={selection.fetchingRange}
            shiftHint={shiftHint}
            actionContext={actionContext}
          />
        </Suspense>
      ) : null}
      <TimelineFilterBar filter={filter} recents={recentsCounts} onChange={setFilter} />
      {!selecting && selection.fetchingRange ? (
        <p className="timeline-status" role="status">
          {t('selection.fetchingInfo')}
        </p>
      ) : null}
      {body}
    </div>
  );
}
