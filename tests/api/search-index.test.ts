// The in-memory search index (server/search/postings.ts): a search runs no SQL once the index is
// built, an article change announced on the bus is searchable at once, and the posting-list
// primitives (prefix ranges, unions, intersections) return what a scan would. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import type { KyselyPlugin } from 'kysely';
import { setupApi, type TestEnv } from './harness.ts';
import type { Db } from '../../server/db/index.ts';
import { invalidate } from '../../server/lib/bus.ts';
import { setArticlePrices } from '../../server/lib/price-updates.ts';
import { engine } from '../../server/search/engine.ts';
import { matchTerm, snapshot, warmSearch } from '../../server/search/index.ts';
import { buildTermIndex, intersect, union, wordDocs } from '../../server/search/postings.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env?.close(); });

describe('search without SQL', () => {
  it('answers words, synonyms, plurals, compounds, typos and partial matches from memory', async () => {
    let queries = 0;
    const counting: KyselyPlugin = {
      transformQuery: (args) => { queries++; return args.node; },
      transformResult: async (args) => args.result,
    };
    // a database handle of its own: its own engine, built through the counting plugin
    const db = env.db.withPlugin(counting) as Db;
    await warmSearch(db);
    const s = await snapshot(db);
    expect(queries).toBeGreaterThan(0); // the plugin sees the loads: it would see a search's queries too
    queries = 0;
    const terms = ['Zahn', 'Bohrer', 'Zähne', 'Kunststoffzähne', 'Zirkonoxyd', 'Superhartgips Klasse 4 Sonderfarbe', 'Qxzvbwt', 'VITA'];
    for (const [k, t] of terms.entries()) {
      // a suffix the tokenizer ignores: no cached match set answers
      const m = await matchTerm(db, s, `${t} ${'-'.repeat(k + 1)}`);
      expect(m.first.length).toBeLessThanOrEqual(m.total);
    }
    expect(queries).toBe(0);
    const zahn = await matchTerm(db, s, 'Zahn');
    expect(zahn.first.length).toBeGreaterThan(0);
    expect(zahn.all().subarray(0, zahn.first.length)).toEqual(zahn.first); // the whole order begins with the first places
    expect(zahn.all().length).toBe(zahn.total);
  });
});

describe('index refresh', () => {
  it('finds a renamed article by its new name once the change is announced on the bus', async () => {
    const word = 'Quarzglaskolbenhalter';
    const search = async () => (await env.client().get(`/api/suche/de?q=${word}&limit=10`)).body.result;
    expect((await search()).total).toBe(0);
    const art = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('parent_artnr', 'is', null)
      .orderBy('artnr').limit(1).executeTakeFirstOrThrow();
    await env.db.updateTable('articles').set({ bezeichnung: `${word} Spezial` }).where('artnr', '=', art.artnr).execute();
    invalidate('articles', art.artnr); // any key of the topic: the writer need not know what search keeps
    const r = await search();
    expect(r.items.map((i: { Artikelnummer: string }) => i.Artikelnummer)).toEqual([art.artnr]);
    // the prefix finds it as well (a prefix is a range of the sorted vocabulary)
    expect((await env.client().get('/api/suche/de?q=quarzglas&limit=10')).body.result.total).toBe(1);
  });
});

describe('price changes', () => {
  it('a new price is in the next search answer and its price order, while the term index is kept (no rebuild)', async () => {
    const term = 'Superhartgips';
    const search = async (sort?: 'price_desc') => (await env.client().call('POST /api/shopware/search/:country/:language/1', {
      params: { country: 'de', language: 'de' }, body: { search: term, page: 1, limit: 5, ...(sort ? { filters: { sort } } : {}) },
    })).body.result!;
    const before = await search('price_desc');
    expect(before.items.length).toBeGreaterThan(1);
    const ix = await engine(env.db).index;
    const last = before.items[before.items.length - 1]!;
    // the cheapest of the first five becomes the dearest of all
    expect(await setArticlePrices(env.db, [{ artnr: last.Artikelnummer, preis: 99_999 }])).toEqual([last.Artikelnummer]);
    const after = await search('price_desc');
    expect(after.items[0]).toMatchObject({ Artikelnummer: last.Artikelnummer, Preis: 99_999 });
    expect(after.total).toBe(before.total);
    expect(await engine(env.db).index).toBe(ix); // the same index object: only the snapshot was reloaded
    // a word change still rebuilds it
    invalidate('articles', last.Artikelnummer);
    expect(await engine(env.db).index).not.toBe(ix);
  });
});

describe('guest answers from the cache', () => {
  it('a guest category page kept in the answer cache shows a new price at once, compressed or not', async () => {
    const art = await env.db.selectFrom('articles').select(['artnr', 'pg']).where('aus_sortiment', '=', 0).where('parent_artnr', 'is', null)
      .where('preis', '>', 1).orderBy('artnr').limit(1).executeTakeFirstOrThrow();
    const url = `/api/shop/category?pg=${art.pg}&sort=price_desc&pageSize=5`;
    /** the first item, as a guest asking with `enc` gets it (the kept bytes, decoded here) */
    const encodings: (string | null)[] = [];
    const first = async (enc?: 'br' | 'gzip') => {
      const r = await env.app.request(url, { headers: enc ? { 'accept-encoding': enc } : {} });
      expect(r.status).toBe(200);
      encodings.push(r.headers.get('content-encoding'));
      const bytes = Buffer.from(await r.arrayBuffer());
      const json = r.headers.get('content-encoding') === 'br' ? zlib.brotliDecompressSync(bytes) : r.headers.get('content-encoding') === 'gzip' ? zlib.gunzipSync(bytes) : bytes;
      return (JSON.parse(json.toString()) as { result: { items: { Artikelnummer: string; Preis: number }[] } }).result.items[0]!;
    };
    // asked often enough to be kept, and answered from the kept copies in every encoding
    for (let i = 0; i < 3; i++) for (const enc of ['br', 'gzip', undefined] as const) await first(enc);
    expect(encodings.slice(-3)).toEqual(['br', 'gzip', null]);
    expect((await first('br')).Artikelnummer).not.toBe(art.artnr);
    expect(await setArticlePrices(env.db, [{ artnr: art.artnr, preis: 88_888 }])).toEqual([art.artnr]);
    for (const enc of ['br', 'gzip', undefined] as const) expect(await first(enc)).toMatchObject({ Artikelnummer: art.artnr, Preis: 88_888 });
  });
});

describe('posting lists', () => {
  const docs = ['zahn zahnburste', 'zahnfarbe', 'bohrer', 'zahn bohrer', 'fraeser', 'z'].map((body, i) => ({ artnr: `A${i}`, numbers: [`a${i}`], body: body.split(' ') }));
  const ix = buildTermIndex(docs);
  const scan = (pred: (words: string[]) => boolean) => docs.flatMap((d, i) => (pred(d.body) ? [i] : []));

  it('matches a word as a prefix, a single letter and an exact word only as itself', () => {
    expect([...wordDocs(ix, 'zahn', false)]).toEqual(scan((w) => w.some((x) => x.startsWith('zahn'))));
    expect([...wordDocs(ix, 'zahn', true)]).toEqual(scan((w) => w.includes('zahn')));
    expect([...wordDocs(ix, 'z', false)]).toEqual(scan((w) => w.includes('z')));
    expect([...wordDocs(ix, 'nichts', false)]).toEqual([]);
  });

  it('unites and intersects ascending lists', () => {
    const big = buildTermIndex(Array.from({ length: 100 }, (_, i) => ({ artnr: `B${i}`, numbers: [], body: ['x'] })));
    expect([...union(big, [[1, 5, 9], [2, 5, 7], []])]).toEqual([1, 2, 5, 7, 9]);
    expect([...union(big, [Array.from({ length: 50 }, (_, i) => i * 2), Array.from({ length: 30 }, (_, i) => i * 3)])])
      .toEqual([...new Set([...Array.from({ length: 50 }, (_, i) => i * 2), ...Array.from({ length: 30 }, (_, i) => i * 3)])].sort((a, b) => a - b));
    expect([...intersect([1, 3, 5, 7], [3, 4, 5])]).toEqual([3, 5]);
    const long = Array.from({ length: 1000 }, (_, i) => i);
    expect([...intersect([2, 500, 999, 1500], long)]).toEqual([2, 500, 999]);
  });
});
