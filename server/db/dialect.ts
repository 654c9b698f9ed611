import { PostgresAdapter, type Kysely, type ColumnDefinitionBuilder, type CreateTableBuilder } from 'kysely';

export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Auto-increment primary key that works on SQLite and PostgreSQL. */
export function withId<T extends string>(db: Kysely<any>, t: CreateTableBuilder<T, any>, col = 'id'): CreateTableBuilder<T, any> {
  return isPostgres(db)
    ? t.addColumn(col, 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : t.addColumn(col, 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}
