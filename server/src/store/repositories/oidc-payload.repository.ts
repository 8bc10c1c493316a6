import type { Database } from '../database';
import type { OidcPayloadsTable } from '../schema';

export type OidcPayloadRow = OidcPayloadsTable;

/** Storage for the built-in OpenID provider's models; `kind` is the model name (Session, Grant …). */
export function createOidcPayloadRepository(db: Database) {
  const live = (now: number) =>
    db
      .selectFrom('oidc_payloads')
      .selectAll()
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));

  return {
    async upsert(row: OidcPayloadRow): Promise<void> {
      await db
        .insertInto('oidc_payloads')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['kind', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            uid: row.uid,
            user_code: row.user_code,
            expires_at: row.expires_at,
            consumed_at: row.consumed_at,
          }),
        )
        .execute();
    },

    find(kind: string, id: string, now: number): Promise<OidcPayloadRow | undefined> {
      return live(now).where('kind', '=', kind).where('id', '=', id).executeTakeFirst();
    },

    findByUid(kind: string, uid: string, now: number): Promise<OidcPayloadRow | undefined> {
      return live(now).where('kind', '=', kind).where('uid', '=', uid).executeTakeFirst();
    },

    findByUserCode(kind: string, userCode: string, now: number): Promise<OidcPayloadRow | undefined> {
      return live(now).where('kind', '=', kind).where('user_code', '=', userCode).executeTakeFirst();
    },

    /** Marks a code or token used; the provider refuses, and revokes the grant of, a second use. */
    async consume(kind: string, id: string, at: number): Promise<void> {
      await db
        .updateTable('oidc_payloads')
        .set({ consumed_at: at })
        .where('kind', '=', kind)
        .where('id', '=', id)
        .execute();
    },

    async destroy(kind: string, id: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('kind', '=', kind).where('id', '=', id).execute();
    },

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
    },

    async deleteExpired(now: number): Promise<void> {
      await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).execute();
    },
  };
}

export type OidcPayloadRepository = ReturnType<typeof createOidcPayloadRepository>;
