import type { FfmpegLocation } from '../media/ffmpeg-locator';

/** What readiness found of each dependency. */
export type Reach = 'ok' | 'unreachable';

export interface HealthDeps {
  pingDatabase(): Promise<void>;
  pingBlobs(signal: AbortSignal): Promise<void>;
  /** What else the process reports of itself (its media tools). */
  about(): Promise<{ ffmpeg: FfmpegLocation & { version: string | null } }>;
  /** A dependency that has not answered within this is counted unreachable. */
  timeoutMs?: number;
}

export interface Readiness {
  ready: boolean;
  details: { database: Reach; blobs: Reach; draining: boolean };
}

const DEFAULT_TIMEOUT_MS = 3000;

/**
 * Liveness and readiness for whoever runs the process (a balancer, an orchestrator). Alive means
 * the process answers; ready means it can serve: the database and the blob store answer and it
 * is not draining for a shutdown. Details are open for other parts to report on.
 */
export function createHealthService({
  pingDatabase,
  pingBlobs,
  about,
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: HealthDeps) {
  let draining = false;

  const reach = async (ping: (signal: AbortSignal) => Promise<void>): Promise<Reach> => {
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    try {
      await Promise.race([ping(signal), timedOut]);
      return 'ok';
    } catch {
      return 'unreachable';
    }
  };

  return {
    async alive() {
      return { status: 'ok' as const, details: { ...(await about()), draining } };
    },

    async readiness(): Promise<Readiness> {
      const [database, blobs] = await Promise.all([reach(() => pingDatabase()), reach(pingBlobs)]);
      return {
        ready: !draining && database === 'ok' && blobs === 'ok',
        details: { database, blobs, draining },
      };
    },

    /** From now on not ready: the balancer sends no more traffic here while the process drains. */
    startDraining(): void {
      draining = true;
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Liveness and readiness: main.ts marks the process draining on SIGTERM. */
    health: HealthService;
  }
}
