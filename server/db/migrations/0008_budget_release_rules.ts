// Budgets and approval rules (issue 11, part 3): per account the net order value above which a
// sub-user's order needs a release (no row = the default 5,000 EUR), per sub-user an optional monthly
// budget, and per order why it waits (reason with the figures) and its net value in EUR cents.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('release_rules')
    .addColumn('kdnr', 'integer', (c) => c.primaryKey())
    .addColumn('threshold_cents', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // null = no budget
  await db.schema.alterTable('sub_users').addColumn('monthly_budget_cents', 'bigint').execute();
  // JSON { reason: 'threshold' | 'budget', ...figures in EUR cents }; null = released at once
  await db.schema.alterTable('orders').addColumn('release_reason', 'text').execute();
  // what the threshold and the budget compare: net total incl. shipping in EUR cents (null for imported history)
  await db.schema.alterTable('orders').addColumn('net_eur_cents', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('net_eur_cents').execute();
  await db.schema.alterTable('orders').dropColumn('release_reason').execute();
  await db.schema.alterTable('sub_users').dropColumn('monthly_budget_cents').execute();
  await db.schema.dropTable('release_rules').execute();
}
