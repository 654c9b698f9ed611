// Customer 654321 can never read or change 123456's basket, order lists or sub-users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let art = '';
let listA = 0;
let subA = 0;

beforeAll(async () => {
  env = await setupApi();
  const row = await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').limit(1).executeTakeFirstOrThrow();
  art = row.artnr;
  a = env.client();
  b = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
  await a.post('/api/wk/delete');
  await b.post('/api/wk/delete');
  await a.post(`/api/wk/${encodeURIComponent(art)}/add/3`);
  listA = (await a.post('/api/favoriten/listen', { name: 'Nur A' })).body.result.id;
  await a.post(`/api/favoriten/${listA}/${encodeURIComponent(art)}/add`);
  subA = (await a.post('/api/user/subusers', { vorname: 'Anna', nachname: 'A', funktionen: ['K09'] })).body.result.id;
});
afterAll(async () => { await env.close(); });

const enc = encodeURIComponent;

describe('isolation between customers', () => {
  it('basket: B sees and changes only its own', async () => {
    expect((await b.get('/api/wk/anz')).body.result).toBe(0);
    expect((await b.get('/api/wkJSON/D')).body.result).toEqual([]);
    expect((await b.get(`/api/wkJSON/D/${enc(art)}`)).body.result).toEqual([]);
    await b.post(`/api/wk/${enc(art)}/set/9`);
    await b.post(`/api/wk/${enc(art)}/delete/0/0/0/0/0/0`);
    await b.post('/api/wk/delete');
    const mine = (await a.get(`/api/wkJSON/D/${enc(art)}`)).body.result;
    expect(mine).toHaveLength(1);
    expect(mine[0].Menge).toBe(3);
  });

  it('order lists: A\'s list is 404 for B in every call', async () => {
    const lists = (await b.get('/api/favoriten/listen')).body.result;
    expect(lists.some((l: any) => l.id === listA)).toBe(false);
    expect((await b.get(`/api/favoriten/liste/${listA}`)).status).toBe(404);
    expect((await b.post(`/api/favoriten/${listA}/${enc(art)}/add`)).status).toBe(404);
    expect((await b.put(`/api/favoriten/${listA}/${enc(art)}/5`)).status).toBe(404);
    expect((await b.del(`/api/favoriten/${listA}/${enc(art)}`)).status).toBe(404);
    expect((await b.put(`/api/favoriten/listen/${listA}`, { name: 'Gekapert' })).status).toBe(404);
    expect((await b.del(`/api/favoriten/listen/${listA}`)).status).toBe(404);
    expect((await b.post(`/api/favoriten/liste/${listA}/wk`)).status).toBe(404);
    expect((await b.get('/api/wk/anz')).body.result).toBe(0);
    const still = (await a.get(`/api/favoriten/liste/${listA}`)).body.result;
    expect(still.name).toBe('Nur A');
    expect(still.items).toHaveLength(1);
    expect(still.items[0].menge).toBe(1);
  });

  it('favourites (list 0) are per customer', async () => {
    await a.post(`/api/favoriten/0/${enc(art)}/add`);
    const bFav = (await b.get('/api/favoriten/liste/0')).body.result.items;
    expect(bFav.some((i: any) => i.Artikelnummer === art)).toBe(false);
    // B adding the same article to its own favourites is not a conflict with A's
    expect((await b.post(`/api/favoriten/0/${enc(art)}/add`)).status).toBe(200);
    await b.del(`/api/favoriten/0/${enc(art)}`);
    expect((await a.get('/api/favoriten/liste/0')).body.result.items.some((i: any) => i.Artikelnummer === art)).toBe(true);
  });

  it('sub-users: A\'s sub-users are 404 for B', async () => {
    const list = (await b.get('/api/user/subusers')).body.result;
    expect(list.some((u: any) => u.id === subA)).toBe(false);
    expect((await b.get(`/api/logbook/user/${subA}`)).status).toBe(404);
    expect((await b.put(`/api/user/subusers/${subA}`, { vorname: 'X' })).status).toBe(404);
    expect((await b.del(`/api/user/subusers/${subA}`)).status).toBe(404);
    expect((await b.put('/api/user/active', { id: subA })).status).toBe(404);
    expect((await b.get('/api/logbook/user')).body.result.id).toBe(0);
    const mine = (await a.get(`/api/logbook/user/${subA}`)).body.result;
    expect(mine).toMatchObject({ vorname: 'Anna', funktionen: ['K09'] });
  });

  it('customer data: B reads and changes only its own', async () => {
    const info = (await b.get('/api/user/infos')).body.result;
    expect(info.Kundennummer).toBe(LAB_B);
    await b.put('/api/user/kundendaten', { Vorname: 'Bernd' });
    const aInfo = (await a.get('/api/user/infos')).body.result;
    expect(aInfo.Vorname).not.toBe('Bernd');
  });
});
