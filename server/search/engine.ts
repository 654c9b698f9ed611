// One search engine per database (tests run several databases in one process): the catalogue
// snapshot, the in-memory term index and the caches built on them. Loaded on the first call (and
// at server start, warmSearch); dropped when articles, categories or the index change (bus topics
// `articles`, `categories`, `search-index`, any key, or invalidateCatalog), so the next call loads the
// new catalogue (~3.5 s for 65,000 articles). A price or exchange-rate change keeps the term index and
// the ranked match sets (no word or rank changed) and reloads only the snapshot (~0.4 s) and the answers.
// After REFRESH_MS a successor is built in the background and takes over when ready: a safety net for
// catalogue writes that bypass the bus, which never makes a query wait for a rebuild.
import type { Db } from '../db/index.ts';
import { onInvalidate } from '../lib/bus.ts';
import { Cache } from '../lib/cache.ts';
import { TOPIC } from '../lib/cache-topics.ts';
import type { ArticleListItem } from '../lib/articles.ts';
import type { KeptBody } from '../lib/encoding.ts';
import { collectDocs } from './documents.ts';
import type { MatchResult } from './match.ts';
import { buildTermIndex, memoryBytes, type TermIndex } from './postings.ts';
import { loadSnapshot, type Snapshot } from './snapshot.ts';

// a rebuild costs seconds of CPU (~4 s for 65,000 articles): the bus is the way to be current
const REFRESH_MS = 30 * 60_000;
/** how long guest answers and list items are served from memory */
const GUEST_TTL_MS = 60_000;

export interface Engine {
  at: number;
  snap: Promise<Snapshot>;
  /** the snapshot once loaded; after a price change the previous one until the new one is in (same articles) */
  loaded?: Snapshot;
  index: Promise<TermIndex>;
  /** ranked match sets by folded term */
  matches: Cache<string, MatchResult>;
  /** guest list items by language|country|artnr, guest answers (JSON) and guest values by key */
  items: Cache<string, ArticleListItem>;
  responses: Cache<string, KeptBody>;
  values: Cache<string, unknown>;
  successor?: Engine;
  /** a price (snapshot and answers) or an exchange rate (answers) changed since it was built */
  stale?: 'prices' | 'rates';
}

const engines = new Map<Db, Engine>();
// words, ranks or categories may have changed (whatever the key): everything is built anew
for (const topic of [TOPIC.articles, TOPIC.categories, TOPIC.searchIndex]) onInvalidate(topic, () => engines.clear());
// prices (EUR, in the snapshot: filters and sorting) and exchange rates (in the list items and answers):
// marked here, replaced by the next call (an import of 100 prices sends 100 notices: one reload)
onInvalidate(TOPIC.prices, () => { for (const e of engines.values()) e.stale = 'prices'; });
onInvalidate(TOPIC.currencies, () => { for (const e of engines.values()) e.stale ??= 'rates'; });

/** Fresh answer caches; a match set holds up to one int per article: a few hundred bound the memory. */
function answerCaches(): Pick<Engine, 'items' | 'responses' | 'values'> {
  return {
    items: new Cache({ ttlMs: GUEST_TTL_MS, max: 200_000 }),
    // whole answers (~25 KB each) from a term's second request on: a stream of one-off searches would
    // otherwise replace ~50 MB/s of cached answers at 2,000 req/s and keep the collector busy
    responses: new Cache({ ttlMs: GUEST_TTL_MS, max: 1000, admitRepeated: true }),
    values: new Cache({ ttlMs: GUEST_TTL_MS, max: 5000 }),
  };
}

/** Follows an engine's loads: the snapshot, once in, is `loaded`; a failed load is not kept (the next call tries again). */
function followLoads(db: Db, e: Engine): Engine {
  e.snap.then((s) => { e.loaded = s; }, () => {});
  Promise.all([e.snap, e.index]).catch(() => { if (engines.get(db) === e) engines.delete(db); });
  return e;
}

function createEngine(db: Db): Engine {
  return followLoads(db, {
    at: Date.now(), snap: loadSnapshot(db), index: collectDocs(db).then(buildTermIndex),
    // ranked match sets (paging, autocomplete + search), from a term's second request on like the answers
    matches: new Cache({ ttlMs: Infinity, max: 256, admitRepeated: true }),
    ...answerCaches(),
  });
}

/**
 * The engine after a price or rate change: same index and match sets (snapshot positions follow the
 * article numbers, which did not change), the given snapshot, no answer from before. A successor being
 * built is abandoned (it may have read the old prices).
 */
function repriced(db: Db, e: Engine, snap: Promise<Snapshot>): Engine {
  return followLoads(db, { at: e.at, snap, loaded: e.loaded, index: e.index, matches: e.matches, ...answerCaches() });
}

export function engine(db: Db): Engine {
  const e = engines.get(db);
  if (!e) {
    const fresh = createEngine(db);
    engines.set(db, fresh);
    return fresh;
  }
  if (e.stale) {
    const next = repriced(db, e, e.stale === 'prices' ? loadSnapshot(db) : e.snap);
    engines.set(db, next);
    return next;
  }
  if (Date.now() - e.at > REFRESH_MS && !e.successor) {
    const next = (e.successor = createEngine(db));
    Promise.all([next.snap, next.index]).then(
      () => { if (engines.get(db) === e) engines.set(db, next); },
      () => { e.successor = undefined; },
    );
  }
  return e;
}

/** The catalogue snapshot of the database. */
export function snapshot(db: Db): Promise<Snapshot> {
  return engine(db).snap;
}

/**
 * The snapshot if one is loaded (no waiting): which articles exist, for calls that must not wait for a
 * (re)load and ask the database when it says no (an article added since). Null while none is loaded.
 */
export function loadedSnapshot(db: Db): Snapshot | null {
  return engines.get(db)?.loaded ?? null;
}

/** Builds snapshot and index now (server start), so the first search does not wait for them; returns a line for the log. */
export async function warmSearch(db: Db): Promise<string> {
  const t0 = Date.now();
  const e = engine(db);
  const [, ix] = await Promise.all([e.snap, e.index]);
  return `search index: ${ix.n} documents, ${ix.terms.length} words, ${ix.docs.length} postings, ~${(memoryBytes(ix) / 2 ** 20).toFixed(1)} MB (${Date.now() - t0} ms)`;
}

/** Drops snapshot, index and cached results of this database (call after the catalogue changed). */
export function invalidateCatalog(db: Db): void {
  engines.delete(db);
}

/** Builds this process's index anew now and reports its figures (npm run db:reindex: a check of the catalogue's documents). */
export async function rebuildSearchIndex(db: Db, opts: { log?: (msg: string) => void } = {}): Promise<void> {
  invalidateCatalog(db);
  opts.log?.(await warmSearch(db));
}
