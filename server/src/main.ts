import { buildApp } from './app';
import { createBlobStore } from './blobs/create-blob-store';
import { loadConfigOrExit } from './config';
import { trimMemoryWhenIdle } from './idle-memory-trim';
import { serveMetrics } from './metrics/metrics-server';
import { scheduleBlobSweeps } from './queue/blob-sweep.schedule';
import { periodClaimsOver, processName } from './queue/periodic';
import { createBlobSweepService } from './services/blob-sweep.service';
import { closeOnSignals } from './shutdown';
import { openStore } from './store/database';
import { createRepositories } from './store/repositories';

/** How long a shutdown waits for requests under way before it ends them. */
const DRAIN_DEADLINE_MS = 25_000;

/** Connections the kernel may hold for the server to accept. */
const LISTEN_BACKLOG = 4096;

async function main() {
  const config = loadConfigOrExit();

  const store = await openStore(config.database);
  const blobs = await createBlobStore(config.blobs);
  const app = await buildApp({ config, store, blobs });

  const repos = createRepositories(store);
  const sweeper = createBlobSweepService({ repos, blobs, clock: Date.now });
  const sweeps = scheduleBlobSweeps({
    sweep: () => sweeper.sweep(),
    log: app.log,
    claim: periodClaimsOver(repos.periodicRuns, processName(), Date.now),
    ...(config.periodicEveryMs
      ? { firstAfterMs: config.periodicEveryMs, everyMs: config.periodicEveryMs }
      : {}),
  });

  trimMemoryWhenIdle(app);

  const metricsServer =
    app.metrics && config.metrics.port
      ? await serveMetrics(app.metrics, { ...config.metrics, port: config.metrics.port })
      : null;

  // Draining: readiness fails at once (a balancer stops sending work here), then the listener
  // closes, held long polls are answered, requests under way (upload chunks included) finish or,
  // past the deadline, are cut off with their upload resumable from its last stored part.
  closeOnSignals(
    [
      async () => {
        app.health.startDraining();
        // Keep-alive connections become idle as their last answer goes out; each is closed then
        // rather than held open for its keep-alive time.
        setInterval(() => app.server.closeIdleConnections(), 100).unref();
      },
      () => sweeps.stop(),
      () => app.close(),
      async () => metricsServer?.close(),
      () => blobs.close(),
      () => store.close(),
    ],
    {
      forceAfterMs: DRAIN_DEADLINE_MS,
      onSignal: (signal) => app.log.info({ signal }, 'draining, then shutting down'),
    },
  );

  // Held long polls come back all at once when a shared album changes (a thousand viewers re-poll
  // within milliseconds): Node's default queue of 511 pending connections overflowed under the
  // soak and the kernel reset the excess. The kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  const database = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(
    `Nordlys is running on http://localhost:${config.port} (data: ${database}, blobs: ${config.blobs.kind})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
