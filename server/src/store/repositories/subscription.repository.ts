import type { Database } from '../database';
import type { PaymentCustomersTable, PaymentMethodsTable, SubscriptionsTable } from '../schema';

export type PaymentCustomerRow = PaymentCustomersTable;
export type PaymentMethodRow = PaymentMethodsTable;
export type SubscriptionRow = SubscriptionsTable;

/** Statuses of a subscription that still pays (or is about to pay) for storage. */
export const LIVE_SUBSCRIPTION_STATUSES = ['incomplete', 'trialing', 'active'] as const;

/** A user's payment customer, card and subscriptions. */
export function createSubscriptionRepository(db: Database) {
  return {
    findCustomer(userId: string): Promise<PaymentCustomerRow | undefined> {
      return db.selectFrom('payment_customers').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async insertCustomer(row: PaymentCustomerRow): Promise<void> {
      await db.insertInto('payment_customers').values(row).execute();
    },

    findPaymentMethod(userId: string): Promise<PaymentMethodRow | undefined> {
      return db.selectFrom('payment_methods').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** One card per user: a new one replaces the old. */
    async savePaymentMethod(row: PaymentMethodRow): Promise<void> {
      await db
        .insertInto('payment_methods')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            provider: row.provider,
            method_id: row.method_id,
            brand: row.brand,
            last4: row.last4,
            exp_month: row.exp_month,
            exp_year: row.exp_year,
            created_at: row.created_at,
          }),
        )
        .execute();
    },

    async insertSubscription(row: SubscriptionRow): Promise<void> {
      await db.insertInto('subscriptions').values(row).execute();
    },

    findSubscription(id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByProviderId(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider_subscription_id', '=', providerSubscriptionId)
        .executeTakeFirst();
    },

    liveSubscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', 'in', LIVE_SUBSCRIPTION_STATUSES)
        .orderBy('created_at', 'asc')
        .execute();
    },

    /** Whether the user ever had a subscription that was paid or trialled (no second trial). */
    async hadSubscription(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', '!=', 'incomplete')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Live subscriptions of a provider whose period ended by `now` (renewals due), up to `limit`. */
    dueSubscriptions(provider: string, now: number, limit: number): Promise<SubscriptionRow[]> {
      return db
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider', '=', provider)
        .where('status', 'in', ['trialing', 'active'])
        .where('period_end', '<=', now)
        .orderBy('period_end', 'asc')
        .limit(limit)
        .execute();
    },

    async updateSubscription(
      id: string,
      patch: Partial<Omit<SubscriptionRow, 'id' | 'user_id' | 'provider' | 'created_at'>>,
    ): Promise<void> {
      await db.updateTable('subscriptions').set(patch).where('id', '=', id).execute();
    },

    /** Removes the user's payment data and what it paid for (test data only). */
    async deletePaymentDataOf(userId: string): Promise<void> {
      await db
        .deleteFrom('grants')
        .where('user_id', '=', userId)
        .where('subscription_id', 'is not', null)
        .execute();
      await db.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
      await db.deleteFrom('payment_methods').where('user_id', '=', userId).execute();
      await db.deleteFrom('payment_customers').where('user_id', '=', userId).execute();
    },
  };
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;
