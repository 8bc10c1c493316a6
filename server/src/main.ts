import { buildApp } from './app';
import { createBlobStore } from './blobs/create-blob-store';
import { ConfigError, loadConfig } from './config';
import { trimMemoryWhenIdle } from './idle-memory-trim';
import { scheduleBlobSweeps } from './queue/blob-sweep.schedule';
import { createBlobSweepService } from './services/blob-sweep.service';
import { closeOnSignals } from './shutdown';
import { openStore } from './store/database';
import { createRepositories } from './store/repositories';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const store = await openStore(config.database);
  const blobs = await createBlobStore(config.blobs);
  const app = await buildApp({ config, store, blobs });

  const sweeper = createBlobSweepService({ repos: createRepositories(store), blobs, clock: Date.now });
  const sweeps = scheduleBlobSweeps({ sweep: () => sweeper.sweep(), log: app.log });

  trimMemoryWhenIdle(app);

  // Stop taking requests first, let running ones finish, then release the blob store and database.
  closeOnSignals([() => sweeps.stop(), () => app.close(), () => blobs.close(), () => store.close()], {
    forceAfterMs: 10_000,
    onSignal: (signal) => app.log.info({ signal }, 'shutting down'),
  });

  await app.listen({ port: config.port, host: config.host });
  const database = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  app.log.info(
    `Nordlys is running on http://localhost:${config.port} (data: ${database}, blobs: ${config.blobs.kind})`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
