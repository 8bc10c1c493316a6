import type { OidcPayloadRepository } from '../store/repositories/oidc-payload.repository';

/** What oidc-provider stores per model instance; only the fields we index are typed. */
export interface AdapterPayload {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
  [key: string]: unknown;
}

// Expired rows are invisible to reads at once; deleting them is housekeeping done now and then.
const SWEEP_EVERY_WRITES = 200;

/**
 * An oidc-provider Adapter class over the `oidc_payloads` table, so sessions, interactions, codes
 * and grants survive restarts and are shared by every server process on SQLite and PostgreSQL.
 */
export function createOidcAdapterClass(repo: OidcPayloadRepository, clock: () => number) {
  let writes = 0;
  const decode = (row: { payload: string; consumed_at: number | null } | undefined) => {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    if (row.consumed_at !== null) payload.consumed = Math.floor(row.consumed_at / 1000);
    return payload;
  };

  return class KyselyOidcAdapter {
    constructor(readonly kind: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const now = clock();
      await repo.upsert({
        id,
        kind: this.kind,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        expires_at: typeof expiresIn === 'number' ? now + expiresIn * 1000 : null,
        consumed_at: null,
      });
      writes += 1;
      if (writes % SWEEP_EVERY_WRITES === 0) await repo.deleteExpired(now);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return decode(await repo.find(this.kind, id, clock()));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return decode(await repo.findByUid(this.kind, uid, clock()));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return decode(await repo.findByUserCode(this.kind, userCode, clock()));
    }

    async consume(id: string): Promise<void> {
      await repo.consume(this.kind, id, clock());
    }

    async destroy(id: string): Promise<void> {
      await repo.destroy(this.kind, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await repo.revokeByGrantId(grantId);
    }
  };
}
