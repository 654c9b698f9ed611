// npm run db:migrate — apply pending migrations (also runs on every start).
import { createDb } from '../db/index.ts';
import { migrateToLatest } from '../db/migrate.ts';

const db = await createDb();
const applied = await migrateToLatest(db);
console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
await db.destroy();
