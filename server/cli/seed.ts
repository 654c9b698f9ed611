// npm run db:seed [-- --force] — seed an empty database (--force: delete the SQLite file first).
import fs from 'node:fs';
import { config } from '../config.ts';
import { bootDatabase } from '../boot.ts';

if (process.argv.includes('--force') && !config.databaseUrl) {
  for (const f of [config.sqliteFile, `${config.sqliteFile}-wal`, `${config.sqliteFile}-shm`]) fs.rmSync(f, { force: true });
}
const db = await bootDatabase();
await db.destroy();
