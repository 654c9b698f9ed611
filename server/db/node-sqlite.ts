// Kysely dialect on Node's built-in node:sqlite, so the embedded database needs no native addon.
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { SqliteDialect } from 'kysely';

type Param = null | number | bigint | string | Uint8Array;

function toParam(v: unknown): Param {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object' && !(v instanceof Uint8Array)) return JSON.stringify(v);
  return v as Param;
}

export function openSqlite(file: string): DatabaseSync {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -64000; PRAGMA temp_store = MEMORY;');
  return db;
}

/** Prepared statements are cached per SQL text: Kysely emits the same text for the same query shape. */
export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const prepare = (sql: string) => {
    let hit = cache.get(sql);
    if (!hit) {
      const stmt = db.prepare(sql);
      hit = { stmt, reader: stmt.columns().length > 0 };
      if (cache.size > 2000) cache.clear();
      cache.set(sql, hit);
    }
    return hit;
  };
  return new SqliteDialect({
    database: {
      close: () => db.close(),
      prepare(sql: string) {
        // Kysely opens transactions with a deferred `begin`: one that reads first and then writes cannot
        // wait for another process's writer (SQLite answers SQLITE_BUSY at once, busy_timeout or not), so
        // with WORKERS=n a transaction takes the write lock when it begins and waits for it up to busy_timeout
        const { stmt, reader } = prepare(sql === 'begin' ? 'begin immediate' : sql);
        return {
          reader,
          all: (params: ReadonlyArray<unknown>) => stmt.all(...params.map(toParam)),
          run: (params: ReadonlyArray<unknown>) => {
            const r = stmt.run(...params.map(toParam));
            return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
          },
          iterate: (params: ReadonlyArray<unknown>) => stmt.iterate(...params.map(toParam)) as IterableIterator<unknown>,
        };
      },
    },
  });
}
