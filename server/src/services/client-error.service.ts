import { randomUUID } from 'node:crypto';
import type { ClientErrorReport } from '@nordlys/contract/privacy';
import type { Repositories } from '../store/repositories';
import type { Clock } from './account.service';

/** Errors the web client's error boundary reports: kept for the admin CLI and logged. */
export function createClientErrorService(deps: {
  repos: Pick<Repositories, 'clientErrors'>;
  clock: Clock;
  log: { warn(obj: object, msg: string): void };
}) {
  return {
    async report(userId: string | null, report: ClientErrorReport, userAgent: string | null): Promise<void> {
      const row = {
        id: randomUUID(),
        user_id: userId,
        message: report.message,
        stack: report.stack ?? null,
        url: report.url ?? null,
        user_agent: userAgent?.slice(0, 500) ?? null,
        created_at: deps.clock(),
      };
      await deps.repos.clientErrors.insert(row);
      deps.log.warn(
        { clientError: { id: row.id, message: row.message, url: row.url } },
        'client error reported',
      );
    },

    latest: (limit: number) => deps.repos.clientErrors.latest(limit),
  };
}

export type ClientErrorService = ReturnType<typeof createClientErrorService>;
