// PostgreSQL connections: a pool sized for the cores, every query a named prepared statement (parsed
// and planned once per connection instead of once per call), and a small pipelined pool for the group
// commit of the hot writes (server/db/group-commit.ts), which sends a whole batch in one round trip.
import os from 'node:os';
import { Kysely, PostgresDialect } from 'kysely';
import type pgTypes from 'pg';
import type { DB } from './schema.ts';

/** Connections of the query pool: PostgreSQL's rule of thumb (2 × cores), at least 4; PG_POOL_MAX overrides. */
export function poolSize(value = process.env.PG_POOL_MAX, cores = os.availableParallelism()): number {
  const n = Math.floor(Number(value));
  return Number.isFinite(n) && n >= 1 ? n : Math.max(4, 2 * cores);
}

/** Distinct statement texts that get a name; beyond it (ad-hoc texts, e.g. long IN lists) they run unnamed. */
const MAX_NAMED = 2000;
const names = new Map<string, string>();

/** The statement name for a SQL text: one per text and process, the same on every connection. */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < MAX_NAMED) names.set(text, (name = `s${names.size + 1}`));
  return name;
}

const pipelined = new WeakMap<Kysely<DB>, pgTypes.Pool>();

/** The pipelined pool of a PostgreSQL database (undefined on SQLite). */
export function pipelinedPool(db: Kysely<any>): pgTypes.Pool | undefined {
  return pipelined.get(db as Kysely<DB>);
}

export async function createPostgresDb(url: string): Promise<Kysely<DB>> {
  const pg = (await import('pg')).default;
  // int8 (count(*)) and numeric come back as strings by default; the shop's values fit in doubles
  pg.types.setTypeParser(20, (v: string) => Number(v));
  pg.types.setTypeParser(1700, (v: string) => Number(v));
  // Kysely calls query(text, values): name it, so the server keeps the parsed statement and its plan.
  // Texts without parameters stay on the simple protocol (as pg does): they may hold several commands.
  class NamedClient extends pg.Client {
    override query(config: any, values?: any, callback?: any): any {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const name = statementName(config);
        if (name) return super.query({ name, text: config, values });
      }
      return super.query(config, values, callback);
    }
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize(), Client: NamedClient });
  // one batch in flight per connection; two let the next batch be sent while the previous one commits
  const writes = new pg.Pool({ connectionString: url, max: 2, Client: NamedClient, pipeline: true } as pgTypes.PoolConfig);
  // a pooled connection that breaks while idle (database restart) is replaced on the next use; without a
  // listener pg's 'error' event would end the process
  for (const p of [pool, writes]) p.on('error', (e) => console.error('[db] idle PostgreSQL connection lost:', e.message));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  pipelined.set(db, writes);
  const destroy = db.destroy.bind(db);
  db.destroy = async () => { pipelined.delete(db); await Promise.all([destroy(), writes.end()]); };
  return db;
}
