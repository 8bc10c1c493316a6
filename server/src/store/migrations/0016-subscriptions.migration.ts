import type { Kysely } from 'kysely';

/**
 * Storage subscriptions paid by card (account.md §3, §4): the payment provider's customer and card
 * of each user, their subscriptions, and the link from a subscription to the grant of storage it
 * pays for. The offline provider keeps its own objects (setup intents, cards, payments) in
 * `offline_payment_objects`, so every API process over one database sees the same ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('method_id', 'text', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'text', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull())
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('period_start', 'bigint', (c) => c.notNull())
    .addColumn('period_end', 'bigint', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upcoming_product_id', 'text')
    .addColumn('client_secret', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();
  // The offline provider renews what is due: live subscriptions by the end of their period.
  await db.schema
    .createIndex('subscriptions_due_idx')
    .on('subscriptions')
    .columns(['status', 'period_end'])
    .execute();

  await db.schema.alterTable('grants').addColumn('subscription_id', 'text').execute();
  await db.schema.createIndex('grants_subscription_idx').on('grants').column('subscription_id').execute();

  await db.schema
    .createTable('offline_payment_objects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('offline_payment_objects_customer_idx')
    .on('offline_payment_objects')
    .column('customer_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('offline_payment_objects').execute();
  await db.schema.dropIndex('grants_subscription_idx').execute();
  await db.schema.alterTable('grants').dropColumn('subscription_id').execute();
  await db.schema.dropTable('subscriptions').execute();
  await db.schema.dropTable('payment_methods').execute();
  await db.schema.dropTable('payment_customers').execute();
}
