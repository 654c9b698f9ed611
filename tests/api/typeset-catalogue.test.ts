// Catalogue texts are stored typeset: the seed writes them so, and migration 0013 brings a database seeded
// before to the same form, on SQLite and PostgreSQL alike, touching nothing but the spaces it must.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../server/db/migrations/0013_typeset_catalogue.ts';
import { setupApi, type TestEnv } from './harness.ts';

let env: TestEnv;
beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

const NB = '\u00a0';
const plain = (s: string) => s.replaceAll(NB, ' ');

describe('catalogue texts keep a number with its unit', () => {
  it('the seed stores designations typeset, and the API answers them so', async () => {
    const rows = await env.db.selectFrom('articles').select(['artnr', 'bezeichnung']).where('bezeichnung', 'like', `%${NB}%`).limit(5).execute();
    expect(rows.length).toBe(5);
    for (const r of rows) expect(r.bezeichnung).not.toMatch(/\d (?:mm|g|kg|ml|Stk)(?![\p{L}\d])/u);
    const detail = await env.client().call('GET /api/artikel/:artnr/:country/:language', { params: { artnr: rows[0]!.artnr, country: 'de', language: 'de' } });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body.result)).toContain(rows[0]!.bezeichnung);
  });

  it('the migration typesets texts written with plain spaces, and nothing else', async () => {
    const art = (await env.db.selectFrom('articles').select(['artnr', 'bezeichnung']).where('bezeichnung', 'like', `%${NB}%`).orderBy('artnr').executeTakeFirstOrThrow());
    const text = await env.db.selectFrom('article_texts').select(['lang', 'bezeichnung', 'beschreibung'])
      .where('artnr', '=', art.artnr).where('lang', '=', 'fr').executeTakeFirstOrThrow();
    const line = await env.db.selectFrom('order_lines').select(['order_id', 'pos', 'bezeichnung']).where('bezeichnung', 'like', `%${NB}%`).executeTakeFirstOrThrow();
    const untouched = await env.db.selectFrom('articles').select(['artnr', 'bezeichnung']).where('bezeichnung', 'not like', `%${NB}%`).executeTakeFirstOrThrow();
    // as a database seeded before typesetting holds them
    await env.db.updateTable('articles').set({ bezeichnung: plain(art.bezeichnung) }).where('artnr', '=', art.artnr).execute();
    await env.db.updateTable('article_texts').set({ bezeichnung: plain(text.bezeichnung), beschreibung: `${plain(text.beschreibung)} Total : 4 g !` })
      .where('artnr', '=', art.artnr).where('lang', '=', 'fr').execute();
    await env.db.updateTable('order_lines').set({ bezeichnung: plain(line.bezeichnung) }).where('order_id', '=', line.order_id).where('pos', '=', line.pos).execute();

    await up(env.db as never);

    expect((await env.db.selectFrom('articles').select('bezeichnung').where('artnr', '=', art.artnr).executeTakeFirstOrThrow()).bezeichnung).toBe(art.bezeichnung);
    const fr = await env.db.selectFrom('article_texts').select(['bezeichnung', 'beschreibung']).where('artnr', '=', art.artnr).where('lang', '=', 'fr').executeTakeFirstOrThrow();
    expect(fr.bezeichnung).toBe(text.bezeichnung);
    expect(fr.beschreibung).toBe(`${text.beschreibung} Total${NB}: 4${NB}g${NB}!`);
    expect((await env.db.selectFrom('order_lines').select('bezeichnung').where('order_id', '=', line.order_id).where('pos', '=', line.pos)
      .executeTakeFirstOrThrow()).bezeichnung).toBe(line.bezeichnung);
    expect((await env.db.selectFrom('articles').select('bezeichnung').where('artnr', '=', untouched.artnr).executeTakeFirstOrThrow()).bezeichnung)
      .toBe(untouched.bezeichnung);
  });
});
