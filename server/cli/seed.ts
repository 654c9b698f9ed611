// npm run db:seed [-- --force] — seed an empty database (--force: delete the SQLite file first).
import fs from 'node:fs';
import { config } from '../config.ts';
import { bootDatabase } from '../boot.ts';
import { invalidateFromOutside } from '../lib/bus.ts';
import { EVERY_KEY } from '../lib/cache.ts';
import { TOPIC } from '../lib/cache-topics.ts';

if (process.argv.includes('--force') && !config.databaseUrl) {
  for (const f of [config.sqliteFile, `${config.sqliteFile}-wal`, `${config.sqliteFile}-shm`]) fs.rmSync(f, { force: true });
}
const db = await bootDatabase();
await db.destroy();
// instances already serving this (PostgreSQL) database forget what they cached of it before the seed
const catalogue = [TOPIC.articles, TOPIC.prices, TOPIC.currencies, TOPIC.categories, TOPIC.countries, TOPIC.searchIndex];
await invalidateFromOutside(config.databaseUrl, catalogue.map((topic) => ({ topic, key: EVERY_KEY })));
