// Seeds one template database per test run; every API test file works on its own copy.
// Each run gets its own directory so parallel runs (several developers, watch mode) never clash.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { bootDatabase } from '../../server/boot.ts';

export const TEST_ARTICLES = Number(process.env.TEST_SEED_ARTICLES || 3000);

declare module 'vitest' {
  export interface ProvidedContext { shopTemplate: string }
}

export default async function setup(project: TestProject): Promise<() => void> {
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
