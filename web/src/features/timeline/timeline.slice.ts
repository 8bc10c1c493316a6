import type { RecentCounts, TimelineMonth } from '@nordlys/contract/timeline';
import { type MonthKey, monthKey, monthKeyAt } from '@nordlys/contract/timeline-month';
import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { createSlice, isDraft, original, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer } from '../../state/store';
import { monthCount, type TimelineFilterId } from './timeline-filter';

/** core.md §4 Timeline section fetch. */
export type SectionStatus = 'UNFETCHED' | 'FETCHING' | 'FETCHED';
/** core.md §4 Recent files load; also used for the months list. */
export type LoadStatus = 'EMPTY' | 'FETCHING' | 'SUCCEEDED' | 'FAILED';

export interface TimelineSection {
  key: MonthKey;
  /** Files the section shows: the month's count until it loads, then the loaded files' count. */
  count: number;
  status: SectionStatus;
  fetchedAt: number | null;
  /** Kept while a refetch runs so an expired month does not blank out. */
  files: TimelineFile[] | null;
}

export interface TimelineState {
  jobId: string | null;
  filter: TimelineFilterId;
  load: LoadStatus;
  sections: TimelineSection[];
  recents: { status: LoadStatus; counts: RecentCounts | null };
  /** The job serial the loaded data reflects (X-Last-Event-Serial); the change feed starts here. */
  serial: number | null;
}

export const initialTimelineState = (): TimelineState => ({
  jobId: null,
  filter: 'all',
  load: 'EMPTY',
  sections: [],
  recents: { status: 'EMPTY', counts: null },
  serial: null,
});

const find = (state: TimelineState, key: MonthKey) => state.sections.find((s) => s.key === key);

/**
 * A month's files go into the state frozen as a whole. Immer then leaves the thousands of records
 * alone, where it would walk and freeze each one (tens of milliseconds a month at a million files,
 * a long task while scrolling); a list is never changed in place, only replaced.
 */
const sealed = (files: TimelineFile[]): TimelineFile[] => Object.freeze(files) as TimelineFile[];

/**
 * A month's files as stored, not as drafts: a list built from drafts and then sealed would keep
 * them, and they die with the reducer call. Reading the stored list also spares a draft per file.
 */
const storedFiles = (files: TimelineFile[]): TimelineFile[] =>
  isDraft(files) ? (original(files) as TimelineFile[]) : files;

function groupByMonth(files: readonly TimelineFile[], at: number): TimelineSection[] {
  const byKey = new Map<MonthKey, TimelineFile[]>();
  const sorted = [...files].sort((a, b) => b.timestamp - a.timestamp || a.fileID.localeCompare(b.fileID));
  for (const file of sorted) {
    const key = monthKeyAt(file.timestamp);
    const list = byKey.get(key);
    if (list) list.push(file);
    else byKey.set(key, [file]);
  }
  return [...byKey.entries()].map(([key, list]) => ({
    key,
    count: list.length,
    status: 'FETCHED',
    fetchedAt: at,
    files: sealed(list),
  }));
}

const maxSerial = (current: number | null, next: number | null | undefined) =>
  next === null || next === undefined ? current : Math.max(current ?? 0, next);

export const timelineSlice = createSlice({
  name: 'timeline',
  initialState: initialTimelineState,
  reducers: {
    jobResolved(state, action: PayloadAction<string>) {
      if (state.jobId === action.payload) return;
      // The first job read only names the job: the loads started with it carry on. Another job
      // (another user) starts over.
      if (state.jobId === null) {
        state.jobId = action.payload;
        return;
      }
      Object.assign(state, initialTimelineState(), { jobId: action.payload, filter: state.filter });
    },
    filterChanged(state, action: PayloadAction<TimelineFilterId>) {
      if (state.filter === action.payload) return;
      state.filter = action.payload;
      state.load = 'EMPTY';
      state.sections = [];
    },
    loadStarted(state) {
      state.load = 'FETCHING';
    },
    loadFailed(state, action: PayloadAction<{ filter: TimelineFilterId }>) {
      if (action.payload.filter === state.filter) state.load = 'FAILED';
    },
    /** Counts first (core.md §2): heights are estimated from them until each month loads. */
    monthsLoaded(
      state,
      action: PayloadAction<{ filter: TimelineFilterId; months: TimelineMonth[]; serial?: number | null }>,
    ) {
      const { filter, months, serial } = action.payload;
      if (filter !== state.filter) return;
      // An empty timeline loads no month, so its change feed starts from the months' serial.
      state.serial = maxSerial(state.serial, serial);
      const previous = new Map(state.sections.map((s) => [s.key, s]));
      state.sections = months
        .map((m): TimelineSection => {
          const key = monthKey(m);
          const count = monthCount(m, filter);
          const old = previous.get(key);
          // A month whose count changed is stale: refetch it, but keep showing what we have.
          const unchanged = old !== undefined && old.count === count;
          return {
            key,
            count,
            status: unchanged ? old.status : 'UNFETCHED',
            fetchedAt: unchanged ? old.fetchedAt : null,
            files: old?.files ?? null,
          };
        })
        .filter((s) => s.count > 0);
      state.load = 'SUCCEEDED';
    },
    /** A recents filter lists files by upload time in one call: every section is fetched at once. */
    recentFilesLoaded(
      state,
      action: PayloadAction<{
        filter: TimelineFilterId;
        files: TimelineFile[];
        at: number;
        serial: number | null;
      }>,
    ) {
      const { filter, files, at, serial } = action.payload;
      if (filter !== state.filter) return;
      state.sections = groupByMonth(files, at);
      state.load = 'SUCCEEDED';
      state.serial = maxSerial(state.serial, serial);
    },
    sectionFetchStarted(state, action: PayloadAction<MonthKey>) {
      const section = find(state, action.payload);
      if (section && section.status === 'UNFETCHED') section.status = 'FETCHING';
    },
    sectionFetched(
      state,
      action: PayloadAction<{ key: MonthKey; files: TimelineFile[]; at: number; serial: number | null }>,
    ) {
      const { key, files, at, serial } = action.payload;
      const section = find(state, key);
      if (!section) return;
      section.status = 'FETCHED';
      section.fetchedAt = at;
      section.files = sealed(files);
      // The loaded list is the truth: this corrects the estimated height.
      section.count = files.length;
      state.serial = maxSerial(state.serial, serial);
    },
    /**
     * The first files of a month still loading (a month of thousands comes in pages): drawn at
     * once, while the count and the status wait for the whole month. A month already on screen
     * keeps what it shows until its refetch is complete.
     */
    sectionPartlyFetched(state, action: PayloadAction<{ key: MonthKey; files: TimelineFile[] }>) {
      const section = find(state, action.payload.key);
      if (section && section.status === 'FETCHING' && section.files === null)
        section.files = sealed(action.payload.files);
    },
    sectionFetchFailed(state, action: PayloadAction<MonthKey>) {
      const section = find(state, action.payload);
      if (section && section.status === 'FETCHING') section.status = 'UNFETCHED';
    },
    sectionsExpired(state, action: PayloadAction<{ now: number; maxAgeMs: number }>) {
      const { now, maxAgeMs } = action.payload;
      for (const section of state.sections) {
        if (
          section.status === 'FETCHED' &&
          section.fetchedAt !== null &&
          now - section.fetchedAt >= maxAgeMs
        ) {
          section.status = 'UNFETCHED';
        }
      }
    },
    /** Sections the change feed says changed: refetch them when next in view. */
    sectionsInvalidated(state, action: PayloadAction<MonthKey[] | 'all'>) {
      for (const section of state.sections) {
        if (action.payload === 'all' || action.payload.includes(section.key)) {
          if (section.status === 'FETCHED') section.status = 'UNFETCHED';
        }
      }
    },
    filesRemoved(state, action: PayloadAction<string[]>) {
      const removed = new Set(action.payload);
      for (const section of state.sections) {
        if (!section.files) continue;
        const files = storedFiles(section.files);
        const kept = files.filter((f) => !removed.has(f.fileID));
        if (kept.length !== files.length) {
          section.count -= files.length - kept.length;
          section.files = sealed(kept);
        }
      }
      state.sections = state.sections.filter((s) => s.count > 0);
    },
    serialSeen(state, action: PayloadAction<number>) {
      state.serial = maxSerial(state.serial, action.payload);
    },
    recentsRequested(state) {
      state.recents.status = 'FETCHING';
    },
    recentsLoaded(state, action: PayloadAction<RecentCounts>) {
      state.recents = { status: 'SUCCEEDED', counts: action.payload };
    },
    recentsFailed(state) {
      state.recents.status = 'FAILED';
    },
    timelineReset: () => initialTimelineState(),
  },
  selectors: {
    selectTimeline: (state) => state,
  },
});

export const timelineActions = timelineSlice.actions;
const injected = timelineSlice.injectInto(rootReducer);
export const { selectTimeline } = injected.selectors;
export type TimelineRootState = { timeline: TimelineState };
