import pino from 'pino';
import { createBlobStore } from './blobs/create-blob-store';
import { EXIT_CONFIG, loadConfigOrExit } from './config';
import { startMediaWorker } from './media/pipeline/scaled-out-worker';
import { serveMetrics } from './metrics/metrics-server';
import { closeOnSignals } from './shutdown';
import { openStore } from './store/database';

/**
 * `npm run worker`: a media worker process for the scaled-out size (PostgreSQL + pg-boss). Run as
 * many as the encode load needs; each takes jobs from the shared queues. The embedded size needs
 * none: its server processes media in-process.
 */
async function main() {
  const config = loadConfigOrExit();
  if (config.database.kind !== 'postgres') {
    console.error(
      'The media worker is for the scaled-out setup: set DATABASE_URL to the PostgreSQL the servers use.',
    );
    process.exit(EXIT_CONFIG);
  }

  const log = pino({ level: config.logLevel, name: 'media-worker' });
  const store = await openStore(config.database);
  const blobs = await createBlobStore(config.blobs);
  // The worker's own metrics (task failures, database pool) on METRICS_PORT, when set.
  const metrics = config.metrics.port ? (await import('./metrics/metrics')).createMetrics() : null;
  metrics?.readFrom({ databasePool: () => store.pool?.() ?? null });
  const worker = await startMediaWorker({
    store,
    blobs,
    dataDir: config.dataDir,
    postgresUrl: config.database.url,
    log,
    onTaskFailed: metrics ? (name, willRetry) => metrics.taskFailed(name, willRetry) : undefined,
  });
  const metricsServer =
    metrics && config.metrics.port
      ? await serveMetrics(metrics, { ...config.metrics, port: config.metrics.port })
      : null;
  log.info('media worker started');

  // Interrupted jobs go back to pg-boss for a retry by another worker.
  const closeMetrics = async () => metricsServer?.close();
  closeOnSignals([closeMetrics, () => worker.close(), () => blobs.close(), () => store.close()], {
    forceAfterMs: 20_000,
    onSignal: (signal) => log.info({ signal }, 'media worker stopping'),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
