// Property values in the page's language: the category filter and the article's properties word a value
// in the language (property_texts), while the filter keeps sending the stored value, so a French lab
// filtering "plastique" gets the same articles as a German lab filtering "Kunststoff".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeset } from '#rules/typeset.ts';
import { setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

interface Facet { prop: string; values: { value: string; label: string; count: number }[] }
const facets = async (query: Record<string, string>) => {
  const r = await env.client().call('GET /api/shop/category', { query: query as never });
  expect(r.status).toBe(200);
  return r.body.result as { total: number; items: { Artikelnummer: string }[]; filters: { eigenschaften: Facet[] } };
};
const value = (f: Facet[], prop: string, v: string) => f.find((e) => e.prop === prop)?.values.find((x) => x.value === v);

describe('property values in the page\'s language', () => {
  it('the filter words each value in French, German as stored, and filters by the stored value', async () => {
    const { pg } = await env.db.selectFrom('article_properties as p').innerJoin('articles as a', 'a.artnr', 'p.artnr').select('a.pg')
      .where('p.prop', '=', 'material').where('p.value', '=', 'Kunststoff').where('a.parent_artnr', 'is', null).executeTakeFirstOrThrow();
    const [fr, de] = [await facets({ pg: String(pg), lang: 'fr' }), await facets({ pg: String(pg), lang: 'de' })];
    expect(value(fr.filters.eigenschaften, 'material', 'Kunststoff')).toMatchObject({ label: 'plastique' });
    expect(value(de.filters.eigenschaften, 'material', 'Kunststoff')).toMatchObject({ label: 'Kunststoff' });
    const filtered = await facets({ pg: String(pg), lang: 'fr', eigenschaften: 'material:Kunststoff' });
    const filteredDe = await facets({ pg: String(pg), lang: 'de', eigenschaften: 'material:Kunststoff' });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.items.map((i) => i.Artikelnummer)).toEqual(filteredDe.items.map((i) => i.Artikelnummer));
  });

  it('no German unit or word is left where the language has its own, and codes read the same', async () => {
    const rows = await env.db.selectFrom('property_texts').select(['prop', 'value', 'text']).where('lang', '=', 'fr').execute();
    expect(rows.find((r) => r.prop === 'inhalt' && r.value === '1 Stk')?.text).toBe('1\u00a0pièce');
    expect(rows.find((r) => r.prop === 'kiefer' && r.value === 'OK')?.text).toBe('sup.');
    expect(rows.some((r) => r.prop === 'form' || r.prop === 'geraet')).toBe(false);
    // sizes take the language's decimal separator: English writes a point
    const en = await env.db.selectFrom('property_texts').select(['value', 'text']).where('lang', '=', 'en').where('prop', '=', 'durchmesser').execute();
    expect(en.length).toBeGreaterThan(0);
    for (const r of en) expect(r.text).toBe(typeset(r.value.replace(',', '.'), 'en'));
  });

  it('the article\'s properties carry the wording of the language', async () => {
    const { artnr } = await env.db.selectFrom('article_properties').select('artnr').where('prop', '=', 'material').where('value', '=', 'Kunststoff').executeTakeFirstOrThrow();
    const r = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr, country: 'de', language: 'fr' } });
    expect(r.status).toBe(200);
    expect(r.body.result.properties.find((p: { prop: string }) => p.prop === 'material')).toEqual({ prop: 'material', value: 'Kunststoff', label: 'plastique' });
  });
});
