// Customer 654321 can never read or change 123456's data: basket, order lists, sub-users, customer data,
// orders, checkout addresses, tooth storage, label templates, documents, logbook works, service requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { config } from '../../server/config.ts';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let art = '';
let listA = 0;
let subA = 0;

beforeAll(async () => {
  config.uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'iso-uploads-'));
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
afterAll(async () => { await env.close(); fs.rmSync(config.uploadDir, { recursive: true, force: true }); });

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

// ---- every further resource, by id: B (654321) gets 404 for A's (123456) objects and A's data stays unchanged
describe('isolation by id: orders, checkout, tooth storage, labels, documents, logbook, service requests', () => {
  const notFound = (r: { status: number; body: any }, what: string) => {
    expect([r.status, r.body?.error], what).toEqual([404, 'not_found']);
  };

  it('orders and order details', async () => {
    const mine = (await a.get('/api/orders?limit=1')).body.result.items[0];
    expect(mine).toBeTruthy();
    const [y, m, d] = mine.datum.split('-').map(Number);
    const theirs = (await b.get('/api/orders?limit=100')).body.result.items.map((o: any) => o.auftrag);
    expect(theirs).not.toContain(mine.auftrag);
    notFound(await b.get(`/api/orders/${mine.auftrag}`), 'orders/:auftrag');
    notFound(await b.get(`/api/orders/by-date/${y}/${m}/${d}/${mine.auftrag}`), 'by-date');
    notFound(await b.get(`/api/orders/details/${y}/${m}/${d}/${mine.auftrag}/${mine.vorgang}/${mine.rechnung || 0}`), 'details');
    notFound(await b.get(`/api/zahnlager/bestellhistorie/${mine.auftrag}`), 'bestellhistorie');
    notFound(await b.post(`/api/orders/${mine.auftrag}/reorder`, {}), 'reorder');
    notFound(await b.post(`/api/orders/${mine.auftrag}/release`), 'release');
    expect((await b.get('/api/wk/anz')).body.result).toBe(0);
    expect((await a.get(`/api/orders/${mine.auftrag}`)).status).toBe(200);
  });

  it('checkout: a delivery address of A cannot be chosen by B', async () => {
    const addr = (await a.post('/api/checkout/addresses', { firma_name: 'Labor A', strasse: 'Weg 1', plz: '20095', ort: 'Hamburg', land_iso2: 'DE' })).body.result;
    expect(addr.id).toBeGreaterThan(0);
    expect((await b.get('/api/checkout/addresses')).body.result.map((x: any) => x.id)).not.toContain(addr.id);
    notFound(await b.put('/api/checkout', { addressId: addr.id }), 'PUT checkout addressId');
    notFound(await b.post('/api/checkout/submit', { addressId: addr.id, key: 'steal-address-01' }), 'submit addressId');
  });

  it('tooth storage: cabinets, drawers, slots (sets)', async () => {
    const cab = (await a.post('/api/zahnlager/schraenke', { name: 'Schrank A' })).body.result.id;
    const drawer = (await a.post(`/api/zahnlager/schraenke/${cab}/schubladen`, { name: 'Lade A', zeilen: 1, spalten: 2 })).body.result.id;
    const slot = (await a.get(`/api/zahnlager/schubladen/${drawer}`)).body.result.grid.flat()[0].id;
    expect((await a.put(`/api/zahnlager/slots/${slot}`, { artikelnummer: art, belegt: 1 })).status).toBe(200);
    expect((await a.post(`/api/zahnlager/slots/${slot}/select`, {})).status).toBe(200);

    const bView = JSON.stringify((await b.get('/api/zahnlager')).body.result);
    expect(bView).not.toContain('Schrank A');
    notFound(await b.get(`/api/zahnlager/schraenke/${cab}`), 'GET cabinet');
    notFound(await b.put(`/api/zahnlager/schraenke/${cab}`, { name: 'Gekapert' }), 'PUT cabinet');
    notFound(await b.post(`/api/zahnlager/schraenke/${cab}/schubladen`, { name: 'X', zeilen: 1, spalten: 1 }), 'POST drawer');
    notFound(await b.get(`/api/zahnlager/schubladen/${drawer}`), 'GET drawer');
    notFound(await b.put(`/api/zahnlager/schraenke/${cab}/schubladen/${drawer}`, { name: 'X' }), 'PUT drawer');
    notFound(await b.put(`/api/zahnlager/slots/${slot}`, { artikelnummer: null }), 'PUT slot');
    notFound(await b.post(`/api/zahnlager/slots/${slot}/unselect`), 'unselect');
    notFound(await b.post(`/api/zahnlager/slots/${slot}/select`, {}), 'select');
    notFound(await b.post('/api/zahnlager/reset', { scope: 'schublade', id: drawer }), 'reset drawer');
    notFound(await b.post('/api/zahnlager/reset', { scope: 'schrank', id: cab }), 'reset cabinet');
    await b.post('/api/zahnlager/reset', { scope: 'all' });
    const zw = await b.post('/api/zahnlager/wk');
    expect(zw.body.result?.added ?? []).toEqual([]);
    notFound(await b.del(`/api/zahnlager/schraenke/${cab}/schubladen/${drawer}`), 'DELETE drawer');
    notFound(await b.del(`/api/zahnlager/schraenke/${cab}`), 'DELETE cabinet');

    const grid = (await a.get(`/api/zahnlager/schubladen/${drawer}`)).body.result;
    expect(grid.grid.flat()[0]).toMatchObject({ id: slot, artikelnummer: art, selected: 1 });
    expect((await a.get(`/api/zahnlager/schraenke/${cab}`)).body.result.name).toBe('Schrank A');
  });

  it('label templates and label printing', async () => {
    const t = (await a.post('/api/labels/templates', { name: 'Vorlage A', rows: 8, cols: 3, width: 70, height: 37 })).body.result;
    expect(t.id).toBeGreaterThan(0);
    expect((await b.get('/api/labels/templates')).body.result.map((x: any) => x.id)).not.toContain(t.id);
    notFound(await b.get(`/api/labels/templates/${t.id}`), 'GET template');
    notFound(await b.put(`/api/labels/templates/${t.id}`, { name: 'Gekapert' }), 'PUT template');
    notFound(await b.post('/api/labels/print', { templateId: t.id, artnrs: [{ artnr: art, count: 1 }] }), 'print with A template');
    notFound(await b.post('/api/labels/print', { templateId: 999999, listId: listA }), 'print A list');
    notFound(await b.del(`/api/labels/templates/${t.id}`), 'DELETE template');
    expect((await a.get(`/api/labels/templates/${t.id}`)).body.result.name).toBe('Vorlage A');
  });

  it('documents', async () => {
    const doc = (await a.get('/api/documents/typ/rechnung')).body.result.items[0];
    expect(doc).toBeTruthy();
    expect((await a.get(`/api/documents/rechnung/${doc.id}.pdf`)).status).toBe(200);
    notFound(await b.get(`/api/documents/rechnung/${doc.id}.pdf`), 'document pdf');
    const bDocs = (await b.get('/api/documents/typ/rechnung?limit=100')).body.result.items.map((i: any) => i.id);
    expect(bDocs).not.toContain(doc.id);
  });

  it('logbook patient works and their batches', async () => {
    const w = (await a.post('/api/logbook/works', { auftragsnummer: 'PA-A-1', auftraggeber: { name: 'Praxis A' } })).body.result;
    const batch = (await a.post(`/api/logbook/works/${w.id}/batches`, { artnr: art, lot: 'L-A' })).body.result;
    expect(batch.id).toBeGreaterThan(0);
    expect(JSON.stringify((await b.get('/api/logbook/works')).body.result)).not.toContain('PA-A-1');
    notFound(await b.get(`/api/logbook/works/${w.id}`), 'GET work');
    notFound(await b.put(`/api/logbook/works/${w.id}`, { auftragsnummer: 'X' }), 'PUT work');
    notFound(await b.post(`/api/logbook/works/${w.id}/batches`, { artnr: art }), 'POST batch');
    notFound(await b.put(`/api/logbook/works/${w.id}/batches/${batch.id}`, { lot: 'X' }), 'PUT batch');
    notFound(await b.del(`/api/logbook/works/${w.id}/batches/${batch.id}`), 'DELETE batch');
    expect((await b.get(`/api/logbook/works/${w.id}/export.csv`)).status).toBe(404);
    expect((await b.get(`/api/logbook/works/${w.id}/export.pdf`)).status).toBe(404);
    expect((await b.get('/api/logbook/export.csv')).text).not.toContain('L-A');
    notFound(await b.del(`/api/logbook/works/${w.id}`), 'DELETE work');
    const still = (await a.get(`/api/logbook/works/${w.id}`)).body.result;
    expect(still.auftragsnummer).toBe('PA-A-1');
    expect(still.batches).toHaveLength(1);
  });

  it('service requests and their photos', async () => {
    const jpg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer();
    const f = new FormData();
    const fields = { name: 'Erika Muster', email: 'erika@example.org', telefon: '+49 40 123456', kdnr: String(LAB_A), lieferschein: 'LS-1', artnr: art, menge: '1', grund: 'Defekt', text: 'Bitte prüfen' };
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    f.append('photos', new Blob([new Uint8Array(jpg)]), 'foto.jpg');
    const sent = await a.post('/api/forms/retoure', f);
    expect(sent.status).toBe(200);
    const { referenz, photos } = sent.body.result;
    expect(photos.length).toBe(1);
    expect((await b.get('/api/forms')).body.result.map((r: any) => r.referenz)).not.toContain(referenz);
    notFound(await b.get(`/api/forms/${referenz}`), 'GET form');
    expect((await b.get(photos[0].url)).status).toBe(404);
    if (photos[0].thumbUrl) expect((await b.get(photos[0].thumbUrl)).status).toBe(404);
    expect((await a.get(`/api/forms/${referenz}`)).status).toBe(200);
    expect((await a.get(photos[0].url)).status).toBe(200);
  });
});
