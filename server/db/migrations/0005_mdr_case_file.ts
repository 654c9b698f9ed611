// The MDR case file (issue 11 part 2): what the Annex XIII statement of a patient work needs, the material
// ledger's manufacturer/GTIN/quantity/technician per batch, LOT and expiry of tooth-storage stock (lot recall,
// expiry flags) and one row per customer and day the expiry mail went out (sent at most once a day).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.alterTable('patient_works').addColumn('geraet', 'text', (c) => c.notNull().defaultTo('')).execute();
  await s.alterTable('patient_works').addColumn('patient_code', 'text', (c) => c.notNull().defaultTo('')).execute();
  await s.alterTable('patient_works').addColumn('implantierbar', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.alterTable('patient_works').addColumn('arzneimittel', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.alterTable('patient_works').addColumn('gewebe', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.alterTable('patient_works').addColumn('abweichungen', 'text', (c) => c.notNull().defaultTo('')).execute();
  await s.alterTable('batches').addColumn('hersteller', 'text', (c) => c.notNull().defaultTo('')).execute();
  await s.alterTable('batches').addColumn('gtin', 'text', (c) => c.notNull().defaultTo('')).execute();
  await s.alterTable('batches').addColumn('menge', 'double precision', (c) => c.notNull().defaultTo(1)).execute();
  await s.alterTable('batches').addColumn('sub_user_id', 'integer').execute();
  await s.createIndex('batches_kdnr_lot').on('batches').columns(['kdnr', 'lot']).execute();
  // batches documented before: manufacturer and GTIN from their article, the technician from their work's user
  await sql`update batches set hersteller = coalesce((select m.name from articles a join manufacturers m on m.id = a.hersteller_id where a.artnr = batches.artnr), ''),
    gtin = coalesce((select a.gtin from articles a where a.artnr = batches.artnr), ''),
    sub_user_id = (select w.sub_user_id from patient_works w where w.id = batches.work_id)`.execute(db);
  await s.alterTable('zahnlager_slots').addColumn('lot', 'text', (c) => c.notNull().defaultTo('')).execute();
  await s.alterTable('zahnlager_slots').addColumn('verfallsdatum', 'text').execute();
  await s.createTable('mdr_expiry_mails').addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull()).addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('mdr_expiry_mails_pk', ['kdnr', 'day']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.dropTable('mdr_expiry_mails').execute();
  await s.dropIndex('batches_kdnr_lot').execute();
  for (const c of ['lot', 'verfallsdatum']) await s.alterTable('zahnlager_slots').dropColumn(c).execute();
  for (const c of ['hersteller', 'gtin', 'menge', 'sub_user_id']) await s.alterTable('batches').dropColumn(c).execute();
  for (const c of ['geraet', 'patient_code', 'implantierbar', 'arzneimittel', 'gewebe', 'abweichungen']) await s.alterTable('patient_works').dropColumn(c).execute();
}
