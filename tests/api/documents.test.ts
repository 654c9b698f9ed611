import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodStart } from '../../server/modules/documents.ts';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let guest: Client;

/** The harness reads bodies as text; PDFs need the bytes. */
async function bytesOf(c: Client, url: string) {
  const cookies = (c as unknown as { cookies: Map<string, string> }).cookies;
  const res = await env.app.request(url, { headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const pdfText = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

beforeAll(async () => {
  env = await setupApi();
  a = env.client(); b = env.client(); guest = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
});
afterAll(async () => { await env.close(); });

describe('documents', () => {
  it('needs a login', async () => {
    expect((await guest.call('GET /api/documents/types')).status).toBe(401);
    expect((await guest.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } })).status).toBe(401);
  });

  it('counts the documents of the last 24 months per type', async () => {
    const r = await a.call('GET /api/documents/types');
    expect(r.status).toBe(200);
    const { from, types } = r.body.result;
    expect(from).toBe(periodStart());
    const counts = Object.fromEntries(types.map((t: any) => [t.typ, t.count]));
    const inDb = await env.db.selectFrom('documents').select('id').where('kdnr', '=', LAB_A).where('typ', '=', 'rechnung').where('datum', '>=', from).execute();
    expect(counts.rechnung).toBe(inDb.length);
    expect(counts.rechnung).toBeGreaterThan(10);
    expect(counts.lieferschein).toBeGreaterThan(10);
    expect(counts.konformitaet).toBeGreaterThan(0);
    // older documents exist but are outside the period
    const older = await env.db.selectFrom('documents').select('id').where('kdnr', '=', LAB_A).where('datum', '<', from).execute();
    expect(older.length).toBeGreaterThan(0);
  });

  it('lists one type newest first, only within the period, filtered by number', async () => {
    const r = await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } });
    expect(r.status).toBe(200);
    const res = r.body.result;
    expect(res.items.length).toBe(Math.min(res.total, res.pageSize));
    const dates = res.items.map((i: any) => i.datum);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(dates.every((d: string) => d >= res.from)).toBe(true);
    expect(res.items[0]).toMatchObject({ typ: 'rechnung', pdf: `/api/documents/rechnung/${res.items[0]!.id}.pdf` });
    const one = res.items[3];
    const f = await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' }, query: { q: one!.nummer } });
    expect(f.body.result.items.map((i: any) => i.nummer)).toEqual([one!.nummer]);
    const p2 = await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' }, query: { page: '2' } });
    expect(p2.body.result.items[0]?.id).not.toBe(res.items[0]!.id);
  });

  it('answers bad input', async () => {
    expect((await a.call('GET /api/documents/typ/:typ', { params: { typ: 'unbekannt' } })).status).toBe(404);
    expect((await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' }, query: { page: '0' } })).body.error).toBe('invalid_page');
    expect((await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' }, query: { q: '\';--' } })).body.error).toBe('invalid_input');
    expect((await a.call('GET /api/documents/:typ/:file', { params: { typ: 'rechnung', file: 'abc.pdf' } })).status).toBe(404);
    expect((await a.call('GET /api/documents/:typ/:file', { params: { typ: 'rechnung', file: '1.txt' } })).status).toBe(404);
  });

  it('downloads an invoice as a real PDF with its lines and totals', async () => {
    const item = (await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } })).body.result.items[0];
    const r = await bytesOf(a, item!.pdf);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(r.bytes).startsWith('%PDF')).toBe(true);
    const doc = await PDFDocument.load(r.bytes);
    expect(doc.getTitle()).toBe(`Rechnung ${item!.nummer}`);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it('generates every type', async () => {
    const types = (await a.call('GET /api/documents/types')).body.result.types.filter((t: any) => t.count > 0);
    expect(types.length).toBeGreaterThanOrEqual(4);
    for (const t of types) {
      const item = (await a.call('GET /api/documents/typ/:typ', { params: { typ: t.typ } })).body.result.items[0];
      const r = await bytesOf(a, item!.pdf);
      expect([t.typ, r.status, pdfText(r.bytes.slice(0, 4))]).toEqual([t.typ, 200, '%PDF']);
      await PDFDocument.load(r.bytes);
    }
  });

  it('does not show other customers\' documents or documents older than 24 months', async () => {
    const item = (await a.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } })).body.result.items[0];
    expect((await bytesOf(b, item!.pdf)).status).toBe(404);
    const bList = (await b.call('GET /api/documents/typ/:typ', { params: { typ: 'rechnung' } })).body.result.items.map((i: any) => i.id);
    expect(bList).not.toContain(item!.id);
    const art = (await a.call('GET /api/documents/typ/:typ', { params: { typ: 'konformitaet' } })).body.result.items[0];
    const bArts = new Set((await b.call('GET /api/documents/typ/:typ', { params: { typ: 'konformitaet' }, query: { q: art!.id } })).body.result.items.map((i: any) => i.id));
    if (!bArts.has(art!.id)) expect((await bytesOf(b, art!.pdf)).status).toBe(404);
    const old = await env.db.selectFrom('documents').select(['id', 'typ']).where('kdnr', '=', LAB_A).where('datum', '<', periodStart()).executeTakeFirstOrThrow();
    expect((await bytesOf(a, `/api/documents/${old.typ}/${old.id}.pdf`)).status).toBe(404);
    // an article the lab never bought has no conformity declaration
    const never = await env.db.selectFrom('articles').select('artnr').where('pg', '=', 1)
      .where('artnr', 'not in', env.db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').select('l.artnr').where('o.kdnr', '=', LAB_A))
      .executeTakeFirstOrThrow();
    expect((await bytesOf(a, `/api/documents/konformitaet/${never.artnr}.pdf`)).status).toBe(404);
  });
});
