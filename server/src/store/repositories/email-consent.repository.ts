import type { Database } from '../database';
import type { EmailConsentsTable } from '../schema';

export type EmailConsentRow = EmailConsentsTable;

/** E-mail consent by address: one identifier per address, made on first need. */
export function createEmailConsentRepository(db: Database) {
  const byEmail = (email: string) =>
    db.selectFrom('email_consents').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

  return {
    byEmail,

    byIdentifier(identifier: string): Promise<EmailConsentRow | undefined> {
      return db
        .selectFrom('email_consents')
        .selectAll()
        .where('identifier', '=', identifier)
        .executeTakeFirst();
    },

    /** The address's row, created subscribed with `identifier` when it has none. */
    async ensure(email: string, identifier: string, at: number): Promise<EmailConsentRow> {
      await db
        .insertInto('email_consents')
        .values({ identifier, email: email.toLowerCase(), consent: 1, updated_at: at })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      const row = await byEmail(email);
      if (!row) throw new Error('email consent row missing after insert');
      return row;
    },

    async deleteByEmail(email: string): Promise<void> {
      await db.deleteFrom('email_consents').where('email', '=', email.toLowerCase()).execute();
    },

    async setConsent(identifier: string, consent: boolean, at: number): Promise<boolean> {
      const result = await db
        .updateTable('email_consents')
        .set({ consent: consent ? 1 : 0, updated_at: at })
        .where('identifier', '=', identifier)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type EmailConsentRepository = ReturnType<typeof createEmailConsentRepository>;
