// Multi-row inserts in batches, and the PostgreSQL sequence fix-up after explicit ids.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isPostgres } from '../db/dialect.ts';

export const BATCH = 300;

/** Inserts rows in batches of BATCH. Every row must carry the same columns (no DEFAULT on SQLite). */
export async function insertAll<T extends keyof DB & string>(
  db: Kysely<DB>, table: T, rows: readonly Insertable<DB[T]>[], batch = BATCH,
): Promise<number> {
  for (let i = 0; i < rows.length; i += batch) {
    // the generic table type defeats Kysely's per-table inference; the row type above is the check
    await (db as Kysely<any>).insertInto(table).values(rows.slice(i, i + batch) as any[]).execute();
  }
  return rows.length;
}

/** Tables with a serial id that the seed fills with explicit ids. */
export const SERIAL_TABLES = [
  'sub_users', 'order_lists', 'addresses', 'orders', 'schraenke', 'schubladen', 'zahnlager_slots',
  'zahnlager_bookings', 'label_templates', 'documents', 'service_requests', 'patient_works', 'batches',
  'mails', 'client_logs', 'freeway_tickets',
] as const;

/** PostgreSQL serials do not advance on explicit ids: move each sequence past the highest id. */
export async function resetSequences(db: Kysely<DB>): Promise<void> {
  if (!isPostgres(db)) return; // SQLite AUTOINCREMENT follows explicit ids by itself
  for (const t of SERIAL_TABLES) {
    await sql`SELECT setval(pg_get_serial_sequence(${t}, 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM ${sql.table(t)}), false)`.execute(db);
  }
}
