// Each mail records its sender: a customer of isLS gets mail from LS Dental Logistik, not from the
// default brand. Null on mails queued before: the default brand's sender.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mails').addColumn('from_addr', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('mails').dropColumn('from_addr').execute();
}
