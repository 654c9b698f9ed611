// Seeds one template database per test run; every API test file works on its own copy.
import fs from 'node:fs';
import path from 'node:path';
import { bootDatabase } from '../../server/boot.ts';

export const TEMPLATE = path.resolve(import.meta.dirname, '../../data/test/template.sqlite');
export const TEST_ARTICLES = Number(process.env.TEST_SEED_ARTICLES || 3000);

export default async function setup(): Promise<void> {
  fs.mkdirSync(path.dirname(TEMPLATE), { recursive: true });
  for (const f of fs.readdirSync(path.dirname(TEMPLATE))) fs.rmSync(path.join(path.dirname(TEMPLATE), f), { force: true });
  const db = await bootDatabase({ file: TEMPLATE, articles: TEST_ARTICLES, quiet: true });
  // fold the WAL into the main file so a plain copy is complete
  const { sql } = await import('kysely');
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await db.destroy();
}
