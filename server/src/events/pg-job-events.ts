import { createInProcessJobEvents, JOB_CHANGED_CHANNEL, type JobEvents, parseJobChanged } from './job-events';

const RECONNECT_MS = 1000;

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * The bus over PostgreSQL LISTEN: one connection per server process, whatever the number of
 * polls held (they wait on in-process listeners and cost the database nothing). A dropped
 * connection is opened again; polls waiting meanwhile still end at their timeout.
 */
export async function createPgJobEvents(url: string, log: Log): Promise<JobEvents> {
  const { default: pg } = await import('pg');
  const local = createInProcessJobEvents();
  let client: InstanceType<typeof pg.Client> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const event = parseJobChanged(message.payload);
      if (event) local.publish(event.jobId, event.serial);
    });
    next.on('error', (err) => {
      log.warn({ err }, 'job events connection lost');
      if (client === next) client = null;
      next.end().catch(() => {});
      schedule();
    });
    await next.connect();
    await next.query(`LISTEN ${JOB_CHANGED_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  }

  function schedule(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: unknown) => {
        log.warn({ err }, 'job events connection not opened');
        schedule();
      });
    }, RECONNECT_MS);
    retry.unref();
  }

  await connect();

  return {
    subscribe: local.subscribe,
    publish: local.publish,
    size: local.size,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await local.close();
      await current?.end();
    },
  };
}
