// npm run db:reindex — builds the catalogue's search index once and prints its figures (documents,
// words, memory). The index lives in each server's memory: a server builds it at start and again when
// articles change (bus topic `articles`), so a running server needs no reindex.
import { bootDatabase } from '../boot.ts';
import { rebuildSearchIndex } from '../search/index.ts';

const db = await bootDatabase();
await rebuildSearchIndex(db, { log: (m) => console.log(`[reindex] ${m}`) });
await db.destroy();
