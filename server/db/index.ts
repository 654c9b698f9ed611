// The query layer: Kysely on SQLite (embedded default) or PostgreSQL (DATABASE_URL=postgres://…).
import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import { config } from '../config.ts';
import { nodeSqliteDialect, openSqlite } from './node-sqlite.ts';
import { createPostgresDb } from './postgres.ts';
import type { DB } from './schema.ts';

export type { DB, Db, Tx } from './schema.ts';

export async function createDb(opts: { file?: string; url?: string } = {}): Promise<Kysely<DB>> {
  const url = opts.url ?? config.databaseUrl;
  if (url.startsWith('postgres')) return createPostgresDb(url);
  const file = opts.file ?? config.sqliteFile;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  return new Kysely<DB>({ dialect: nodeSqliteDialect(openSqlite(file)) });
}
