import { randomUUID } from 'node:crypto';
import { ATTRIBUTE_VALUE_MAX_BYTES, type ClientStats, type StatisticsEvent } from '@nordlys/contract/account';
import type { SignedInCaller } from '../domain/caller';
import { badRequest } from '../domain/errors';
import type { Repositories } from '../store/repositories';
import type { Clock } from './account.service';

export function createStatisticsService(deps: { repos: Pick<Repositories, 'statistics'>; clock: Clock }) {
  const { repos, clock } = deps;
  return {
    async recordClientStats(userId: string, stats: ClientStats): Promise<void> {
      // Fractions of a millisecond would not fit the integer columns (PostgreSQL refuses them).
      const rounded: ClientStats = {
        ...(stats.last_foreground !== undefined
          ? { last_foreground: Math.round(stats.last_foreground) }
          : {}),
        ...(stats.last_engaged !== undefined ? { last_engaged: Math.round(stats.last_engaged) } : {}),
      };
      await repos.statistics.saveClientStats(userId, rounded, clock());
    },

    async recordEvents(session: SignedInCaller, events: StatisticsEvent[]): Promise<void> {
      const now = clock();
      const rows = events.map((event, index) => {
        const data = event.data === undefined ? null : JSON.stringify(event.data);
        if (data !== null && Buffer.byteLength(data) > ATTRIBUTE_VALUE_MAX_BYTES) {
          throw badRequest(`body.events.${index}.data must be at most ${ATTRIBUTE_VALUE_MAX_BYTES} bytes`);
        }
        return {
          id: randomUUID(),
          user_id: session.userId,
          device_id: session.deviceId,
          name: event.name,
          timestamp: Math.round(event.timestamp),
          data,
          created_at: now,
        };
      });
      await repos.statistics.insertEvents(rows);
    },
  };
}

export type StatisticsService = ReturnType<typeof createStatisticsService>;
