import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let arts: string[] = [];
let requestPrice = '';
let outOfRange = '';

beforeAll(async () => {
  env = await setupApi();
  const rows = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').orderBy('artnr').limit(12).execute();
  arts = rows.map((r) => r.artnr);
  // this private copy: one request-price and one out-of-range article
  requestPrice = arts.pop()!;
  outOfRange = arts.pop()!;
  await env.db.updateTable('articles').set({ preis: 0.01 }).where('artnr', '=', requestPrice).execute();
  await env.db.updateTable('articles').set({ aus_sortiment: 1 }).where('artnr', '=', outOfRange).execute();
  a = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  await a.call('POST /api/wk/delete');
});
afterAll(async () => { await env.close(); });

const enc = encodeURIComponent;

describe('basket', () => {
  it('needs a login', async () => {
    const g = env.client();
    expect((await g.call('GET /api/wk/anz')).status).toBe(401);
    expect((await g.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[0]!), qty: '1' } })).status).toBe(401);
    expect((await g.call('GET /api/wkJSON/:language', { params: { language: 'D' } })).status).toBe(401);
  });

  it('POST wk/{artnr}/add/{qty} adds and answers wkcounter and the line', async () => {
    const r = await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[0]!), qty: '2' } });
    expect(r.status).toBe(200);
    expect(r.body.result.wkcounter).toBe(1);
    expect(r.body.result.line).toMatchObject({ Artikelnummer: arts[0], Menge: 2 });
    expect(r.body.result.line.Gesamtpreis).toBeCloseTo(r.body.result.line.Einzelpreis * 2, 2);
    const again = await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[0]!), qty: '3' } });
    expect(again.body.result).toMatchObject({ wkcounter: 1, line: { Menge: 5 } });
  });

  it('the add with 5 variant values stores them on the line', async () => {
    const r = await a.call('POST /api/wk/:artnr/add/:qty/:v1/:v2/:v3/:v4/:v5', { params: { artnr: enc(arts[1]!), qty: '1', v1: 'A1', v2: 'VITA', v3: '28', v4: 'OK', v5: '-' } });
    expect(r.status).toBe(200);
    expect(r.body.result.wkcounter).toBe(2);
    const lines = (await a.call('GET /api/wkJSON/:language', { params: { language: 'D' } })).body.result;
    const line = lines.find((l: any) => l.Artikelnummer === arts[1]);
    expect(line!.Varianten).toEqual(['A1', 'VITA', '28', 'OK', '']);
  });

  it('rejects bad quantities with error_menge', async () => {
    for (const q of ['0', '-1', '1.5', 'abc', '1000', '99999999999', '1e2']) {
      const r = await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[0]!), qty: q } });
      expect(r.status, q).toBe(400);
      expect(r.body.error, q).toBe('error_menge');
    }
    const s = await a.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: enc(arts[0]!), qty: '0' } });
    expect(s.body.error).toBe('error_menge');
  });

  it('keeps a line at 999 at most', async () => {
    await a.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: enc(arts[2]!), qty: '998' } });
    const r = await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[2]!), qty: '2' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('error_menge');
    const ok = await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[2]!), qty: '1' } });
    expect(ok.body.result.line.Menge).toBe(999);
    await a.call('POST /api/wk/:artnr/delete', { params: { artnr: enc(arts[2]!) } });
  });

  it('rejects unknown, out-of-range and request-price articles with error_artnr', async () => {
    for (const nr of ['NOPE-0000000', outOfRange, requestPrice, 'x'.repeat(41), 'bad$char']) {
      const r = await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(nr), qty: '1' } });
      expect(r.status, nr).toBe(400);
      expect(r.body.error, nr).toBe('error_artnr');
    }
  });

  it('GET wk/anz counts the lines', async () => {
    const r = await a.call('GET /api/wk/anz');
    expect(r.status).toBe(200);
    expect(r.body.result).toBe(2);
  });

  it('GET wkJSON/{letter} lists lines with article fields in the letter\'s language', async () => {
    const r = await a.call('GET /api/wkJSON/:language', { params: { language: 'E' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toHaveLength(2);
    const l = r.body.result[0];
    for (const k of ['Artikelnummer', 'Bezeichnung', 'Gebinde', 'Menge', 'Einzelpreis', 'Gesamtpreis', 'vkz', 'Lieferstatus', 'Waehrung', 'Preis', 'KatPreis', 'Rabatt', 'PG']) {
      expect(l, k).toHaveProperty(k);
    }
    expect((await a.call('GET /api/wkJSON/:language', { params: { language: 'Q' } })).status).toBe(400);
    expect((await a.call('GET /api/wkJSON/:language', { params: { language: 'DEU' } })).status).toBe(400);
  });

  it('GET wkJSON/{language}/{artnr} answers the one line (the cart panel quantity)', async () => {
    const r = await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: enc(arts[0]!) } });
    expect(r.status).toBe(200);
    expect(r.body.result).toHaveLength(1);
    expect(r.body.result[0]!.Menge).toBe(5);
    const none = await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'de', id: enc(arts[5]!) } });
    expect(none.body.result).toEqual([]);
    expect((await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: 'bad$' } })).body.error).toBe('error_artnr');
  });

  it('POST wk/{artnr}/set/{qty} sets the quantity', async () => {
    const r = await a.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: enc(arts[0]!), qty: '7' } });
    expect(r.status).toBe(200);
    expect(r.body.result.line.Menge).toBe(7);
    expect((await a.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: enc(arts[0]!), qty: '-3' } })).body.error).toBe('error_menge');
  });

  it('POST wk/{artnr}/setLager/… sets the quantity with the stock origin', async () => {
    const r = await a.call('POST /api/wk/:artnr/setLager/:qty/:schrank/:schublade/:zeile/:spalte/:lager/:flag', { params: { artnr: enc(arts[3]!), qty: '4', schrank: '0', schublade: '0', zeile: '1', spalte: '2', lager: 'L1', flag: '1' } });
    expect(r.status).toBe(200);
    expect(r.body.result.line.Menge).toBe(4);
    const line = (await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: enc(arts[3]!) } })).body.result[0];
    expect(line!.Lager).toMatchObject({ zeile: 1, spalte: 2, lager: 'L1', flag: 1 });
    expect((await a.call('POST /api/wk/:artnr/setLager/:qty/:schrank/:schublade/:zeile/:spalte/:lager/:flag', { params: { artnr: enc(arts[3]!), qty: '4', schrank: '0', schublade: '0', zeile: '1', spalte: '2', lager: 'L1', flag: '7' } })).status).toBe(400);
    expect((await a.call('POST /api/wk/:artnr/setLager/:qty/:schrank/:schublade/:zeile/:spalte/:lager/:flag', { params: { artnr: enc(arts[3]!), qty: '1000', schrank: '0', schublade: '0', zeile: '1', spalte: '2', lager: 'L1', flag: '1' } })).body.error).toBe('error_menge');
    // a drawer that is not the customer's
    const r404 = await a.call('POST /api/wk/:artnr/setLager/:qty/:schrank/:schublade/:zeile/:spalte/:lager/:flag', { params: { artnr: enc(arts[3]!), qty: '4', schrank: '1', schublade: '999999999', zeile: '1', spalte: '2', lager: 'L1', flag: '1' } });
    expect(r404.status).toBe(404);
  });

  it('POST wk/{artnr}/delete/{6 params} removes the line', async () => {
    const r = await a.call('POST /api/wk/:artnr/delete/:p1/:p2/:p3/:p4/:p5/:p6', { params: { artnr: enc(arts[3]!), p1: '0', p2: '0', p3: '1', p4: '2', p5: 'L1', p6: '1' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ wkcounter: 2, removed: true });
    const again = await a.call('POST /api/wk/:artnr/delete/:p1/:p2/:p3/:p4/:p5/:p6', { params: { artnr: enc(arts[3]!), p1: '0', p2: '0', p3: '0', p4: '0', p5: '0', p6: '0' } });
    expect(again.body.result.removed).toBe(false);
    expect((await a.call('POST /api/wk/:artnr/delete/:p1/:p2/:p3/:p4/:p5/:p6', { params: { artnr: 'NOPE-0000000', p1: '0', p2: '0', p3: '0', p4: '0', p5: '0', p6: '0' } })).body.error).toBe('error_artnr');
  });

  it('POST wk/delete empties the basket', async () => {
    const r = await a.call('POST /api/wk/delete');
    expect(r.status).toBe(200);
    expect(r.body.result.wkcounter).toBe(0);
    expect((await a.call('GET /api/wk/anz')).body.result).toBe(0);
  });

  it('never answers 5xx to odd input', async () => {
    for (const p of [`/api/wk/${enc(arts[0]!)}/add/`, '/api/wk/%00/add/1', `/api/wk/${enc(arts[0]!)}/add/1/${'v'.repeat(41)}/a/b/c/d`]) {
      const r = await a.post(p);
      expect(r.status, p).toBeLessThan(500);
      expect(r.status, p).toBeGreaterThanOrEqual(400);
    }
  });

  it('keeps baskets of customers apart', async () => {
    const b = env.client();
    await b.login(LAB_B);
    await b.call('POST /api/wk/delete');
    await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[4]!), qty: '1' } });
    expect((await b.call('GET /api/wk/anz')).body.result).toBe(0);
    expect((await b.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: enc(arts[4]!) } })).body.result).toEqual([]);
    await a.call('POST /api/wk/delete');
  });

  it('concurrent adds share a commit, but a bad add fails alone and changes nothing', async () => {
    const b = env.client();
    expect((await b.login(LAB_B)).status).toBe(200);
    await a.call('POST /api/wk/delete');
    await b.call('POST /api/wk/delete');
    expect((await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[1]!), qty: '990' } })).status).toBe(200);
    const [ok1, badArt, tooMany, ok2, other] = await Promise.all([
      a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[0]!), qty: '2' } }),
      a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(outOfRange), qty: '1' } }),
      a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[1]!), qty: '10' } }),
      a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[2]!), qty: '3' } }),
      b.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[0]!), qty: '5' } }),
    ]);
    expect([ok1.status, badArt.status, badArt.body.error, tooMany.status, tooMany.body.error, ok2.status, other.status])
      .toEqual([200, 400, 'error_artnr', 400, 'error_menge', 200, 200]);
    // the count after the batch: both adds committed together answer the cart's 3 lines (one after the other: 2, 3)
    expect([[3, 3], [2, 3]]).toContainEqual([ok1.body.result.wkcounter, ok2.body.result.wkcounter].sort());
    expect(other.body.result).toMatchObject({ wkcounter: 1, line: { Menge: 5 } });
    const rows = await env.db.selectFrom('cart_items').select(['artnr', 'menge']).where('kdnr', '=', LAB_A).orderBy('artnr').execute();
    expect(rows).toEqual([{ artnr: arts[0], menge: 2 }, { artnr: arts[1], menge: 990 }, { artnr: arts[2], menge: 3 }].sort((x, y) => (x.artnr! < y.artnr! ? -1 : 1)));
    await a.call('POST /api/wk/delete');
    await b.call('POST /api/wk/delete');
  });

  // speed is the benchmark's business (npm run bench -- cart); here: 100 concurrent adds per round from
  // several sessions of two customers all land, each exactly once, in the right cart
  it('100 concurrent adds per round: every add lands once, in its own customer\'s cart', async () => {
    const clients: Client[] = [];
    for (let i = 0; i < 10; i++) { const c = env.client(); await c.login(i % 2 ? LAB_A : LAB_B); clients.push(c); }
    await clients[0]!.call('POST /api/wk/delete');
    await clients[1]!.call('POST /api/wk/delete');
    const expected = new Map<string, number>();
    for (let round = 0; round < 5; round++) {
      await Promise.all(Array.from({ length: 100 }, async (_, i) => {
        const r = await clients[i % clients.length]!.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: enc(arts[i % 8]!), qty: '1' } });
        expect(r.status).toBe(200);
      }));
      for (let i = 0; i < 100; i++) {
        const key = `${i % 2 ? LAB_A : LAB_B}:${arts[i % 8]}`;
        expected.set(key, (expected.get(key) ?? 0) + 1);
      }
    }
    const rows = await env.db.selectFrom('cart_items').select(['kdnr', 'artnr', 'menge']).where('kdnr', 'in', [LAB_A, LAB_B]).execute();
    expect(new Map(rows.map((r) => [`${r.kdnr}:${r.artnr}`, Number(r.menge)]))).toEqual(expected);
    await clients[0]!.call('POST /api/wk/delete');
    await clients[1]!.call('POST /api/wk/delete');
  });
});
