// One search engine per database (tests run several databases in one process): the catalogue
// snapshot, the in-memory term index and the caches built on them. Loaded on the first call (and
// at server start, warmSearch); dropped when articles or prices change (bus topic `articles`, any
// key, or invalidateCatalog), so the next call loads the new catalogue. After REFRESH_MS a successor
// is built in the background and takes over when ready: a safety net for catalogue writes that
// bypass the bus, which never makes a query wait for a rebuild.
import type { Db } from '../db/index.ts';
import { onInvalidate } from '../lib/bus.ts';
import { Cache } from '../lib/cache.ts';
import type { ArticleListItem } from '../lib/articles.ts';
import { collectDocs } from './documents.ts';
import type { MatchResult } from './match.ts';
import { buildTermIndex, memoryBytes, type TermIndex } from './postings.ts';
import { loadSnapshot, type Snapshot } from './snapshot.ts';

// a rebuild costs seconds of CPU (~4 s for 65,000 articles): the bus is the way to be current
const REFRESH_MS = 30 * 60_000;
/** bus topic of article and price changes (shared with the catalogue's caches) */
const ARTICLES_TOPIC = 'articles';
/** how long guest answers and list items are served from memory */
const GUEST_TTL_MS = 60_000;

export interface Engine {
  at: number;
  snap: Promise<Snapshot>;
  index: Promise<TermIndex>;
  /** ranked match sets by folded term */
  matches: Cache<string, MatchResult>;
  /** guest list items by language|country|artnr, guest answers (JSON) and guest values by key */
  items: Cache<string, ArticleListItem>;
  responses: Cache<string, string>;
  values: Cache<string, unknown>;
  successor?: Engine;
}

const engines = new Cache<Db, Engine>({ ttlMs: Infinity });
// any article or price change, whatever its key, can change words, ranks and prices of a result
onInvalidate(ARTICLES_TOPIC, () => engines.clear());

function createEngine(db: Db): Engine {
  const snap = loadSnapshot(db);
  const index = collectDocs(db).then(buildTermIndex);
  const e: Engine = {
    at: Date.now(), snap, index,
    // a match set holds up to one int per article: a few hundred bound the memory (paging, autocomplete + search).
    // Match sets and answers are kept from a term's second request on: a stream of one-off searches would
    // otherwise replace ~50 MB/s of cached answers at 2,000 req/s and keep the collector busy.
    matches: new Cache({ ttlMs: Infinity, max: 256, admitRepeated: true }),
    items: new Cache({ ttlMs: GUEST_TTL_MS, max: 200_000 }),
    responses: new Cache({ ttlMs: GUEST_TTL_MS, max: 1000, admitRepeated: true }), // whole answers (~25 KB each)
    values: new Cache({ ttlMs: GUEST_TTL_MS, max: 5000 }),
  };
  // a failed load is not kept: the next call tries again
  Promise.all([snap, index]).catch(() => { if (engines.get(db) === e) engines.delete(db); });
  return e;
}

export function engine(db: Db): Engine {
  const e = engines.get(db);
  if (!e) {
    const fresh = createEngine(db);
    engines.set(db, fresh);
    return fresh;
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
