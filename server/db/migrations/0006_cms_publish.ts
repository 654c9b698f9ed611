// CMS publishes as job rows: a webhook (on any instance) queues a row, the one holder of the
// `cms-publish` lease renders the affected pages into a new site generation and records it here; the
// newest published row of a base build is the generation every instance serves (server/publish/).
import type { Kysely } from 'kysely';
import { withId } from '../dialect.ts';

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('cms_publish'))
    .addColumn('affected', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('base', 'text')
    .addColumn('generation', 'text')
    .addColumn('ms', 'integer')
    .addColumn('rendered', 'integer')
    .addColumn('changed', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('cms_publish_status').on('cms_publish').columns(['status', 'base']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cms_publish').execute();
}
