// Opens the database, applies migrations and seeds an empty database.
import { config } from './config.ts';
import { createDb, type Db } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { isEmpty, seed } from './seed/index.ts';
import { seedProductImages } from './seed/product-images.ts';

export async function bootDatabase(opts: { file?: string; url?: string; articles?: number; quiet?: boolean } = {}): Promise<Db> {
  const log = opts.quiet ? () => {} : (m: string) => console.log(`[db] ${m}`);
  const db = await createDb(opts);
  const applied = await migrateToLatest(db);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
  if (await isEmpty(db)) {
    const t = Date.now();
    log('empty database: seeding…');
    await seed(db, { articles: opts.articles ?? config.seedArticles, log });
    log(`seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  // the drawn product images belong to the seed; a database seeded before they existed (or an older
  // drawing) gets them here, otherwise this is one file read
  const t = Date.now();
  const drawn = await seedProductImages(config.imageDir);
  if (drawn) log(`product images: ${drawn} files in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return db;
}
