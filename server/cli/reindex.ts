// npm run db:reindex — rebuilds the catalogue's search index, e.g. after words were added to the
// synonym dictionary (server/search/synonyms): the index's compound splitter learns them only then
// (diamantschleifer → diamant schleifer). Searching with new synonyms needs no reindex.
import { bootDatabase } from '../boot.ts';
import { rebuildSearchIndex } from '../search/documents.ts';

const db = await bootDatabase();
await rebuildSearchIndex(db, { log: (m) => console.log(`[reindex] ${m}`) });
await db.destroy();
