// Deterministic seed entry point: same data on every machine (seeded PRNG streams, dates as offsets
// from the clock anchors). Everything goes through Kysely, so it runs on SQLite and PostgreSQL.
import type { Db } from '../db/index.ts';
import { buildCatalog } from './catalog-build.ts';
import { seedClock } from './clock.ts';
import { seedCustomers } from './customers.ts';
import { seedExtras } from './extras.ts';
import { insertAll, resetSequences } from './insert.ts';
import { propertyTexts } from './property-texts.ts';
import { buildOrders } from './orders.ts';
import { buildMakers, seedReference } from './reference.ts';

export interface SeedOptions { articles: number; log?: (msg: string) => void }

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('companies').select('firma').limit(1).executeTakeFirst();
  return !row;
}

export async function seed(db: Db, opts: SeedOptions): Promise<Record<string, number>> {
  const log = opts.log ?? (() => {});
  const t0 = Date.now();
  const lap = (what: string) => log(`  ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  const clock = seedClock();
  const makers = buildMakers();
  const cat = buildCatalog(opts.articles, makers, clock);
  const hist = buildOrders(cat.arts, clock);
  lap(`generated ${cat.articles.length} articles`);
  const counts: Record<string, number> = {};
  const add = (c: Record<string, number>) => Object.assign(counts, c);

  await db.transaction().execute(async (tx) => {
    add(await seedReference(tx, makers));
    add(await seedCustomers(tx, clock));
  });
  lap('reference data and customers');
  await db.transaction().execute(async (tx) => {
    counts.articles = await insertAll(tx, 'articles', cat.articles);
    counts.article_texts = await insertAll(tx, 'article_texts', cat.texts);
    counts.article_properties = await insertAll(tx, 'article_properties', cat.props);
    counts.property_texts = await insertAll(tx, 'property_texts', propertyTexts(cat.props));
  });
  lap('articles, texts, properties');
  await db.transaction().execute(async (tx) => {
    counts.orders = await insertAll(tx, 'orders', hist.orders);
    counts.order_lines = await insertAll(tx, 'order_lines', hist.lines);
    counts.documents = await insertAll(tx, 'documents', hist.documents);
  });
  lap('order history and documents');
  add(await seedExtras(db, { cat, hist, clock }));
  lap('recommendations, promotions, tooth storage, labels, patient works');
  await resetSequences(db);
  log(`rows: ${Object.entries(counts).map(([t, n]) => `${t} ${n}`).join(', ')}`);
  return counts;
}
