import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../e2e/support/browser';
import { type BenchRow, fmt, median } from './support/report';
import { apiFor, seedLibrary, uploadSeedPictures } from './support/seed-library';
import { deviceTokenOf, startBenchServer } from './support/server-process';

/**
 * The web timeline in headless Chromium over a real server holding BENCH_LIBRARY_FILES (default
 * 100,000) files for one user: time to the first thumbnail after navigation, long tasks (> 50 ms)
 * during a scripted fast scroll from top to bottom, the largest DOM node count seen, and the oldest
 * month reached by scrolling alone. Runs a desktop (1280x800) and a phone (375x812) viewport; on
 * the phone two columns make the library taller than the scroll cap, so the scaled scroll space
 * is what gets measured there. BENCH_PROFILE=1 also prints where the page spent its time, and
 * BENCH_TIMELINE_WATERFALL=1 each request up to the first thumbnail.
 *
 * The first thumbnail is the median of BENCH_TIMELINE_LOADS (default 5) loads per viewport, each in
 * a new browser context (empty cache, new page process), as the phone's largest paint is: a single
 * load's figure moved by 100–200 ms between runs of the same build on this two-core machine. The
 * first load, the first after the library was filled, is printed beside it. The scroll runs once,
 * after the last load.
 */

const FILES = Number(process.env.BENCH_LIBRARY_FILES ?? 100_000);
const _FROM = Date.UTC(2011, 0, 1);
const _TO = Date.UTC(2026, 0, 1);
const DOM_TARGET = 1500;
const FIRST_THUMB_TARGET_MS = 500;
const SCROLL_STEP_PX = 3000;
const LOADS = Math.max(1, Number(process.env.BENCH_TIMELINE_LOADS ?? 5));
const FIRST_THUMB_MESSAGE = 'bench:first-thumbnail';

/** Installed before the app loads: first thumbnail time, long tasks and DOM size samples. */
function instrument(firstThumbMessage: string) {
  const w = window as unknown as {
    bench: { firstThumb: number | null; longTasks: number[]; maxNodes: number; sampling: boolean };
  };
  w.bench = { firstThumb: null, longTasks: [], maxNodes: 0, sampling: false };
  document.addEventListener(
    'load',
    (event) => {
      const target = event.target as HTMLElement;
      if (w.bench.firstThumb === null && target.classList?.contains('timeline-tile__img')) {
        w.bench.firstThumb = performance.now();
        // Told by a console message rather than polled: polling runs the bench's own script on the
        // page's thread while the page starts.
        console.debug(firstThumbMessage);
      }
    },
    true,
  );
  new PerformanceObserver((list) => {
    if (!w.bench.sampling) return;
    for (const entry of list.getEntries()) w.bench.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
}

interface ScrollRun {
  longTasks: number[];
  maxNodes: number;
  oldestMonthKey: string | null;
  scale: number;
  scrollSeconds: number;
}

/** BENCH_TIMELINE_WATERFALL=1: each request up to the first thumbnail (ms after navigation). */
async function printWaterfall(page: Page, untilMs: number): Promise<void> {
  const entries = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return [nav, ...resources].map((entry) => ({
      name: entry.name.replace(location.origin, ''),
      start: entry.startTime,
      response: entry.responseStart,
      end: entry.responseEnd,
    }));
  });
  for (const entry of entries.filter((e) => e.start <= untilMs)) {
    console.log(
      `    ${fmt(entry.start, 0).padStart(5)} → ${fmt(entry.response, 0).padStart(5)} → ${fmt(entry.end, 0).padStart(5)} ms  ${entry.name.slice(0, 80)}`,
    );
  }
  console.log(`    ${fmt(untilMs, 0).padStart(5)} ms  first thumbnail loaded`);
}

/** Opens the timeline and waits for its first thumbnail: milliseconds after navigation. */
async function loadTimeline(page: Page, baseUrl: string): Promise<number> {
  const firstThumb = page.waitForEvent('console', {
    predicate: (message) => message.text() === FIRST_THUMB_MESSAGE,
    timeout: 60_000,
  });
  await page.goto(`${baseUrl}/photos`, { waitUntil: 'commit' });
  await firstThumb;
  const firstThumbMs = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const first = (window as unknown as { bench: { firstThumb: number } }).bench.firstThumb;
    return first - (nav?.startTime ?? 0);
  });
  if (process.env.BENCH_TIMELINE_WATERFALL) await printWaterfall(page, firstThumbMs);
  return firstThumbMs;
}

async function scrollToBottom(page: Page): Promise<ScrollRun> {
  await page.waitForTimeout(500);
  // Scrolling alone: the scroll container's scrollTop moves down a fixed step per frame, like a
  // fling, until it can go no further. No fast scroller, no jumps.
  return page.evaluate(async (step) => {
    const grid = document.querySelector('.timeline-grid') as HTMLElement;
    const bench = (
      window as unknown as { bench: { longTasks: number[]; maxNodes: number; sampling: boolean } }
    ).bench;
    bench.longTasks = [];
    bench.sampling = true;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const frame = () => {
        bench.maxNodes = Math.max(bench.maxNodes, document.getElementsByTagName('*').length);
        const before = grid.scrollTop;
        grid.scrollTop = before + step;
        if (grid.scrollTop <= before && before + grid.clientHeight >= grid.scrollHeight - 2) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const seconds = (performance.now() - started) / 1000;
    // Let the last months load, still sampling.
    const until = performance.now() + 3000;
    await new Promise<void>((resolve) => {
      const frame = () => {
        bench.maxNodes = Math.max(bench.maxNodes, document.getElementsByTagName('*').length);
        if (performance.now() > until) resolve();
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    bench.sampling = false;
    const bottom = grid.getBoundingClientRect().bottom;
    const visible = [...document.querySelectorAll<HTMLElement>('.timeline-section')].filter(
      (s) => s.getBoundingClientRect().top < bottom,
    );
    const last = visible.sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top).at(-1);
    return {
      longTasks: bench.longTasks,
      maxNodes: bench.maxNodes,
      oldestMonthKey: last?.dataset.section ?? null,
      scale: Number(grid.dataset.scale ?? '1'),
      scrollSeconds: seconds,
    };
  }, SCROLL_STEP_PX);
}

interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** BENCH_PROFILE=1: the functions the page spent the most time in (self time), to find long tasks. */
function printProfile(profile: CpuProfile): void {
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i += 1) {
    self.set(samples[i] as number, (self.get(samples[i] as number) ?? 0) + (deltas[i] ?? 0));
  }
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}:${columnNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [name, micros] of top) console.log(`  ${fmt(micros / 1000, 0).padStart(7)} ms  ${name}`);
}

export async function benchTimelineBrowser(): Promise<BenchRow[]> {
  if (!existsSync(path.resolve(import.meta.dirname, '../web/dist/index.html'))) {
    throw new Error('the web client is not built: run `npm run build -w web` first');
  }
  console.log(`timeline browser: ${FILES.toLocaleString('en')} files…`);
  const server = await startBenchServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const api = apiFor(server);
    const job = await api<{ id: string; owner: { uuid: string } }>('/jobs/default');
    await uploadSeedPictures(server);
    const started = performance.now();
    const { oldestMonth } = await seedLibrary(server, job.id, job.owner.uuid, FILES);
    console.log(`  seeded in ${fmt((performance.now() - started) / 1000, 1)} s; oldest month ${oldestMonth}`);
    const token = deviceTokenOf(server);

    const rows: BenchRow[] = [];
    for (const viewport of [
      { label: 'desktop 1280x800', width: 1280, height: 800, isMobile: false },
      { label: 'phone 375x812', width: 375, height: 812, isMobile: true },
    ]) {
      const openContext = async () => {
        const context = await browser.newContext({
          viewport: { width: viewport.width, height: viewport.height },
          isMobile: viewport.isMobile,
          hasTouch: viewport.isMobile,
          locale: 'en-US',
        });
        await context.addInitScript((value) => localStorage.setItem('authToken', value), token);
        // tsx compiles nested functions with a __name(...) helper; the page needs it to exist too.
        await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
        await context.addInitScript(instrument, FIRST_THUMB_MESSAGE);
        return context;
      };
      const loads: number[] = [];
      for (let load = 1; load < LOADS; load += 1) {
        const context = await openContext();
        loads.push(await loadTimeline(await context.newPage(), server.baseUrl));
        await context.close();
      }
      const context = await openContext();
      const page = await context.newPage();
      const cdp = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      loads.push(await loadTimeline(page, server.baseUrl));
      const run = await scrollToBottom(page);
      if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
      await context.close();
      const firstThumbMs = median(loads);
      const over50 = run.longTasks.filter((d) => d > 50);
      const name = (what: string) =>
        `timeline ${FILES.toLocaleString('en')} files, ${viewport.label}: ${what}`;
      rows.push(
        {
          name: name(
            `first thumbnail after navigation (median of ${loads.length} cold loads: ${loads.map((ms) => fmt(ms, 0)).join(', ')} ms; the first after filling)`,
          ),
          figure: `${fmt(firstThumbMs, 0)} ms`,
          target: `<= ${FIRST_THUMB_TARGET_MS} ms`,
          pass: firstThumbMs <= FIRST_THUMB_TARGET_MS,
        },
        {
          name: name(
            `fast scroll to the bottom (${fmt(run.scrollSeconds, 1)} s, scale ${fmt(run.scale, 2)})`,
          ),
          figure: `${over50.length} long tasks${over50.length ? `, max ${fmt(Math.max(...over50), 0)} ms` : ''}`,
          target: 'none > 50 ms',
          pass: over50.length === 0,
        },
        {
          name: name('largest DOM node count'),
          figure: String(run.maxNodes),
          target: `<= ${DOM_TARGET}`,
          pass: run.maxNodes <= DOM_TARGET,
        },
        {
          name: name('oldest month reached by scrolling alone'),
          figure: run.oldestMonthKey ?? 'none',
          target: `${oldestMonth} (the oldest)`,
          pass: run.oldestMonthKey === oldestMonth,
        },
      );
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchTimelineBrowser());
}
