import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, setupApi, type Client, type TestEnv } from './harness.ts';

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
  await a.post('/api/wk/delete');
});
afterAll(async () => { await env.close(); });

const enc = encodeURIComponent;

describe('order lists', () => {
  it('GET favoriten/listen starts with the favourites list (id 0)', async () => {
    const r = await a.get('/api/favoriten/listen');
    expect(r.status).toBe(200);
    expect(r.body.result[0]).toMatchObject({ id: 0, name: 'favoriten' });
    expect(typeof r.body.result[0].count).toBe('number');
    expect((await env.client().get('/api/favoriten/listen')).status).toBe(401);
  });

  it('POST favoriten/listen creates a list; names must be 1–50 non-blank characters', async () => {
    const r = await a.post('/api/favoriten/listen', { name: '  Keramik  ' });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ name: 'Keramik', count: 0 });
    listId = r.body.result.id;
    for (const name of ['', '   ', 'x'.repeat(51), 12]) {
      const bad = await a.post('/api/favoriten/listen', { name });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('invalid_list_name');
    }
    expect((await a.post('/api/favoriten/listen', '{"name":')).body.error).toBe('invalid_json');
    const lists = (await a.get('/api/favoriten/listen')).body.result;
    expect(lists.some((l: any) => l.id === listId && l.name === 'Keramik')).toBe(true);
  });

  it('POST favoriten/{listId}/{artnr}/add adds once; twice is 409 error_art_in_liste', async () => {
    const r = await a.post(`/api/favoriten/0/${enc(arts[0]!)}/add`);
    expect(r.status).toBe(200);
    expect(r.body.result.key).toBe('success_add_to_liste');
    const dup = await a.post(`/api/favoriten/0/${enc(arts[0]!)}/add`);
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('error_art_in_liste');
    expect((await a.post(`/api/favoriten/${listId}/${enc(arts[1]!)}/add`, { menge: 3 })).status).toBe(200);
    expect((await a.post(`/api/favoriten/${listId}/${enc(arts[2]!)}/add`)).status).toBe(200);
    expect((await a.post(`/api/favoriten/${listId}/${enc(requestPrice)}/add`)).status).toBe(200);
  });

  it('rejects unknown articles (400), unknown lists (404) and bad quantities', async () => {
    const r = await a.post('/api/favoriten/0/NOPE-000000/add');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('error_artnr');
    expect((await a.post(`/api/favoriten/99999999/${enc(arts[0]!)}/add`)).status).toBe(404);
    expect((await a.post(`/api/favoriten/-1/${enc(arts[0]!)}/add`)).status).toBe(400);
    expect((await a.post(`/api/favoriten/0/${enc(arts[3]!)}/add`, { menge: 1.5 })).body.error).toBe('error_menge');
    expect((await a.post(`/api/favoriten/0/${enc(arts[3]!)}/add`, { menge: 'x' })).body.error).toBe('error_menge');
  });

  it('GET favoriten/liste/{listId} answers article items with menge', async () => {
    const r = await a.get(`/api/favoriten/liste/${listId}`);
    expect(r.status).toBe(200);
    expect(r.body.result.name).toBe('Keramik');
    expect(r.body.result.items).toHaveLength(3);
    const it1 = r.body.result.items.find((i: any) => i.Artikelnummer === arts[1]);
    expect(it1).toMatchObject({ menge: 3 });
    expect(it1).toHaveProperty('Preis');
    expect((await a.get('/api/favoriten/liste/0')).body.result.items.some((i: any) => i.Artikelnummer === arts[0])).toBe(true);
    expect((await a.get('/api/favoriten/liste/99999999')).status).toBe(404);
    expect((await a.get('/api/favoriten/liste/abc')).status).toBe(400);
  });

  it('PUT favoriten/{listId}/{artnr}/{qty} sets an item quantity', async () => {
    const r = await a.put(`/api/favoriten/${listId}/${enc(arts[2]!)}/5`);
    expect(r.status).toBe(200);
    expect(r.body.result.menge).toBe(5);
    expect((await a.put(`/api/favoriten/${listId}/${enc(arts[2]!)}/0`)).body.error).toBe('error_menge');
    expect((await a.put(`/api/favoriten/${listId}/${enc(arts[2]!)}/1000`)).body.error).toBe('error_menge');
    expect((await a.put(`/api/favoriten/${listId}/${enc(arts[5]!)}/2`)).status).toBe(404);
  });

  it('POST favoriten/liste/{listId}/wk puts the list into the basket', async () => {
    const r = await a.post(`/api/favoriten/liste/${listId}/wk`);
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ count: 2, wkcounter: 2, skipped: [requestPrice] });
    const lines = (await a.get('/api/wkJSON/D')).body.result;
    expect(lines.find((l: any) => l.Artikelnummer === arts[1]).Menge).toBe(3);
    expect(lines.find((l: any) => l.Artikelnummer === arts[2]).Menge).toBe(5);
    // again: quantities add up
    await a.post(`/api/favoriten/liste/${listId}/wk`);
    expect((await a.get(`/api/wkJSON/D/${enc(arts[1]!)}`)).body.result[0].Menge).toBe(6);
    expect((await a.post('/api/favoriten/liste/99999999/wk')).status).toBe(404);
    await a.post('/api/wk/delete');
  });

  it('PUT favoriten/listen/{id} renames', async () => {
    const r = await a.put(`/api/favoriten/listen/${listId}`, { name: 'Keramik 2' });
    expect(r.status).toBe(200);
    expect(r.body.result.name).toBe('Keramik 2');
    expect((await a.put(`/api/favoriten/listen/${listId}`, { name: ' ' })).body.error).toBe('invalid_list_name');
    expect((await a.put('/api/favoriten/listen/0', { name: 'x' })).status).toBe(400);
    expect((await a.put('/api/favoriten/listen/99999999', { name: 'x' })).status).toBe(404);
  });

  it('DELETE favoriten/{listId}/{artnr} removes an item', async () => {
    const r = await a.del(`/api/favoriten/${listId}/${enc(arts[2]!)}`);
    expect(r.status).toBe(200);
    expect(r.body.result.count).toBe(2);
    expect((await a.del(`/api/favoriten/${listId}/${enc(arts[2]!)}`)).status).toBe(404);
    expect((await a.del(`/api/favoriten/${listId}/bad$nr`)).body.error).toBe('error_artnr');
  });

  it('DELETE favoriten/listen/{id} deletes the list and its items', async () => {
    const r = await a.del(`/api/favoriten/listen/${listId}`);
    expect(r.status).toBe(200);
    expect((await a.get(`/api/favoriten/liste/${listId}`)).status).toBe(404);
    const left = await env.db.selectFrom('order_list_items').select('artnr').where('list_id', '=', listId).execute();
    expect(left).toHaveLength(0);
    expect((await a.del(`/api/favoriten/listen/${listId}`)).status).toBe(404);
    expect((await a.del('/api/favoriten/listen/0')).status).toBe(400);
  });
});
