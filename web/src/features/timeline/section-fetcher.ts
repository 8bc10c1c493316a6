import { FILES_MAX_LIMIT } from '@nordlys/contract/timeline';
import { type MonthKey, monthKeyAt, monthWindow } from '@nordlys/contract/timeline-month';
import type { TimelineFile } from '@nordlys/contract/timeline-tiles';
import { fetchTiles } from '../../api/timeline.api';
import { runWindow, splitByMonth } from './selection-range';
import { type TimelineSection, timelineActions } from './timeline.slice';
import { filesTypesOf, type TimelineFilterId } from './timeline-filter';
import { afterFirstRow, takeEarlyMonth } from './timeline-prefetch';

/** core.md §9: default parallel requests. */
export const SECTION_CONCURRENCY = 5;
/** Fetched months older than this refetch when they come back into view. */
export const SECTION_MAX_AGE_MS = 5 * 60 * 1000;

type Dispatch = (action: { type: string }) => unknown;

export interface SectionFetcherDeps {
  dispatch: Dispatch;
  getSection: (key: MonthKey) => TimelineSection | undefined;
  jobId: () => string | null;
  filter: () => TimelineFilterId;
  now?: () => number;
  load?: typeof loadWindowFiles;
}

type EpochWindow = { start: number; end: number };

/**
 * Every file of a window of months (paged past the server's per-call limit), newest first.
 * `onPage` sees the files so far after each page but the last, so a month can be drawn before
 * all of it is in.
 */
export async function loadWindowFiles(
  jobId: string,
  { start, end }: EpochWindow,
  filter: TimelineFilterId,
  signal?: AbortSignal,
  onPage?: (files: TimelineFile[]) => void,
): Promise<{ files: TimelineFile[]; serial: number | null }> {
  const files: TimelineFile[] = [];
  let serial: number | null = null;
  // The newest month's first files may have been read at start-up, with the page's code.
  const key = monthKeyAt(end);
  const wholeMonth = monthWindow(key).start === start && monthWindow(key).end === end;
  const early = filter === 'all' && wholeMonth ? await takeEarlyMonth(key) : undefined;
  if (early) {
    files.push(...early.files);
    serial = early.lastEventSerial;
    if (early.complete) return { files, serial };
    onPage?.(files.slice());
    await afterFirstRow();
  }
  for (;;) {
    const page = await fetchTiles(
      jobId,
      { start, end, types: filesTypesOf(filter), limit: FILES_MAX_LIMIT, offset: files.length },
      signal,
    );
    files.push(...page.files);
    serial ??= page.lastEventSerial;
    const total = page.totalItems ?? files.length;
    if (page.files.length === 0 || files.length >= total) break;
    onPage?.(files.slice());
  }
  return { files, serial };
}

/**
 * Fetches months as they near the viewport: at most five at once, one request per month in
 * flight, nearest first. A failure puts the month back to UNFETCHED so it is tried again when
 * next requested.
 */
export class SectionFetcher {
  private readonly queue: MonthKey[] = [];
  private readonly inFlight = new Map<MonthKey, AbortController>();
  private generation = 0;

  constructor(private readonly deps: SectionFetcherDeps) {}

  /** Keys in priority order (visible months first, then the prefetch margin). */
  request(keys: readonly MonthKey[]): void {
    const wanted = keys.filter((key) => !this.inFlight.has(key) && this.needsFetch(key));
    // The newest request decides the order: what is on screen now beats what was earlier.
    const rest = this.queue.filter((key) => !wanted.includes(key) && keys.includes(key));
    this.queue.length = 0;
    this.queue.push(...wanted, ...rest);
    this.pump();
  }

  /** Fetches the given months now (a shift range, a month check) and resolves when all are loaded. */
  async ensure(keys: readonly MonthKey[]): Promise<boolean> {
    this.request(keys);
    const pending = () => keys.some((key) => this.deps.getSection(key)?.status !== 'FETCHED');
    for (let tries = 0; pending() && tries < 600; tries += 1) {
      if (keys.every((key) => !this.inFlight.has(key) && !this.queue.includes(key))) {
        // Something failed and went back to UNFETCHED: ask once more, then give up.
        if (keys.some((key) => this.deps.getSection(key)?.status === 'UNFETCHED')) {
          this.request(keys);
          if (keys.every((key) => !this.inFlight.has(key) && !this.queue.includes(key))) return false;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return !pending();
  }

  /**
   * Loads runs of neighbouring months with one window request each (a shift range over months
   * never shown) and files each month's part. Resolves false when a run could not be read.
   */
  async loadRuns(runs: readonly MonthKey[][]): Promise<boolean> {
    const { dispatch, jobId, filter } = this.deps;
    const job = jobId();
    if (!job) return false;
    const generation = this.generation;
    const now = this.deps.now ?? Date.now;
    try {
      await Promise.all(
        runs.map(async (run) => {
          const { files, serial } = await (this.deps.load ?? loadWindowFiles)(job, runWindow(run), filter());
          if (generation !== this.generation) return;
          for (const [key, list] of splitByMonth(run, files))
            dispatch(timelineActions.sectionFetched({ key, files: list, at: now(), serial }));
        }),
      );
      return generation === this.generation;
    } catch {
      return false;
    }
  }

  /** Drops everything (filter or job changed). */
  reset(): void {
    this.generation += 1;
    this.queue.length = 0;
    for (const [key, controller] of this.inFlight) {
      controller.abort();
      // Back to UNFETCHED, or a month kept by the next months list would wait forever.
      this.deps.dispatch(timelineActions.sectionFetchFailed(key));
    }
    this.inFlight.clear();
  }

  get activeCount(): number {
    return this.inFlight.size;
  }

  private needsFetch(key: MonthKey): boolean {
    const section = this.deps.getSection(key);
    if (!section) return false;
    if (section.status === 'UNFETCHED') return true;
    const now = (this.deps.now ?? Date.now)();
    return (
      section.status === 'FETCHED' &&
      section.fetchedAt !== null &&
      now - section.fetchedAt >= SECTION_MAX_AGE_MS
    );
  }

  private pump(): void {
    while (this.inFlight.size < SECTION_CONCURRENCY && this.queue.length > 0) {
      const key = this.queue.shift() as MonthKey;
      if (!this.needsFetch(key)) continue;
      void this.fetch(key);
    }
  }

  private async fetch(key: MonthKey): Promise<void> {
    const { dispatch, getSection, jobId, filter } = this.deps;
    const section = getSection(key);
    const job = jobId();
    if (!section || !job) return;
    const generation = this.generation;
    const controller = new AbortController();
    this.inFlight.set(key, controller);
    const now = this.deps.now ?? Date.now;
    if (section.status === 'FETCHED')
      dispatch(timelineActions.sectionsExpired({ now: now(), maxAgeMs: SECTION_MAX_AGE_MS }));
    dispatch(timelineActions.sectionFetchStarted(key));
    try {
      const { files, serial } = await (this.deps.load ?? loadWindowFiles)(
        job,
        monthWindow(key),
        filter(),
        controller.signal,
        (part) => {
          if (generation === this.generation)
            dispatch(timelineActions.sectionPartlyFetched({ key, files: part }));
        },
      );
      if (generation === this.generation)
        dispatch(timelineActions.sectionFetched({ key, files, at: now(), serial }));
    } catch {
      if (generation === this.generation) dispatch(timelineActions.sectionFetchFailed(key));
    } finally {
      if (generation === this.generation) {
        this.inFlight.delete(key);
        this.pump();
      }
    }
  }
}
