// PostgreSQL for the API tests (TEST_DATABASE_URL=postgres://user:pass@host/postgres): the template is
// its own database, every test file gets a copy made with CREATE DATABASE … TEMPLATE, dropped afterwards.
import pg from 'pg';

export const testPgUrl = (): string => process.env.TEST_DATABASE_URL ?? '';

/** The URL of another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminSql(url: string, statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try { await c.query(statement); } finally { await c.end(); }
}

export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;

/**
 * Drops a test database once its last connection has gone: a forced drop would terminate a pool
 * connection that is still closing, and pg reports that as an uncaught error. Forced after 5 s.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    try { await adminSql(url, `DROP DATABASE IF EXISTS ${name}`); return; } catch (e) {
      if ((e as { code?: string }).code !== '55006') throw e; // 55006: still in use
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await adminSql(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
