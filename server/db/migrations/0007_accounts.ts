// Accounts and sessions hardening: sub-users get their own password; rate-limit counters live in the
// database so every server process sees the same count (one atomic upsert per hit).
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sub_users').addColumn('password_hash', 'text').execute();
  // a password set by the main user or a K07 is a first password: the sub-user replaces it at its first login
  await db.schema.alterTable('sub_users').addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createTable('throttle_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // epoch milliseconds; bigint so PostgreSQL holds it (SQLite's integer is 64-bit anyway)
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('throttle_counters_window').on('throttle_counters').column('window_start').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('throttle_counters').execute();
  await db.schema.alterTable('sub_users').dropColumn('must_change_password').execute();
  await db.schema.alterTable('sub_users').dropColumn('password_hash').execute();
}
