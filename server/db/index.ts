// The query layer: Kysely on SQLite (embedded default) or PostgreSQL (DATABASE_URL=postgres://…).
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { config } from '../config.ts';
import { nodeSqliteDialect, openSqlite } from './node-sqlite.ts';
import type { DB } from './schema.ts';

export type { DB, Db, Tx } from './schema.ts';

export async function createDb(opts: { file?: string; url?: string } = {}): Promise<Kysely<DB>> {
  const url = opts.url ?? config.databaseUrl;
  if (url.startsWith('postgres')) {
    const pg = (await import('pg')).default;
    // int8 (count(*)) and numeric come back as strings by default; the shop's values fit in doubles
    pg.types.setTypeParser(20, (v: string) => Number(v));
    pg.types.setTypeParser(1700, (v: string) => Number(v));
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 10 }) }) });
  }
  const file = opts.file ?? config.sqliteFile;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  return new Kysely<DB>({ dialect: nodeSqliteDialect(openSqlite(file)) });
}
