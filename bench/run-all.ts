import { benchAlbums } from './albums-list.bench';
import { benchArchive } from './archive-5gib.bench';
import { benchCluster } from './cluster.bench';
import { benchCommentsFeed } from './comments-feed.bench';
import { benchEditorRender } from './editor-render.bench';
import { benchIdleMemory } from './idle-memory.bench';
import { benchLighthouse } from './lighthouse.bench';
import { benchManyAccounts } from './many-accounts.bench';
import { benchRouteBytes } from './route-bytes.bench';
import { benchSoak } from './soak.bench';
import { type BenchRow, printTable } from './support/report';
import { benchThumbnails } from './thumbnails-500.bench';
import { benchTileBytes } from './tile-bytes.bench';
import { benchTimeline } from './timeline-1m.bench';
import { benchTimelineBrowser } from './timeline-browser.bench';
import { benchTimelineMobileLcp } from './timeline-mobile-lcp.bench';
import { benchUpload } from './upload-2gib.bench';
import { benchWireBytes } from './wire-bytes.bench';

/**
 * `npm run bench`: printed figures, not pass/fail tests.
 * BENCH_ONLY=idle-memory|wire|routes|upload|thumbnails|tiles|timeline runs one; BENCH_UPLOAD_BYTES,
 * BENCH_THUMB_COUNT, BENCH_TILE_PICTURES and BENCH_FILES shrink them for a quick run.
 * BENCH_ONLY=timeline-browser runs the web timeline in Chromium (BENCH_LIBRARY_FILES shrinks it).
 * BENCH_ONLY=many-accounts (only by name: 33 GB of PostgreSQL): one user's timeline calls at 1M and
 * 10M file rows across 1,000 and 10,000 accounts (BENCH_ACCOUNT_FILES, BENCH_ACCOUNTS shrink it).
 * BENCH_ONLY=albums lists 1,000 albums of 50 files (BENCH_ALBUMS, BENCH_ALBUM_FILES shrink it).
 * BENCH_ONLY=comments: comment-to-long-poll latency and 1,000 held polls' memory (BENCH_COMMENT_ROUNDS,
 * BENCH_IDLE_POLLS).
 * BENCH_ONLY=lcp loads it cold as a phone on a mobile network (largest contentful paint).
 * BENCH_ONLY=lighthouse runs Lighthouse (mobile and desktop profiles) on the start, timeline, album and
 * share pages: its four scores and paint metrics (BENCH_LIGHTHOUSE_RUNS, _PAGES, _PROFILES narrow it).
 * BENCH_ONLY=editor: the photo editor's preview frame time on a 12 MP photo while a slider moves, and its
 * full-size export (BENCH_EDITOR_FRAMES).
 * BENCH_ONLY=archive streams a 5 GiB archive against raw disk reads, with RSS and unzip -t
 * (BENCH_ARCHIVE_FILES, BENCH_ARCHIVE_FILE_BYTES shrink it).
 * BENCH_ONLY=cluster: the scaled-out profile (PostgreSQL, s3rver, HAProxy) beside the embedded one, and
 * requests/s through the balancer with one and two API processes (BENCH_CLUSTER_* shrink it).
 * BENCH_ONLY=soak: 30 minutes of 1,000 held long polls, 20 parallel uploads and browsing, errors, p95
 * against idle and the RSS trend (BENCH_SOAK_MINUTES, BENCH_SOAK_POLLS, BENCH_SOAK_UPLOADS shrink it).
 */
const only = process.env.BENCH_ONLY;
const rows: BenchRow[] = [];
if (!only || only === 'idle-memory') rows.push(...(await benchIdleMemory()));
if (!only || only === 'wire') rows.push(...(await benchWireBytes()));
if (!only || only === 'routes') rows.push(...(await benchRouteBytes()));
if (!only || only === 'upload') rows.push(...(await benchUpload()));
if (!only || only === 'thumbnails') rows.push(...(await benchThumbnails()));
if (!only || only === 'tiles') rows.push(...(await benchTileBytes()));
if (!only || only === 'timeline') rows.push(...(await benchTimeline()));
if (!only || only === 'timeline-browser') rows.push(...(await benchTimelineBrowser()));
// Asked for by name only: it fills a PostgreSQL database of 33 GB for half an hour.
if (only === 'many-accounts') rows.push(...(await benchManyAccounts()));
if (!only || only === 'albums') rows.push(...(await benchAlbums()));
if (!only || only === 'comments') rows.push(...(await benchCommentsFeed()));
if (!only || only === 'lcp') rows.push(...(await benchTimelineMobileLcp()));
if (!only || only === 'lighthouse') rows.push(...(await benchLighthouse()));
if (!only || only === 'archive') rows.push(...(await benchArchive()));
if (!only || only === 'editor') rows.push(...(await benchEditorRender()));
if (!only || only === 'cluster') rows.push(...(await benchCluster()));
if (!only || only === 'soak') rows.push(...(await benchSoak()));
console.log();
printTable(rows);
