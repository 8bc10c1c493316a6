import os from 'node:os';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read from the running parts each time they are scraped. */
export interface MetricSources {
  /** Long polls held by this process now. */
  longPollsHeld?: () => number;
  /** Media tasks queued, running or waiting to retry, per task name (shared by all processes on pg-boss). */
  queueDepth?: () => Promise<Record<string, number>>;
  /** The database pool's connections (PostgreSQL only). */
  databasePool?: () => { total: number; idle: number; waiting: number } | null;
}

/**
 * The process's Prometheus metrics (prom-client), made only when metrics are configured: request
 * rate and latency per route, requests in flight, long polls held, media queue depth and task
 * failures, upload and archive bytes, database pool use, and Node's own (memory, event loop).
 */
export function createMetrics(prefix = 'nordlys_') {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });

  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time from request to the end of the answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: `${prefix}http_requests_in_flight`,
    help: 'Requests being handled now, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const taskFailures = new Counter({
    name: `${prefix}task_failures_total`,
    help: 'Media task attempts that failed, by task name and whether another attempt follows',
    labelNames: ['task', 'retry'] as const,
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: `${prefix}upload_bytes_total`,
    help: 'Bytes received in upload requests that succeeded (multipart uploads and resumable chunks)',
    registers: [registry],
  });
  const archiveBytes = new Counter({
    name: `${prefix}archive_bytes_total`,
    help: 'Bytes sent in archive (zip) downloads',
    registers: [registry],
  });
  new Gauge({
    name: `${prefix}instance_info`,
    help: 'Which process answers: its host and process id (always 1)',
    labelNames: ['hostname', 'pid'] as const,
    registers: [registry],
  }).set({ hostname: os.hostname(), pid: String(process.pid) }, 1);
  const sources: MetricSources = {};
  new Gauge({
    name: `${prefix}long_polls_held`,
    help: 'Long polls this process holds now',
    registers: [registry],
    collect() {
      this.set(sources.longPollsHeld?.() ?? 0);
    },
  });
  new Gauge({
    name: `${prefix}queue_depth`,
    help: 'Media tasks queued, running or waiting to retry, by task name',
    labelNames: ['task'] as const,
    registers: [registry],
    async collect() {
      const depth = (await sources.queueDepth?.().catch(() => null)) ?? {};
      for (const [task, count] of Object.entries(depth)) this.set({ task }, count);
    },
  });
  new Gauge({
    name: `${prefix}db_pool_connections`,
    help: 'Database pool connections by state (total, idle, waiting clients)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.databasePool?.();
      if (!pool) return;
      for (const [state, count] of Object.entries(pool)) this.set({ state }, count);
    },
  });

  return {
    registry,
    /** Adds where the scraped gauges read from (the parts are built after the metrics). */
    readFrom(more: MetricSources): void {
      Object.assign(sources, more);
    },
    requestStarted(method: string, route: string): () => void {
      inFlight.inc({ method, route });
      return () => inFlight.dec({ method, route });
    },
    requestEnded(method: string, route: string, status: number, seconds: number): void {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    taskFailed(task: string, willRetry: boolean): void {
      taskFailures.inc({ task, retry: String(willRetry) });
    },
    uploaded(bytes: number): void {
      if (bytes > 0) uploadBytes.inc(bytes);
    },
    archived(bytes: number): void {
      if (bytes > 0) archiveBytes.inc(bytes);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's metrics when configured (main.ts serves them on METRICS_PORT), else null. */
    metrics: Metrics | null;
  }
}
