import { statSync } from 'node:fs';
import path from 'node:path';
import { SQLITE_PAGE_CACHE_KIB } from '../server/src/store/database';
import { CALL_KINDS, runSoak } from '../server/test/soak';
import { type BenchRow, fmt } from './support/report';
import { apiFor, seedLibrary, uploadSeedPictures } from './support/seed-library';
import { startBenchServer } from './support/server-process';

/** Size of the server's database with its write-ahead log, in MB. */
function databaseMb(dataDir: string): number {
  const file = path.join(dataDir, 'nordlys.sqlite');
  const sizeOf = (name: string) => {
    try {
      return statSync(name).size;
    } catch {
      return 0;
    }
  };
  return (sizeOf(file) + sizeOf(`${file}-wal`)) / 1e6;
}

/**
 * The soak on the compiled server (SQLite, loopback): BENCH_SOAK_MINUTES (default 30: the resident
 * size swings by tens of MB with the collector, and a shorter second half cannot tell its plateau
 * from a trend) of BENCH_SOAK_POLLS (1,000) long polls held on a shared album's change feed, answered by a comment
 * every 10 s, BENCH_SOAK_UPLOADS (20) uploads in parallel (each deleted for good after), and
 * BENCH_SOAK_BROWSERS (4) clients browsing months, tiles, a files window, thumbnails, the album
 * list and an album. Printed: the errors (target 0), each call's p95 against its figure on the
 * idle server measured first in the same run, and the server's resident memory: at the start and
 * end of the load, its means over the two halves after the first fifth, its trend over the second
 * half (least-squares slope: V8 keeps the pages of its largest heap so far, so the resident size
 * rises in steps until that mark stops rising, then is flat; a leak keeps climbing), and what is
 * left after 45 s of idleness, past the server's memory-reducing idle trim (what the JS heap
 * held comes back; memory kept outside it can hide behind what the trim frees).
 *
 * The library holds BENCH_SOAK_LIBRARY_FILES (200,000) timeline rows besides the soak's own files, a
 * database larger than the server's 64 MB SQLite page cache, as on a server in use: the browsing
 * reads every month, so the cache is full early in the load. On an empty library (0) the cache
 * instead fills for as long as the soak's writes grow the database, which reads as a trend.
 */
export async function benchSoak(): Promise<BenchRow[]> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
  const polls = Number(process.env.BENCH_SOAK_POLLS ?? 1000);
  const uploaders = Number(process.env.BENCH_SOAK_UPLOADS ?? 20);
  const browsers = Number(process.env.BENCH_SOAK_BROWSERS ?? 4);
  const libraryFiles = Number(process.env.BENCH_SOAK_LIBRARY_FILES ?? 200_000);
  const server = await startBenchServer();
  try {
    if (libraryFiles > 0) {
      const job = await apiFor(server)<{ id: string; owner: { uuid: string } }>('/jobs/default');
      await uploadSeedPictures(server);
      await seedLibrary(server, job.id, job.owner.uuid, libraryFiles);
    }
    const databaseBefore = databaseMb(server.dataDir);
    const report = await runSoak({
      baseUrl: server.baseUrl,
      auth: server.auth,
      pid: server.pid,
      durationMs: minutes * 60_000,
      polls,
      uploaders,
      browsers,
      settleMs: 45_000,
      log: (line) => console.log(`  ${line}`),
    });
    for (const error of report.firstErrors) console.log(`  error: ${error}`);
    const databaseAfter = databaseMb(server.dataDir);
    const load = `${minutes} min, ${polls.toLocaleString('en')} polls, ${uploaders} uploads, ${browsers} browsers`;
    return [
      {
        name: `soak (${load}): errors (${report.pollsAnswered.toLocaleString('en')} polls answered, ${report.uploads.toLocaleString('en')} uploads)`,
        figure: String(report.errors),
        target: '0',
        pass: report.errors === 0,
      },
      ...CALL_KINDS.map(
        (kind): BenchRow => ({
          name: `soak: ${kind} p95 under load vs idle (${report.calls[kind].count.toLocaleString('en')} calls)`,
          figure: `${fmt(report.calls[kind].loadP95, 1)} ms / ${fmt(report.calls[kind].idleP95, 1)} ms`,
          target: `x${fmt(report.calls[kind].loadP95 / report.calls[kind].idleP95, 1)}`,
          pass: null,
        }),
      ),
      {
        name: `soak: database with its log before / after the load (${libraryFiles.toLocaleString('en')} library rows; page cache ${fmt(SQLITE_PAGE_CACHE_KIB / 1024, 0)} MiB)`,
        figure: `${fmt(databaseBefore, 1)} / ${fmt(databaseAfter, 1)} MB`,
        target: '',
        pass: null,
      },
      {
        name: 'soak: server RSS at the start and end of the load (peak)',
        figure: `${fmt(report.rssStartMb, 0)} -> ${fmt(report.rssEndMb, 0)} MB (${fmt(report.rssPeakMb, 0)})`,
        target: '',
        pass: null,
      },
      {
        name: 'soak: server RSS mean over the first / second half after the first fifth',
        figure: `${fmt(report.rssHalvesMb[0], 0)} / ${fmt(report.rssHalvesMb[1], 0)} MB`,
        target: '',
        pass: null,
      },
      {
        name: 'soak: server RSS trend after the first fifth (whole, second half)',
        figure: `${fmt(report.rssSlopeMbPerMinute, 2)}, ${fmt(report.rssLastHalfSlopeMbPerMinute, 2)} MB/min`,
        target: 'second half <= 1 MB/min (plateau)',
        pass: report.rssLastHalfSlopeMbPerMinute <= 1,
      },
      {
        name: 'soak: server RSS 45 s after the load (idle trim run) vs the start of the load',
        figure: `${fmt(report.rssAfterIdleMb ?? 0, 0)} MB / ${fmt(report.rssStartMb, 0)} MB`,
        target: '<= start (nothing kept)',
        pass: report.rssAfterIdleMb !== null && report.rssAfterIdleMb <= report.rssStartMb,
      },
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./support/report');
  printTable(await benchSoak());
}
