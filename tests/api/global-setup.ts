// Seeds one template database per test run; every API test file works on its own copy
// (SQLite file copies by default; PostgreSQL databases with TEST_DATABASE_URL).
// Each run gets its own directory so parallel runs (several developers, watch mode) never clash.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bootDatabase } from '../../server/boot.ts';
import { adminSql, dropDatabase, testPgUrl, uniqueName, withDatabase } from './pg-databases.ts';

export const TEST_ARTICLES = Number(process.env.TEST_SEED_ARTICLES || 3000);

declare module 'vitest' {
  export interface ProvidedContext { shopTemplate: string }
}

export default async function setup(project: TestProject): Promise<() => void | Promise<void>> {
  const pgUrl = testPgUrl();
  if (pgUrl) {
    // the scale-out engine: the same tests on PostgreSQL
    const name = uniqueName('shop_tpl');
    await adminSql(pgUrl, `CREATE DATABASE ${name}`);
    const url = withDatabase(pgUrl, name);
    const db = await bootDatabase({ url, articles: TEST_ARTICLES, quiet: true });
    await db.destroy();
    project.provide('shopTemplate', url);
    return () => dropDatabase(pgUrl, name);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-template-'));
  const template = path.join(dir, 'template.sqlite');
  const db = await bootDatabase({ file: template, articles: TEST_ARTICLES, quiet: true });
  // fold the WAL into the main file so a plain copy is complete
  const { sql } = await import('kysely');
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await db.destroy();
  project.provide('shopTemplate', template);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
