// Singleton jobs across instances: a lease row per job (one holder at a time, taken over when it lapses),
// and the claim of each outgoing mail (delivered once, whichever instance sends it).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('job_leases').addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull()).addColumn('expires_at', 'text', (c) => c.notNull()).execute();
  await db.schema.alterTable('mails').addColumn('claimed_at', 'text').execute();
  await db.schema.createIndex('mails_unsent').on('mails').columns(['sent_at', 'error', 'claimed_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mails_unsent').execute();
  await db.schema.alterTable('mails').dropColumn('claimed_at').execute();
  await db.schema.dropTable('job_leases').execute();
}
