// Money: VAT rates per country and rate class (reference data), the articles' rate class, the cart
// discounts of promotions per category, and the priced summary an order was placed with.
import { sql, type Kysely } from 'kysely';

const money = sql`double precision`;

/**
 * Rates in percent per country: [standard, reduced]. The reduced class covers printed specialist
 * literature (the only reduced-rate goods of the catalogue). Countries without a row are exports
 * outside the VAT area: no VAT.
 */
export const VAT_RATES: Record<string, [standard: number, reduced: number]> = {
  DE: [19, 7], AT: [20, 10], CH: [8.1, 2.6], NL: [21, 9], BE: [21, 6], LU: [17, 3], FR: [20, 5.5], IT: [22, 4], ES: [21, 4],
  PT: [23, 6], PL: [23, 5], CZ: [21, 12], SK: [23, 5], HU: [27, 5], SI: [22, 5], HR: [25, 5], DK: [25, 25], SE: [25, 6],
  NO: [25, 0], FI: [25.5, 14], GB: [20, 0], IE: [23, 0], GR: [24, 6], RO: [21, 11], BG: [20, 9], TR: [20, 10],
};

export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createTable('vat_rates').addColumn('country', 'text', (c) => c.notNull()).addColumn('rate_class', 'text', (c) => c.notNull())
    .addColumn('percent', money, (c) => c.notNull()).addPrimaryKeyConstraint('vat_rates_pk', ['country', 'rate_class']).execute();
  await db.insertInto('vat_rates').values(Object.entries(VAT_RATES).flatMap(([country, [std, red]]) => [
    { country, rate_class: 'standard', percent: std }, { country, rate_class: 'reduced', percent: red },
  ])).execute();
  await s.alterTable('articles').addColumn('vat_class', 'text', (c) => c.notNull().defaultTo('standard')).execute();
  await s.createTable('promotion_cart_discounts').addColumn('promotion_id', 'integer', (c) => c.notNull())
    .addColumn('kat_id', 'integer', (c) => c.notNull()).addColumn('percent', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('promotion_cart_discounts_pk', ['promotion_id', 'kat_id']).execute();
  await s.alterTable('orders').addColumn('summary_json', 'text').execute();
  // databases seeded before this migration: the same rules the seed now writes (a fresh database is still empty here)
  await sql`UPDATE articles SET vat_class = 'reduced' WHERE kat_id IN (SELECT kat_id FROM categories WHERE slug = 'fachliteratur')`.execute(db);
  await sql`INSERT INTO promotion_cart_discounts (promotion_id, kat_id, percent)
    SELECT 1, kat_id, 10 FROM categories WHERE slug IN ('verblendkeramik', 'malfarben-glasuren') AND EXISTS (SELECT 1 FROM promotions WHERE id = 1)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('summary_json').execute();
  await db.schema.dropTable('promotion_cart_discounts').execute();
  await db.schema.alterTable('articles').dropColumn('vat_class').execute();
  await db.schema.dropTable('vat_rates').execute();
}
