// PDFs print every script the shop sells in: a Polish/Czech/Hungarian name comes out of the invoice,
// the label and the logbook/MDR exports exactly as written (read back with poppler's pdftotext).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, setupApi, type Client, type TestEnv } from './harness.ts';
import { pdfToText, rawBytes } from './pdf-text.ts';

const NAME = 'Łukasz Dvořák-Kőrösi';
let env: TestEnv;
let a: Client;

const flat = (bytes: Uint8Array) => pdfToText(bytes).replace(/\s+/g, ' ');

beforeAll(async () => {
  env = await setupApi();
  a = env.client();
  await env.db.updateTable('customers').set({ vorname: 'Łukasz', nachname: 'Dvořák-Kőrösi' }).where('kdnr', '=', LAB_A).execute();
  expect((await a.login(LAB_A)).status).toBe(200);
});
afterAll(async () => { await env.close(); });

describe('PDFs in every script', () => {
  it('prints the customer\'s name unchanged on an invoice, with the font embedded as a small subset', async () => {
    const list = await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } });
    const doc = list.body.result.items[0]!;
    const r = await rawBytes(env, a, 'GET', doc.pdf);
    expect([r.status, r.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    console.info(`[pdf size] invoice ${r.bytes.byteLength} bytes`);
    expect(flat(r.bytes)).toContain(NAME);
    // subset: only the glyphs used travel with the document (DejaVu Sans alone is ~740 kB)
    expect(r.bytes.byteLength).toBeLessThan(120_000);
  });

  it('prints the name unchanged on a label', async () => {
    const artnr = (await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).orderBy('artnr').limit(1).executeTakeFirstOrThrow()).artnr;
    await env.db.updateTable('articles').set({ bezeichnung: `Modell ${NAME}` }).where('artnr', '=', artnr).execute();
    await env.db.deleteFrom('article_texts').where('artnr', '=', artnr).execute();
    const tpl = await a.call('POST /api/labels/templates', { body: {
      name: 'Unicode', paper: 'A4', orientation: 'portrait', rows: 3, cols: 2, margins: { top: 10, right: 10, bottom: 10, left: 10 },
      padding: 2, non_printable: 3, width: 90, height: 80, sort: 'standard', offset: 0, code_type: 'code128',
    } });
    expect(tpl.status).toBe(200);
    const r = await rawBytes(env, a, 'POST', '/api/labels/print', { templateId: tpl.body.result.id, artnrs: [{ artnr, count: 1 }] });
    expect(r.status).toBe(200);
    console.info(`[pdf size] label ${r.bytes.byteLength} bytes`);
    expect(flat(r.bytes)).toContain(`Modell ${NAME}`);
    expect(r.bytes.byteLength).toBeLessThan(120_000);
  });

  it('prints the name unchanged in the logbook export and the MDR statement and ledger', async () => {
    const w = await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PL-1', auftraggeber: { name: NAME }, geraet: 'Korona 36' } });
    expect(w.status).toBe(200);
    const id = w.body.result.id;
    for (const url of [`/api/logbook/works/${id}/export.pdf`, `/api/mdr/works/${id}/statement.pdf`, `/api/mdr/works/${id}/ledger.pdf`]) {
      const r = await rawBytes(env, a, 'GET', url);
      expect([url, r.status]).toEqual([url, 200]);
      expect([url, flat(r.bytes).includes(NAME)]).toEqual([url, true]);
    }
  });
});

describe('PDFs and CSV headers in the customer\'s language', () => {
  it('an invoice for a Polish lab is Polish (titles, table, totals, footer) and a Czech one Czech', async () => {
    const doc = (await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } })).body.result.items[0]!;
    const pl = flat((await rawBytes(env, a, 'GET', `${doc.pdf}?lang=pl`)).bytes);
    for (const s of [`Faktura ${doc.nummer}`, 'Numer klienta', 'Nazwa', 'Cena jedn.', 'Wartość towarów netto', 'Suma netto', 'Kwota faktury', 'Zarząd', 'Płatne w ciągu 14 dni']) {
      expect([s, pl.includes(s)]).toEqual([s, true]);
    }
    for (const s of ['Rechnung', 'Bezeichnung', 'Summe netto', 'Geschäftsführung']) expect([s, pl.includes(s)]).toEqual([s, false]);
    const cs = flat((await rawBytes(env, a, 'GET', `${doc.pdf}?lang=cs`)).bytes);
    for (const s of ['Zákaznické číslo', 'Hodnota zboží bez DPH', 'Fakturovaná částka', 'Jednatelé']) expect([s, cs.includes(s)]).toEqual([s, true]);
  });

  it('the logbook CSV, the logbook PDF and the order-list CSV speak the customer\'s language', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'FR-1', auftraggeber: { name: 'Cabinet Dupont' } } })).body.result.id;
    const csv = new TextDecoder().decode((await rawBytes(env, a, 'GET', `/api/logbook/works/${w}/export.csv?lang=fr`)).bytes).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('Numéro de commande;Donneur d’ordre;Référence du donneur d’ordre;Infos donneur d’ordre;Date;Position;Référence article;'
      + 'Désignation;Date de péremption;Date de fabrication;Lot;Numéro de série;Référence fabricant;Référence;Unité;Bon de livraison;Page;Numéro client;Licence du fabricant;Périmé');
    const pdf = flat((await rawBytes(env, a, 'GET', `/api/logbook/works/${w}/export.pdf?lang=fr`)).bytes);
    for (const s of ['Travail patient FR-1', 'Numéro client', 'Donneur d’ordre : Cabinet Dupont', 'Aucun lot documenté.']) expect([s, pdf.includes(s)]).toEqual([s, true]);
    const lists = (await a.call('GET /api/favoriten/listen')).body.result;
    expect(lists.length).toBeGreaterThan(0); // the demo lab has order lists
    const list = new TextDecoder().decode((await rawBytes(env, a, 'GET', `/api/favoriten/liste/${lists[0]!.id}/export.csv?lang=hu`)).bytes).replace(/^\uFEFF/, '');
    expect(list.split('\r\n')[0]).toBe('Cikkszám;Mennyiség;Megnevezés;Kiszerelés;Ár;Pénznem');
  });
});
