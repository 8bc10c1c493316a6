import { CALL_KINDS, runSoak } from '../server/test/soak';
import { type BenchRow, fmt } from './support/report';
import { startBenchServer } from './support/server-process';

/**
 * The soak on the compiled server (SQLite, loopback): BENCH_SOAK_MINUTES (default 10) of
 * BENCH_SOAK_POLLS (1,000) long polls held on a shared album's change feed, answered by a comment
 * every 10 s, BENCH_SOAK_UPLOADS (20) uploads in parallel (each deleted for good after), and
 * BENCH_SOAK_BROWSERS (4) clients browsing months, tiles, a files window, thumbnails, the album
 * list and an album. Printed: the errors (target 0), each call's p95 against its figure on the
 * idle server measured first in the same run, and the server's resident memory at the start and
 * end of the load with its trend (least-squares slope after the first fifth).
 */
export async function benchSoak(): Promise<BenchRow[]> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
  const polls = Number(process.env.BENCH_SOAK_POLLS ?? 1000);
  const uploaders = Number(process.env.BENCH_SOAK_UPLOADS ?? 20);
  const browsers = Number(process.env.BENCH_SOAK_BROWSERS ?? 4);
  const server = await startBenchServer();
  try {
    const report = await runSoak({
      baseUrl: server.baseUrl,
      auth: server.auth,
      pid: server.pid,
      durationMs: minutes * 60_000,
      polls,
      uploaders,
      browsers,
      log: (line) => console.log(`  ${line}`),
    });
    for (const error of report.firstErrors) console.log(`  error: ${error}`);
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
        name: 'soak: server RSS at the start and end of the load (peak)',
        figure: `${fmt(report.rssStartMb, 0)} -> ${fmt(report.rssEndMb, 0)} MB (${fmt(report.rssPeakMb, 0)})`,
        target: '',
        pass: null,
      },
      {
        name: 'soak: server RSS trend after the first fifth of the load',
        figure: `${fmt(report.rssSlopeMbPerMinute, 2)} MB/min`,
        target: '<= 1 MB/min (no growth)',
        pass: report.rssSlopeMbPerMinute <= 1,
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
