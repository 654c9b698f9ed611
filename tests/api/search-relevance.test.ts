// Search that speaks dental: the relevance set (search-relevance.cases.ts) on the test seed, through
// the search API, on SQLite FTS5 and (TEST_DATABASE_URL) PostgreSQL; plus the rules around it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { setupApi, type TestEnv } from './harness.ts';
import { STATIC_CASES, codeCases, judge, type RelevanceCase } from './search-relevance.cases.ts';
import { buildDictionary, expandQuery, stem } from '../../server/search/synonyms.ts';
import { UI_LANGUAGES } from '../../src/i18n/languages.ts';

let env: TestEnv;
let katOf: Map<string, number>;
beforeAll(async () => {
  env = await setupApi();
  katOf = new Map((await env.db.selectFrom('articles').select(['artnr', 'kat_id']).execute()).map((r) => [r.artnr, r.kat_id]));
});
afterAll(async () => { await env?.close(); });

async function top10(q: string): Promise<{ artnr: string; kat: number }[]> {
  const r = await env.client().get(`/api/suche/de?q=${encodeURIComponent(q)}&limit=10`);
  expect(r.status).toBe(200);
  return (r.body.result.items as { Artikelnummer: string }[]).map((i) => ({ artnr: i.Artikelnummer, kat: katOf.get(i.Artikelnummer) ?? -1 }));
}

describe('search relevance set', () => {
  it('has at least 40 queries', () => { expect(STATIC_CASES.length + 3).toBeGreaterThanOrEqual(40); });

  it.each(STATIC_CASES.map((c) => [c.q, c] as const))('%s', async (_q, c: RelevanceCase) => {
    const r = judge(c, await top10(c.q));
    expect(r.ok, `${c.q}: ${r.why}`).toBe(true);
  });

  it('resolves GTIN, GS1 and HIBC codes to their article', async () => {
    for (const c of await codeCases(env.db)) {
      const r = judge(c, await top10(c.q));
      expect(r.ok, `${c.q}: ${r.why}`).toBe(true);
    }
  });
});

describe('search rules', () => {
  it('never "corrects" a trade word into an unrelated one', async () => {
    const r = await env.client().get('/api/suche/de?q=Bohrer&limit=10');
    expect(r.body.result.corrected).toBeNull();
    expect(r.body.result.total).toBeGreaterThan(50);
    for (const i of r.body.result.items) expect(i.Bezeichnung).not.toMatch(/bonder/i);
  });

  it('corrects a typo only to a word that finds something', async () => {
    const r = await env.client().get('/api/suche/de?q=Zirkonoxyd&limit=10');
    expect(r.body.result.corrected).toBe('zirkonoxid');
    const none = await env.client().get('/api/suche/de?q=Qxzvbwt&limit=10');
    expect(none.body.result.total).toBe(0);
    expect(none.body.result.corrected).toBeNull();
  });

  it('falls back to the articles with most of the words, best first', async () => {
    const names: string[] = [];
    for (const offset of [0, 10, 20, 30]) {
      const r = await env.client().get(`/api/suche/de?q=${encodeURIComponent('Superhartgips Klasse 4 Sonderfarbe')}&limit=10&offset=${offset}`);
      names.push(...(r.body.result.items as { Bezeichnung: string }[]).map((i) => i.Bezeichnung));
    }
    expect(names.length).toBeGreaterThan(10);
    // every article with all three known words comes before any with fewer
    const full = names.map((n) => /Superhartgips/.test(n) && /Klasse 4/.test(n));
    expect(full.indexOf(false) === -1 || full.lastIndexOf(true) < full.indexOf(false)).toBe(true);
  });

  it('folds plurals and umlauts to stems that are prefixes of the word', () => {
    expect(stem('zahne')).toBe('zahn');
    expect(stem('garnituren')).toBe('garnitur');
    expect(stem('frasern')).toBe('fraser');
    expect(stem('fraser')).toBe('fraser');
    expect(stem('bohrer')).toBe('bohrer');
    expect(stem('zro2')).toBe('zro2');
    expect(stem('zirkon')).toBe('zirkon');
  });

  it('has a dictionary file for every interface language, each a list of word groups', () => {
    // the server skips a file that does not parse (with a log line only): a broken file would go unnoticed
    const dir = path.resolve(import.meta.dirname, '../../server/search/synonyms');
    for (const l of UI_LANGUAGES) {
      const groups = (JSON.parse(fs.readFileSync(path.join(dir, `${l}.json`), 'utf8')) as { groups?: unknown }).groups;
      const ok = Array.isArray(groups) && groups.length > 0 && groups.every((g) => Array.isArray(g) && g.length >= 2 && g.every((w) => typeof w === 'string' && w.trim() !== ''));
      expect(ok, `${l}.json`).toBe(true);
    }
  });

  it('reads the dictionary as groups merged across files, longest phrase first', () => {
    const dict = buildDictionary([['Bohrer', 'Fräser'], ['bur', 'Fräser'], ['Klasse 4', 'Typ 4']]);
    const words = expandQuery(['bohrern', 'klasse', '4'], dict);
    expect(words.map((w) => w.text)).toEqual(['bohrern', 'klasse 4']);
    expect(words[0]!.alternatives.map((a) => a.join(' ')).sort()).toEqual(['bohrer', 'bur', 'fraser']);
    expect(words[1]!.alternatives.map((a) => a.join(' ')).sort()).toEqual(['klass 4', 'typ 4']);
    expect(words.every((w) => w.known)).toBe(true);
  });
});
