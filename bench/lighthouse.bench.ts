import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { albumIdToB64 } from '@nordlys/contract/album-id';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import { startDebuggableChromium } from './support/debuggable-chromium';
import { type BenchRow, fmt, median } from './support/report';
import { apiFor, seedAlbumsAndShare, seedLibrary, uploadSeedPictures } from './support/seed-library';
import { deviceTokenOf, startBenchServer } from './support/server-process';

/**
 * Lighthouse itself (the npm package, on Debian's Chromium) on the start page and a share's page
 * signed out, and the timeline and an album's page signed in, with its mobile profile (simulated
 * 4x CPU and slow 4G) and its desktop one. Prints the four category scores and the paint and shift
 * metrics, the median of BENCH_LIGHTHOUSE_RUNS (default 3) runs; each run lists the audits that
 * cost points. BENCH_LCP_FILES (default 5,000) files for one user, as the phone largest-paint bench;
 * BENCH_LIGHTHOUSE_PAGES (e.g. "start,timeline") and BENCH_LIGHTHOUSE_PROFILES ("mobile",
 * "desktop") narrow it; BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's JSON report.
 */

const FILES = Number(process.env.BENCH_LCP_FILES ?? 5_000);
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The targets: every category on desktop, performance on the phone, and the layout shift on both. */
const DESKTOP_SCORE_TARGET = 95;
const MOBILE_PERFORMANCE_TARGET = 90;
const CLS_TARGET = 0.1;

type Profile = 'mobile' | 'desktop';
const PROFILES = (process.env.BENCH_LIGHTHOUSE_PROFILES?.split(',') ?? ['mobile', 'desktop']) as Profile[];

interface RunFigures {
  lost: string[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
}

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

function figuresOf(lhr: Result): RunFigures {
  const score = (category: (typeof CATEGORIES)[number]) =>
    Math.round((lhr.categories[category]?.score ?? Number.NaN) * 100);
  return {
    lost: lostPoints(lhr),
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
  };
}

/**
 * Pages kept out of search on purpose (server/src/http/search-engines.ts) fail Lighthouse's
 * is-crawlable audit by design; on them the SEO target is that nothing else loses points.
 */
const BLOCKED_ON_PURPOSE = 'seo:is-crawlable';

/** The weighted audits outside performance that did not pass: what the scores lost points on. */
function lostPoints(lhr: Result): string[] {
  const lost: string[] = [];
  for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
        lost.push(`${category}:${ref.id}`);
    }
  }
  return lost;
}

/**
 * One Lighthouse run. On a busy machine Lighthouse now and then loses its trace (NO_NAVSTART) and
 * asks to be run again: it is, up to twice.
 */
async function runLighthouse(url: string, port: number, profile: Profile): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', locale: 'en-US', onlyCategories: [...CATEGORIES] },
      profile === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error.message}`);
    console.log(`  Lighthouse on ${url}: ${error.code}, running it again`);
  }
}

export async function benchLighthouse(): Promise<BenchRow[]> {
  if (!existsSync(path.resolve(import.meta.dirname, '../web/dist/index.html'))) {
    throw new Error('the web client is not built: run `npm run build -w web` first');
  }
  console.log(
    `Lighthouse on the start, timeline, album and share pages: ${FILES.toLocaleString('en')} files…`,
  );
  const server = await startBenchServer();
  const chromium = await startDebuggableChromium();
  try {
    const api = apiFor(server);
    const job = await api<{ id: string; owner: { uuid: string } }>('/jobs/default');
    await uploadSeedPictures(server);
    await seedLibrary(server, job.id, job.owner.uuid, FILES);
    const { sharePath, firstAlbumId } = await seedAlbumsAndShare(api, job.id);
    const token = deviceTokenOf(server);

    const wanted = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    const pages = [
      { key: 'start', label: 'start page, signed out', path: '/', signedIn: false, indexed: true },
      { key: 'share', label: 'share page, signed out', path: sharePath, signedIn: false, indexed: false },
      { key: 'timeline', label: 'timeline', path: '/photos', signedIn: true, indexed: false },
      {
        key: 'album',
        label: 'album page',
        path: `/albums/${albumIdToB64(firstAlbumId)}`,
        signedIn: true,
        indexed: false,
      },
    ].filter((page) => !wanted || wanted.includes(page.key));

    // Lighthouse's storage reset empties caches, not local storage: the sign-in written here stays.
    const signIn = (signedIn: boolean) =>
      chromium.evaluateOn(
        `${server.baseUrl}/favicon.svg`,
        signedIn
          ? `localStorage.setItem('authToken', ${JSON.stringify(token)})`
          : `localStorage.removeItem('authToken')`,
      );
    if (REPORTS) mkdirSync(REPORTS, { recursive: true });

    const rows: BenchRow[] = [];
    for (const page of pages) {
      await signIn(page.signedIn);
      for (const profile of PROFILES) {
        const runs: RunFigures[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          const lhr = await runLighthouse(`${server.baseUrl}${page.path}`, chromium.port, profile);
          if (REPORTS)
            writeFileSync(path.join(REPORTS, `${page.key}-${profile}-${run + 1}.json`), JSON.stringify(lhr));
          const figures = figuresOf(lhr);
          runs.push(figures);
          const s = figures.scores;
          console.log(
            `  ${page.label}, ${profile}, run ${run + 1}: ${s.performance} / ${s.accessibility} / ${s['best-practices']} / ${s.seo}; FCP ${fmt(figures.fcpMs, 0)} ms, LCP ${fmt(figures.lcpMs, 0)} ms, TBT ${fmt(figures.tbtMs, 0)} ms, CLS ${fmt(figures.cls, 3)}; lost points: ${figures.lost.join(', ') || 'none'}`,
          );
        }
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]),
        ) as RunFigures['scores'];
        const cls = median(runs.map((r) => r.cls));
        // A kept-out page's SEO passes when the median run lost points on nothing but being kept out.
        const seoPasses = page.indexed
          ? scores.seo >= DESKTOP_SCORE_TARGET
          : median(
              runs.map(
                (r) => r.lost.filter((id) => id.startsWith('seo:') && id !== BLOCKED_ON_PURPOSE).length,
              ),
            ) === 0;
        const name = (what: string) => `${page.label}, Lighthouse ${profile}: ${what} (median of ${RUNS})`;
        rows.push(
          {
            name: name('performance / accessibility / best practices / SEO'),
            figure: CATEGORIES.map((c) => scores[c]).join(' / '),
            target:
              profile === 'desktop'
                ? `each >= ${DESKTOP_SCORE_TARGET}${page.indexed ? '' : ', SEO: only is-crawlable lost (kept out of search)'}`
                : `performance >= ${MOBILE_PERFORMANCE_TARGET}`,
            pass:
              profile === 'desktop'
                ? CATEGORIES.every((c) => c === 'seo' || scores[c] >= DESKTOP_SCORE_TARGET) && seoPasses
                : scores.performance >= MOBILE_PERFORMANCE_TARGET,
          },
          {
            name: name('largest contentful paint, total blocking time, layout shift'),
            figure: `${fmt(median(runs.map((r) => r.lcpMs)), 0)} ms, ${fmt(median(runs.map((r) => r.tbtMs)), 0)} ms, ${fmt(cls, 3)}`,
            target: `CLS <= ${CLS_TARGET}`,
            pass: cls <= CLS_TARGET,
          },
        );
      }
    }
    return rows;
  } finally {
    await chromium.stop();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchLighthouse());
}
