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
  await a.call('POST /api/wk/delete');
  await b.call('POST /api/wk/delete');
  await a.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: art, qty: 3 } });
  listA = (await a.call('POST /api/favoriten/listen', { body: { name: 'Nur A' } })).body.result.id;
  await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: listA, artnr: art } });
  subA = (await a.call('POST /api/user/subusers', { body: { vorname: 'Anna', nachname: 'A', funktionen: ['K09'] } })).body.result.id;
});
afterAll(async () => { await env.close(); fs.rmSync(config.uploadDir, { recursive: true, force: true }); });


describe('isolation between customers', () => {
  it('basket: B sees and changes only its own', async () => {
    expect((await b.call('GET /api/wk/anz')).body.result).toBe(0);
    expect((await b.call('GET /api/wkJSON/:language', { params: { language: 'D' } })).body.result).toEqual([]);
    expect((await b.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: art } })).body.result).toEqual([]);
    await b.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: art, qty: 9 } });
    await b.call('POST /api/wk/:artnr/delete/:p1/:p2/:p3/:p4/:p5/:p6', { params: { artnr: art, p1: 0, p2: 0, p3: 0, p4: 0, p5: 0, p6: 0 } });
    await b.call('POST /api/wk/delete');
    const mine = (await a.call('GET /api/wkJSON/:language/:id', { params: { language: 'D', id: art } })).body.result;
    expect(mine).toHaveLength(1);
    expect(mine[0]!.Menge).toBe(3);
  });

  it('order lists: A\'s list is 404 for B in every call', async () => {
    const lists = (await b.call('GET /api/favoriten/listen')).body.result;
    expect(lists.some((l: any) => l.id === listA)).toBe(false);
    expect((await b.call('GET /api/favoriten/liste/:listId', { params: { listId: listA } })).status).toBe(404);
    expect((await b.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: listA, artnr: art } })).status).toBe(404);
    expect((await b.call('PUT /api/favoriten/:listId/:artnr/:qty', { params: { listId: listA, artnr: art, qty: 5 } })).status).toBe(404);
    expect((await b.call('DELETE /api/favoriten/:listId/:artnr', { params: { listId: listA, artnr: art } })).status).toBe(404);
    expect((await b.call('PUT /api/favoriten/listen/:id', { params: { id: listA }, body: { name: 'Gekapert' } })).status).toBe(404);
    expect((await b.call('DELETE /api/favoriten/listen/:id', { params: { id: listA } })).status).toBe(404);
    expect((await b.call('POST /api/favoriten/liste/:listId/wk', { params: { listId: listA } })).status).toBe(404);
    expect((await b.call('GET /api/wk/anz')).body.result).toBe(0);
    const still = (await a.call('GET /api/favoriten/liste/:listId', { params: { listId: listA } })).body.result;
    expect(still.name).toBe('Nur A');
    expect(still.items).toHaveLength(1);
    expect(still.items[0]!.menge).toBe(1);
  });

  it('favourites (list 0) are per customer', async () => {
    await a.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: art } });
    const bFav = (await b.call('GET /api/favoriten/liste/:listId', { params: { listId: 0 } })).body.result.items;
    expect(bFav.some((i: any) => i.Artikelnummer === art)).toBe(false);
    // B adding the same article to its own favourites is not a conflict with A's
    expect((await b.call('POST /api/favoriten/:listId/:artnr/add', { params: { listId: 0, artnr: art } })).status).toBe(200);
    await b.call('DELETE /api/favoriten/:listId/:artnr', { params: { listId: 0, artnr: art } });
    expect((await a.call('GET /api/favoriten/liste/:listId', { params: { listId: 0 } })).body.result.items.some((i: any) => i.Artikelnummer === art)).toBe(true);
  });

  it('sub-users: A\'s sub-users are 404 for B', async () => {
    const list = (await b.call('GET /api/user/subusers')).body.result;
    expect(list.some((u: any) => u.id === subA)).toBe(false);
    expect((await b.call('GET /api/logbook/user/:id', { params: { id: subA } })).status).toBe(404);
    expect((await b.call('PUT /api/user/subusers/:id', { params: { id: subA }, body: { vorname: 'X' } })).status).toBe(404);
    expect((await b.call('DELETE /api/user/subusers/:id', { params: { id: subA } })).status).toBe(404);
    expect((await b.call('PUT /api/user/active', { body: { id: subA } })).status).toBe(404);
    expect((await b.call('GET /api/logbook/user')).body.result.id).toBe(0);
    const mine = (await a.call('GET /api/logbook/user/:id', { params: { id: subA } })).body.result;
    expect(mine).toMatchObject({ vorname: 'Anna', funktionen: ['K09'] });
  });

  it('customer data: B reads and changes only its own', async () => {
    const info = (await b.call('GET /api/user/infos')).body.result;
    expect(info.Kundennummer).toBe(LAB_B);
    await b.call('PUT /api/user/kundendaten', { body: { Vorname: 'Bernd' } });
    const aInfo = (await a.call('GET /api/user/infos')).body.result;
    expect(aInfo.Vorname).not.toBe('Bernd');
  });
});

// ---- every further resource, by id: B (654321) gets 404 for A's (123456) objects and A's data stays unchanged
describe('isolation by id: orders, checkout, tooth storage, labels, documents, logbook, service requests', () => {
  const notFound = (r: { status: number; body: any }, what: string) => {
    expect([r.status, r.body?.error], what).toEqual([404, 'not_found']);
  };

  it('orders and order details', async () => {
    const mine = (await a.call('GET /api/orders', { query: { limit: '1' } })).body.result.items[0]!;
    expect(mine).toBeTruthy();
    const [y, m, d] = mine.datum.split('-').map(Number) as [number, number, number];
    const theirs = (await b.call('GET /api/orders', { query: { limit: '100' } })).body.result.items.map((o: any) => o.auftrag);
    expect(theirs).not.toContain(mine.auftrag);
    notFound(await b.call('GET /api/orders/:auftrag', { params: { auftrag: mine.auftrag } }), 'orders/:auftrag');
    notFound(await b.call('GET /api/orders/by-date/:year/:month/:day/:auftrag', { params: { year: y, month: m, day: d, auftrag: mine.auftrag } }), 'by-date');
    notFound(await b.call('GET /api/orders/details/:year/:month/:day/:auftrag/:vorgang/:rechnung', { params: { year: y, month: m, day: d, auftrag: mine.auftrag, vorgang: mine.vorgang, rechnung: mine.rechnung || 0 } }), 'details');
    notFound(await b.call('GET /api/zahnlager/bestellhistorie/:auftrag', { params: { auftrag: mine.auftrag } }), 'bestellhistorie');
    notFound(await b.call('POST /api/orders/:auftrag/reorder', { params: { auftrag: mine.auftrag }, body: {} }), 'reorder');
    notFound(await b.call('POST /api/orders/:auftrag/release', { params: { auftrag: mine.auftrag } }), 'release');
    expect((await b.call('GET /api/wk/anz')).body.result).toBe(0);
    expect((await a.call('GET /api/orders/:auftrag', { params: { auftrag: mine.auftrag } })).status).toBe(200);
  });

  it('checkout: a delivery address of A cannot be chosen by B', async () => {
    const addr = (await a.call('POST /api/checkout/addresses', { body: { firma_name: 'Labor A', strasse: 'Weg 1', plz: '20095', ort: 'Hamburg', land_iso2: 'DE' } })).body.result;
    expect(addr.id).toBeGreaterThan(0);
    expect((await b.call('GET /api/checkout/addresses')).body.result.map((x: any) => x.id)).not.toContain(addr.id);
    // with a cart, so the refusal is the address's (an empty cart answers cart_no_products first)
    expect((await b.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: art, qty: 1 } })).status).toBe(200);
    notFound(await b.call('PUT /api/checkout', { body: { addressId: addr.id } }), 'PUT checkout addressId');
    notFound(await b.call('POST /api/checkout/submit', { body: { addressId: addr.id, key: 'steal-address-01' } }), 'submit addressId');
    await b.call('POST /api/wk/delete');
  });

  it('tooth storage: cabinets, drawers, slots (sets)', async () => {
    const cab = (await a.call('POST /api/zahnlager/schraenke', { body: { name: 'Schrank A' } })).body.result.id;
    const drawer = (await a.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab }, body: { name: 'Lade A', zeilen: 1, spalten: 2 } })).body.result.id;
    const slot = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: drawer } })).body.result.grid.flat()[0]!.id;
    expect((await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slot }, body: { artikelnummer: art, belegt: 1 } })).status).toBe(200);
    expect((await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: slot }, body: {} })).status).toBe(200);

    const bView = JSON.stringify((await b.call('GET /api/zahnlager')).body.result);
    expect(bView).not.toContain('Schrank A');
    notFound(await b.call('GET /api/zahnlager/schraenke/:id', { params: { id: cab } }), 'GET cabinet');
    notFound(await b.call('PUT /api/zahnlager/schraenke/:id', { params: { id: cab }, body: { name: 'Gekapert' } }), 'PUT cabinet');
    notFound(await b.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab }, body: { name: 'X', zeilen: 1, spalten: 1 } }), 'POST drawer');
    notFound(await b.call('GET /api/zahnlager/schubladen/:id', { params: { id: drawer } }), 'GET drawer');
    notFound(await b.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank: cab, id: drawer }, body: { name: 'X' } }), 'PUT drawer');
    notFound(await b.call('PUT /api/zahnlager/slots/:id', { params: { id: slot }, body: { artikelnummer: null } }), 'PUT slot');
    notFound(await b.call('POST /api/zahnlager/slots/:id/unselect', { params: { id: slot } }), 'unselect');
    notFound(await b.call('POST /api/zahnlager/slots/:id/select', { params: { id: slot }, body: {} }), 'select');
    notFound(await b.call('POST /api/zahnlager/reset', { body: { scope: 'schublade', id: drawer } }), 'reset drawer');
    notFound(await b.call('POST /api/zahnlager/reset', { body: { scope: 'schrank', id: cab } }), 'reset cabinet');
    await b.call('POST /api/zahnlager/reset', { body: { scope: 'all' } });
    const zw = await b.call('POST /api/zahnlager/wk');
    expect(zw.body.result?.added ?? []).toEqual([]);
    notFound(await b.call('DELETE /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank: cab, id: drawer } }), 'DELETE drawer');
    notFound(await b.call('DELETE /api/zahnlager/schraenke/:id', { params: { id: cab } }), 'DELETE cabinet');

    const grid = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: drawer } })).body.result;
    expect(grid.grid.flat()[0]).toMatchObject({ id: slot, artikelnummer: art, selected: 1 });
    expect((await a.call('GET /api/zahnlager/schraenke/:id', { params: { id: cab } })).body.result.name).toBe('Schrank A');
  });

  it('label templates and label printing', async () => {
    const t = (await a.call('POST /api/labels/templates', { body: { name: 'Vorlage A', rows: 8, cols: 3, width: 70, height: 37 } })).body.result;
    expect(t.id).toBeGreaterThan(0);
    expect((await b.call('GET /api/labels/templates')).body.result.map((x: any) => x.id)).not.toContain(t.id);
    notFound(await b.call('GET /api/labels/templates/:id', { params: { id: t.id } }), 'GET template');
    notFound(await b.call('PUT /api/labels/templates/:id', { params: { id: t.id }, body: { name: 'Gekapert' } }), 'PUT template');
    notFound(await b.call('POST /api/labels/print', { body: { templateId: t.id, artnrs: [{ artnr: art, count: 1 }] } }), 'print with A template');
    notFound(await b.call('POST /api/labels/print', { body: { templateId: 999999, listId: listA } }), 'print A list');
    notFound(await b.call('DELETE /api/labels/templates/:id', { params: { id: t.id } }), 'DELETE template');
    expect((await a.call('GET /api/labels/templates/:id', { params: { id: t.id } })).body.result.name).toBe('Vorlage A');
  });

  it('documents', async () => {
    const doc = (await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } })).body.result.items[0]!;
    expect(doc).toBeTruthy();
    expect((await a.get(`/api/documents/rechnung/${doc.id}.pdf`)).status).toBe(200);
    notFound(await b.call('GET /api/documents/:typ/:file', { params: { typ: 'rechnung', file: `${doc.id}.pdf` } }), 'document pdf');
    const bDocs = (await b.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } })).body.result.items.map((i: any) => i.id);
    expect(bDocs).not.toContain(doc.id);
  });

  it('logbook patient works and their batches', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-A-1', auftraggeber: { name: 'Praxis A' } } })).body.result;
    const batch = (await a.call('POST /api/logbook/works/:id/batches', { params: { id: w.id }, body: { artnr: art, lot: 'L-A' } })).body.result;
    expect(batch.id).toBeGreaterThan(0);
    expect(JSON.stringify((await b.call('GET /api/logbook/works')).body.result)).not.toContain('PA-A-1');
    notFound(await b.call('GET /api/logbook/works/:id', { params: { id: w.id } }), 'GET work');
    notFound(await b.call('PUT /api/logbook/works/:id', { params: { id: w.id }, body: { auftragsnummer: 'X' } }), 'PUT work');
    notFound(await b.call('POST /api/logbook/works/:id/batches', { params: { id: w.id }, body: { artnr: art } }), 'POST batch');
    notFound(await b.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: w.id, batchId: batch.id }, body: { lot: 'X' } }), 'PUT batch');
    notFound(await b.call('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: w.id, batchId: batch.id } }), 'DELETE batch');
    expect((await b.call('GET /api/logbook/works/:id/export.csv', { params: { id: w.id } })).status).toBe(404);
    expect((await b.call('GET /api/logbook/works/:id/export.pdf', { params: { id: w.id } })).status).toBe(404);
    expect((await b.get('/api/logbook/export.csv')).text).not.toContain('L-A');
    notFound(await b.call('DELETE /api/logbook/works/:id', { params: { id: w.id } }), 'DELETE work');
    const still = (await a.call('GET /api/logbook/works/:id', { params: { id: w.id } })).body.result;
    expect(still.auftragsnummer).toBe('PA-A-1');
    expect(still.batches).toHaveLength(1);
  });

  it('service requests and their photos', async () => {
    const jpg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer();
    const f = new FormData();
    const fields = { name: 'Erika Muster', email: 'erika@example.org', telefon: '+49 40 123456', kdnr: String(LAB_A), lieferschein: 'LS-1', artnr: art, menge: '1', grund: 'Defekt', text: 'Bitte prüfen' };
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    f.append('photos', new Blob([new Uint8Array(jpg)]), 'foto.jpg');
    const sent = await a.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: f });
    expect(sent.status).toBe(200);
    const { referenz, photos } = sent.body.result;
    expect(photos.length).toBe(1);
    expect((await b.call('GET /api/forms')).body.result.map((r: any) => r.referenz)).not.toContain(referenz);
    notFound(await b.call('GET /api/forms/:referenz', { params: { referenz } }), 'GET form');
    expect((await b.get(photos[0]!.url)).status).toBe(404);
    if (photos[0]!.thumbUrl) expect((await b.get(photos[0]!.thumbUrl)).status).toBe(404);
    expect((await a.call('GET /api/forms/:referenz', { params: { referenz } })).status).toBe(200);
    expect((await a.get(photos[0]!.url)).status).toBe(200);
  });
});
