// Property values in the customer's language. article_properties.value is the catalogue's German text and
// stays the key a filter sends; property_texts gives its wording per language (as article_texts does for
// names). A value without a row for the language is shown as stored (codes, sizes, brand names).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createTable('property_texts')
    .addColumn('prop', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('property_texts_pk', ['prop', 'value', 'lang'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('property_texts').execute();
}
