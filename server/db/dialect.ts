import { PostgresAdapter, sql, type Kysely, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * Serialises transactions that name the same key until they end: an advisory lock on PostgreSQL (READ COMMITTED
 * lets two transactions read the same rows before either writes); SQLite transactions are serial already.
 */
export async function lockForTransaction(tx: Kysely<any>, key: string): Promise<void> {
  if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(tx);
}

/** Auto-increment primary key that works on SQLite and PostgreSQL. */
export function withId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, any>, col = 'id'): CreateTableBuilder<T, any> {
  return isPostgres(db)
    ? t.addColumn(col, 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : t.addColumn(col, 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
