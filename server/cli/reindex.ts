// npm run db:reindex — rebuilds the catalogue's search index, e.g. after words were added to the
// synonym dictionary (server/search/synonyms): the index's compound splitter learns them only then
// (diamantschleifer → diamant schleifer). Searching with new synonyms needs no reindex.
import { bootDatabase } from '../boot.ts';
import { rebuildSearchIndex } from '../lib/search-index.ts';
import { config } from '../config.ts';
import { invalidateFromOutside } from '../lib/bus.ts';
import { EVERY_KEY } from '../lib/cache.ts';
import { TOPIC } from '../lib/cache-topics.ts';

const db = await bootDatabase();
await rebuildSearchIndex(db, { log: (m) => console.log(`[reindex] ${m}`) });
await db.destroy();
// running instances drop what they built from the old index (on SQLite: within their caches' lifetimes)
if (await invalidateFromOutside(config.databaseUrl, [{ topic: TOPIC.searchIndex, key: EVERY_KEY }])) console.log('[reindex] instances notified');
