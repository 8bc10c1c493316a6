import type { Database } from '../database';

export interface OfflineObject<T> {
  id: string;
  kind: string;
  customerId: string;
  data: T;
}

/** The offline payment provider's objects (setup intents, cards, subscriptions), JSON by id. */
export function createOfflinePaymentRepository(db: Database) {
  return {
    async put<T>(object: OfflineObject<T>, now: number): Promise<void> {
      const data = JSON.stringify(object.data);
      await db
        .insertInto('offline_payment_objects')
        .values({ id: object.id, kind: object.kind, customer_id: object.customerId, data, created_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ data }))
        .execute();
    },

    async get<T>(id: string, kind: string): Promise<OfflineObject<T> | undefined> {
      const row = await db
        .selectFrom('offline_payment_objects')
        .selectAll()
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return (
        row && { id: row.id, kind: row.kind, customerId: row.customer_id, data: JSON.parse(row.data) as T }
      );
    },

    async deleteCustomer(customerId: string): Promise<void> {
      await db.deleteFrom('offline_payment_objects').where('customer_id', '=', customerId).execute();
    },
  };
}

export type OfflinePaymentRepository = ReturnType<typeof createOfflinePaymentRepository>;
