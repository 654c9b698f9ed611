import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLimitHolds, LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let arts: string[] = [];
let requestPrice = '';
let listId = 0;

beforeAll(async () => {
  env = await setupApi();
  const rows = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').orderBy('artnr', 'desc').limit(8).execute();
  arts = rows.map((r) => r.artnr);
  requestPrice = arts.pop()!;
  await env.db.updateTable('articles').set({ kat_preis: 0.02 }).where('artnr', '=', requestPrice).execute();
  a = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  await a.call('POST /api/wk/delete');
});
afterAll(async () => { await env.close(); });


describe('order lists', () => {
  it('GET favoriten/listen starts with the favourites list (id 0)', async () => {
    const r = await a.call('GET /api/favoriten/listen');
    expect(r.status).toBe(200);
    expect(r.body.result[0]).toMatchObject({ id: 0, name: 'favoriten' });
    expect(typeof r.body.result[0]!.count).toBe('number');
    expect((await env.client().call('GET /api/favoriten/listen')).status).toBe(401);
  });

  it('POST favoriten/listen creates a list; names must be 1–50 non-blank characters', async () => {
    const r = await a.call('POST /api/favoriten/listen', { body: { name: '  Keramik  ' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ name: 'Keramik', count: 0 });
    listId = r.body.result.id;
    for (const name of ['', '   ', 'x'.repeat(51), 12]) {
      const bad = await a.call('POST /api/favoriten/listen', { body: { name } as never });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('invalid_list_name');
    }
    expect((await a.post('/api/favoriten/listen', '{"name":')).body.error).toBe('invalid_json');
    const lists = (await a.call('GET /api/favoriten/listen')).body.result;
    expect(lists.some((l: any) => l.id === listId && l.name === 'Keramik')).toBe(true);
  });

  it('POST favoriten/{listId}/{artnr}/add adds once; twice is 409 error_art_in_liste', async () => {
    const r = await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: arts[0]! } });
    expect(r.status).toBe(200);
    expect(r.body.result.key).toBe('success_add_to_liste');
    const dup = await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: arts[0]! } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('error_art_in_liste');
    expect((await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId, artnr: arts[1]! }, body: { menge: 3 } })).status).toBe(200);
    expect((await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId, artnr: arts[2]! } })).status).toBe(200);
    expect((await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId, artnr: requestPrice } })).status).toBe(200);
  });

  it('rejects unknown articles (400), unknown lists (404) and bad quantities', async () => {
    const r = await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: 'NOPE-000000' } });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('error_artnr');
    expect((await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 99999999, artnr: arts[0]! } })).status).toBe(404);
    expect((await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: -1, artnr: arts[0]! } })).status).toBe(400);
    expect((await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: arts[3]! }, body: { menge: 1.5 } })).body.error).toBe('error_menge');
    expect((await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: arts[3]! }, body: { menge: 'x' } })).body.error).toBe('error_menge');
  });

  it('GET favoriten/liste/{listId} answers article items with menge', async () => {
    const r = await a.call('GET /api/favoriten/liste/:listId', { params: { listId } });
    expect(r.status).toBe(200);
    expect(r.body.result.name).toBe('Keramik');
    expect(r.body.result.items).toHaveLength(3);
    const it1 = r.body.result.items.find((i: any) => i.Artikelnummer === arts[1]);
    expect(it1).toMatchObject({ menge: 3 });
    expect(it1).toHaveProperty('Preis');
    expect((await a.call('GET /api/favoriten/liste/:listId', { params: { listId: 0 } })).body.result.items.some((i: any) => i.Artikelnummer === arts[0])).toBe(true);
    expect((await a.call('GET /api/favoriten/liste/:listId', { params: { listId: 99999999 } })).status).toBe(404);
    expect((await a.call('GET /api/favoriten/liste/:listId', { params: { listId: 'abc' } })).status).toBe(400);
  });

  it('PUT favoriten/{listId}/{artnr}/{qty} sets an item quantity', async () => {
    const r = await a.call('PUT /api/favoriten/:listId/:artnr/:qty', { params: { listId, artnr: arts[2]!, qty: 5 } });
    expect(r.status).toBe(200);
    expect(r.body.result.menge).toBe(5);
    expect((await a.call('PUT /api/favoriten/:listId/:artnr/:qty', { params: { listId, artnr: arts[2]!, qty: 0 } })).body.error).toBe('error_menge');
    expect((await a.call('PUT /api/favoriten/:listId/:artnr/:qty', { params: { listId, artnr: arts[2]!, qty: 1000 } })).body.error).toBe('error_menge');
    expect((await a.call('PUT /api/favoriten/:listId/:artnr/:qty', { params: { listId, artnr: arts[5]!, qty: 2 } })).status).toBe(404);
  });

  it('POST favoriten/liste/{listId}/wk puts the list into the basket', async () => {
    const r = await a.call('POST /api/favoriten/liste/:listId/wk', { params: { listId } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ count: 2, wkcounter: 2, skipped: [requestPrice] });
    const lines = (await a.call('GET /api/wkJSON/:language', { params: { language: 'D' } })).body.result;
    expect(lines.find((l: any) => l.Artikelnummer === arts[1])!.Menge).toBe(3);
    expect(lines.find((l: any) => l.Artikelnummer === arts[2])!.Menge).toBe(5);
    // again: quantities add up
    await a.call('POST /api/favoriten/liste/:listId/wk', { params: { listId } });
    expect((await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: arts[1]! } })).body.result[0]!.Menge).toBe(6);
    expect((await a.call('POST /api/favoriten/liste/:listId/wk', { params: { listId: 99999999 } })).status).toBe(404);
    // a line near the maximum takes what fits: 998 + 5 ends at 999, the others still add
    await a.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: arts[2]!, qty: 998 } });
    expect((await a.call('POST /api/favoriten/liste/:listId/wk', { params: { listId } })).body.result).toMatchObject({ count: 2, wkcounter: 2 });
    expect((await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: arts[2]! } })).body.result[0]!.Menge).toBe(999);
    expect((await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: arts[1]! } })).body.result[0]!.Menge).toBe(9);
    await a.call('POST /api/wk/delete');
  });

  it('PUT favoriten/listen/{id} renames', async () => {
    const r = await a.call('PUT /api/favoriten/listen/:id', { params: { id: listId }, body: { name: 'Keramik 2' } });
    expect(r.status).toBe(200);
    expect(r.body.result.name).toBe('Keramik 2');
    expect((await a.call('PUT /api/favoriten/listen/:id', { params: { id: listId }, body: { name: ' ' } })).body.error).toBe('invalid_list_name');
    expect((await a.call('PUT /api/favoriten/listen/:id', { params: { id: 0 }, body: { name: 'x' } })).status).toBe(400);
    expect((await a.call('PUT /api/favoriten/listen/:id', { params: { id: 99999999 }, body: { name: 'x' } })).status).toBe(404);
  });

  it('DELETE favoriten/{listId}/{artnr} removes an item', async () => {
    const r = await a.call('DELETE /api/favoriten/:listId/:artnr', { params: { listId, artnr: arts[2]! } });
    expect(r.status).toBe(200);
    expect(r.body.result.count).toBe(2);
    expect((await a.call('DELETE /api/favoriten/:listId/:artnr', { params: { listId, artnr: arts[2]! } })).status).toBe(404);
    expect((await a.del(`/api/favoriten/${listId}/bad$nr`)).body.error).toBe('error_artnr');
  });

  it('DELETE favoriten/listen/{id} deletes the list and its items', async () => {
    const r = await a.call('DELETE /api/favoriten/listen/:id', { params: { id: listId } });
    expect(r.status).toBe(200);
    expect((await a.call('GET /api/favoriten/liste/:listId', { params: { listId } })).status).toBe(404);
    const left = await env.db.selectFrom('order_list_items').select('artnr').where('list_id', '=', listId).execute();
    expect(left).toHaveLength(0);
    expect((await a.call('DELETE /api/favoriten/listen/:id', { params: { id: listId } })).status).toBe(404);
    expect((await a.call('DELETE /api/favoriten/listen/:id', { params: { id: 0 } })).status).toBe(400);
  });
});

describe("another customer's list", () => {
  it('cannot be added to, imported into or deleted by another customer (404) or a guest (401); nothing changes', async () => {
    const owner = env.client();
    expect((await owner.login(LAB_B)).status).toBe(200);
    const list = (await owner.call('POST /api/favoriten/listen', { body: { name: 'Nur meine' } })).body.result.id as number;
    expect((await owner.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: list, artnr: arts[0]! } })).status).toBe(200);
    const guest = env.client();
    for (const [c, status] of [[a, 404], [guest, 401]] as const) {
      expect((await c.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: list, artnr: arts[1]! } })).status).toBe(status);
      expect((await c.call('POST /api/schnellbestellung/liste', { body: { listId: list, lines: [{ artnr: arts[2]!, menge: 1 }] } })).status).toBe(status);
      expect((await c.call('DELETE /api/favoriten/listen/:id', { params: { id: list } })).status).toBe(status);
    }
    expect((await env.db.selectFrom('order_list_items').select('artnr').where('list_id', '=', list).execute()).map((r) => r.artnr)).toEqual([arts[0]]);
    expect((await owner.call('DELETE /api/favoriten/listen/:id', { params: { id: list } })).status).toBe(200);
  });
});

describe('a list deleted while items are added', () => {
  it('leaves no items of no list (the add answers 200 before or 404 after the deletion)', async () => {
    // the add checked the list, the deletion removed list and items, then the add's item was stored for a list that is gone
    for (let round = 0; round < 10; round++) {
      const list = (await a.call('POST /api/favoriten/listen', { body: { name: `Weg ${round}` } })).body.result.id as number;
      const [del, add, quick] = await Promise.all([
        a.call('DELETE /api/favoriten/listen/:id', { params: { id: list } }),
        a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: list, artnr: arts[0]! } }),
        a.call('POST /api/schnellbestellung/liste', { body: { listId: list, lines: [{ artnr: arts[1]!, menge: 2 }] } }),
      ]);
      expect(del.status).toBe(200);
      expect([200, 404]).toContain(add.status);
      expect([200, 404]).toContain(quick.status);
      expect(await env.db.selectFrom('order_list_items').select('artnr').where('list_id', '=', list).execute()).toEqual([]);
    }
  });
});

describe('the limits of order lists under parallel calls', () => {
  let lab: Client;
  beforeAll(async () => {
    lab = env.client();
    expect((await lab.login(LAB_B)).status).toBe(200);
  });

  it('parallel creates at 198 lists make exactly 200 (the others 400 too_many_lists)', async () => {
    await expectLimitHolds({
      max: 200,
      rows: () => env.db.selectFrom('order_lists').where('kdnr', '=', LAB_B),
      fill: async (missing) => {
        for (let i = 0; i < missing; i++) await env.db.insertInto('order_lists').values({ kdnr: LAB_B, name: `Filler ${i}`, created_at: new Date().toISOString() }).execute();
      },
      create: (round, i) => lab.call('POST /api/favoriten/listen', { body: { name: `Parallel ${round}-${i}` } }),
      refusal: [400, 'too_many_lists'],
      cleanUp: async () => { await env.db.deleteFrom('order_lists').where('kdnr', '=', LAB_B).where('name', 'like', 'Parallel %').execute(); },
    });
    await env.db.deleteFrom('order_lists').where('kdnr', '=', LAB_B).execute();
  });

  it('parallel adds at 998 items make exactly 1000 (the others 400 too_many_items)', async () => {
    const list = (await lab.call('POST /api/favoriten/listen', { body: { name: 'Voll' } })).body.result.id;
    await expectLimitHolds({
      max: 1000,
      rows: () => env.db.selectFrom('order_list_items').where('kdnr', '=', LAB_B).where('list_id', '=', list),
      fill: async (missing) => {
        const rows = Array.from({ length: missing }, (_, i) => ({ kdnr: LAB_B, list_id: list, artnr: `FILL-${i}`, menge: 1, added_at: new Date().toISOString() }));
        for (let i = 0; i < rows.length; i += 200) await env.db.insertInto('order_list_items').values(rows.slice(i, i + 200)).execute();
      },
      create: (_round, i) => lab.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: list, artnr: arts[i]! } }),
      refusal: [400, 'too_many_items'],
      cleanUp: async () => { await env.db.deleteFrom('order_list_items').where('kdnr', '=', LAB_B).where('list_id', '=', list).where('artnr', 'not like', 'FILL-%').execute(); },
    });
  });
});
