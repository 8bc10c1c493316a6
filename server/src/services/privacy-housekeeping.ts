import type { AccountDeletionService } from './account-deletion.service';
import type { DataCopyService } from './data-copy.service';

export interface PrivacyHousekeeping {
  /** Builds copies of data left pending and erases the accounts whose deletion is due. */
  runOnce(): Promise<{ copies: number; erased: number }>;
}

/** The periodic work of privacy (compose.ts runs it), also run on demand by tests. */
export function createPrivacyHousekeeping(deps: {
  dataCopies: Pick<DataCopyService, 'buildPending'>;
  deletion: Pick<AccountDeletionService, 'eraseDue'>;
}): PrivacyHousekeeping {
  return {
    async runOnce() {
      const copies = await deps.dataCopies.buildPending();
      const erased = await deps.deletion.eraseDue();
      return { copies, erased };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Privacy's periodic work, so tests can run it after moving the clock. */
    privacyHousekeeping: PrivacyHousekeeping;
  }
}
