import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hibcCheckChar } from '../../src/lib/codes/index.ts';
import { productUrl } from '../../server/modules/labels.ts';
import { DEMO_PASSWORD, LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';
import { pdfToText } from './pdf-text.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let guest: Client;
let art: { artnr: string; gtin: string; hersteller_artnr: string; licence: string };

async function rawReq(c: Client, url: string) {
  const cookies = (c as unknown as { cookies: Map<string, string> }).cookies;
  const res = await env.app.request(url, { headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Page count and the text as printed (pdftotext: the embedded font draws glyph ids, not letters). */
async function pdfText(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  return { pages: doc.getPageCount(), text: pdfToText(bytes).replace(/\s+/g, ' ') };
}

const subUserId = async (kdnr: number, fn: (f: string) => boolean) => {
  const rows = await env.db.selectFrom('sub_users').select(['id', 'vorname', 'nachname', 'funktionen']).where('kdnr', '=', kdnr).where('deleted', '=', 0).execute();
  return rows.find((r) => fn(r.funktionen));
};

beforeAll(async () => {
  env = await setupApi();
  a = env.client(); b = env.client(); guest = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
  // an article whose manufacturer number and licence can be written as HIBC
  const rows = await env.db.selectFrom('articles as a').innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
    .select(['a.artnr', 'a.gtin', 'a.hersteller_artnr', 'm.licence']).where('a.gtin', '!=', '').where('a.hersteller_artnr', '!=', '').where('m.licence', '!=', '')
    .orderBy('a.artnr').limit(500).execute();
  art = rows.find((r) => /^[A-Z][A-Z0-9]{3}$/.test(r.licence) && /^[A-Za-z0-9]{1,18}$/.test(r.hersteller_artnr)
    && rows.filter((x) => x.hersteller_artnr.toUpperCase() === r.hersteller_artnr.toUpperCase()).length === 1)!;
  expect(art).toBeTruthy();
});
afterAll(async () => { await env.close(); });

describe('patient works', () => {
  it('needs a login', async () => {
    expect((await guest.call('GET /api/logbook/works')).status).toBe(401);
    expect((await guest.call('POST /api/logbook/works', { body: { auftragsnummer: 'X' } })).status).toBe(401);
  });

  it('creates, reads, lists, changes and deletes a work', async () => {
    const r = await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-2026-001', auftraggeber: { name: 'Praxis Dr. Zahn', referenz: 'Z-77', info: 'Brücke 14–16' } } });
    expect(r.status).toBe(200);
    const w = r.body.result;
    expect(w).toMatchObject({ auftragsnummer: 'PA-2026-001', auftraggeber: { name: 'Praxis Dr. Zahn', referenz: 'Z-77', info: 'Brücke 14–16' }, batchCount: 0 });
    expect((await a.call('GET /api/logbook/works/:id', { params: { id: w.id } })).body.result).toMatchObject({ id: w.id, batches: [] });
    const list = await a.call('GET /api/logbook/works', { query: { q: 'zahn' } });
    expect(list.status).toBe(200);
    expect(list.body.result.items.map((x: any) => x.id)).toContain(w.id);
    expect((await a.call('GET /api/logbook/works', { query: { q: 'gibtsnicht%' } })).body.result.items).toHaveLength(0);
    const u = await a.call('PUT /api/logbook/works/:id', { params: { id: w.id }, body: { auftraggeber: { info: 'Krone 11' } } });
    expect(u.body.result.auftraggeber).toEqual({ name: 'Praxis Dr. Zahn', referenz: 'Z-77', info: 'Krone 11' });
    // MDR retention (issue 11): a work is kept 10 years, a delete before then is refused
    const del = await a.call('DELETE /api/logbook/works/:id', { params: { id: w.id } });
    expect([del.status, del.body.error]).toEqual([409, 'error_retention_period']);
    expect((await a.call('GET /api/logbook/works/:id', { params: { id: w.id } })).status).toBe(200);
  });

  it('rejects bad input', async () => {
    for (const body of [{}, { auftragsnummer: '' }, { auftragsnummer: '   ' }]) {
      const r = await a.call('POST /api/logbook/works', { body });
      expect([r.status, r.body.error]).toEqual([400, 'order_number_required']);
    }
    expect((await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'x'.repeat(61) } })).body.error).toBe('too_long');
    expect((await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'A1', subUserId: 99999999 } })).body.error).toBe('invalid_sub_user');
    const other = await subUserId(LAB_B, () => true);
    if (other) expect((await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'A1', subUserId: other.id } })).body.error).toBe('invalid_sub_user');
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'A1' } })).body.result;
    expect((await a.call('PUT /api/logbook/works/:id', { params: { id: w.id }, body: { auftragsnummer: '' } })).body.error).toBe('order_number_required');
    expect((await a.call('GET /api/logbook/works', { query: { page: '0' } })).status).toBe(400);
    expect((await a.call('GET /api/logbook/works/:id', { params: { id: 'abc' } })).status).toBe(400);
  });
});

describe('batches and exports', () => {
  let work: number;
  beforeAll(async () => {
    work = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-CSV-1', auftraggeber: { name: 'Praxis Süd; Team "A"', referenz: 'R1' } } })).body.result.id;
  });

  it('documents a batch with explicit fields and manufacturer data from the article', async () => {
    const r = await a.call('POST /api/logbook/works/:id/batches', { params: { id: work }, body: {
      artnr: art.artnr, lot: 'LOT-4711', verfallsdatum: '2027-3-31', herstelldatum: '2025-01-15', seriennummer: 'SN1', einheit: 'Stk', lieferschein: 'LS-9', seite: '2',
    } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({
      artnr: art.artnr, position: 1, lot: 'LOT-4711', verfallsdatum: '2027-03-31', herstelldatum: '2025-01-15', seriennummer: 'SN1',
      hersteller_artnr: art.hersteller_artnr, hersteller_lizenz: art.licence, kdnr: LAB_A,
    });
    expect(typeof r.body.result.bezeichnung).toBe('string');
    const w = await a.call('GET /api/logbook/works/:id', { params: { id: work } });
    expect(w.body.result.batches).toHaveLength(1);
    expect(w.body.result.batchCount).toBe(1);
  });

  it('fills batch fields from a scanned GS1 code', async () => {
    const gtin14 = art.gtin.padStart(14, '0');
    const raw = `(01)${gtin14}(17)281130(11)250601(10)CH-99(21)SER-5`;
    const r = await a.call('POST /api/logbook/works/:id/batches', { params: { id: work }, body: { artnr: art.artnr, raw } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ position: 2, lot: 'CH-99', seriennummer: 'SER-5', verfallsdatum: '2028-11-30', herstelldatum: '2025-06-01', raw });
    // explicit fields win over the code
    const other = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-CSV-HAND' } })).body.result.id;
    const r2 = await a.call('POST /api/logbook/works/:id/batches', { params: { id: other }, body: { artnr: art.artnr, raw, lot: 'HAND', seriennummer: 'SER-6' } });
    expect(r2.body.result.lot).toBe('HAND');
  });

  it('rejects bad batch input', async () => {
    const r = await a.call('POST /api/logbook/works/:id/batches', { params: { id: work }, body: { artnr: 'GIBTSNICHT1' } });
    expect([r.status, r.body.error]).toEqual([400, 'error_artnr']);
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: work }, body: {} })).body.error).toBe('error_artnr');
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: work }, body: { artnr: art.artnr, verfallsdatum: '31.12.2027' } })).body.error).toBe('invalid_date');
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: work }, body: { artnr: art.artnr, position: 0 } })).body.error).toBe('invalid_position');
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: '99999999' }, body: { artnr: art.artnr } })).status).toBe(404);
  });

  it('changes a batch; deleting it is refused within the retention period', async () => {
    const tmpWork = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-TMP' } })).body.result.id;
    const r = await a.call('POST /api/logbook/works/:id/batches', { params: { id: tmpWork }, body: { artnr: art.artnr, lot: 'TMP' } });
    const id = r.body.result.id;
    const u = await a.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: tmpWork, batchId: id }, body: { lot: 'TMP-2', referenz: 'REF-1', verfallsdatum: null } });
    expect(u.status).toBe(200);
    expect(u.body.result).toMatchObject({ lot: 'TMP-2', referenz: 'REF-1', verfallsdatum: null, artnr: art.artnr });
    expect((await a.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: tmpWork, batchId: id }, body: { artnr: 'GIBTSNICHT1' } })).body.error).toBe('error_artnr');
    expect((await a.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: tmpWork, batchId: '99999999' }, body: { lot: 'x' } })).status).toBe(404);
    expect((await a.call('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: tmpWork, batchId: id } })).body.error).toBe('error_retention_period');
    expect((await a.call('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: tmpWork, batchId: '99999999' } })).status).toBe(404);
  });

  it('exports the work as CSV (semicolons, UTF-8 BOM, one row per batch)', async () => {
    const r = await rawReq(a, `/api/logbook/works/${work}/export.csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect([...r.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(r.bytes.slice(3));
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Auftragsnummer;Auftraggeber;Auftraggeber-Referenz;Auftraggeber-Info;Datum;Position;Artikelnummer;Bezeichnung;Verfallsdatum;Herstelldatum;Lot;Seriennummer;Hersteller-Artikelnummer;Referenz;Einheit;Lieferschein;Seite;Kundennummer;Herstellerlizenz;Abgelaufen');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('LOT-4711');
    expect(lines[1]).toContain('"Praxis Süd; Team ""A"""');
    expect(lines[1]).toContain(`;${LAB_A};`);
    expect(lines[1]!.endsWith(`;${art.licence};`)).toBe(true); // then the empty "Abgelaufen"
    expect(lines[2]).toContain('CH-99');
  });

  it('exports all batches of a period as CSV', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const r = await rawReq(a, `/api/logbook/export.csv?from=${today}&to=${today}`);
    const text = new TextDecoder().decode(r.bytes);
    expect(text).toContain('LOT-4711');
    const old = await rawReq(a, '/api/logbook/export.csv?from=2001-01-01&to=2001-12-31');
    expect(new TextDecoder().decode(old.bytes).trim().split('\r\n')).toHaveLength(1);
    expect((await a.call('GET /api/logbook/export.csv', { query: { from: '2026-13-01' } })).body.error).toBe('invalid_date');
    expect((await a.call('GET /api/logbook/export.csv', { query: { from: '2026-05-01', to: '2026-04-01' } })).body.error).toBe('invalid_date');
    expect(new TextDecoder().decode((await rawReq(b, '/api/logbook/export.csv')).bytes)).not.toContain('LOT-4711');
  });

  it('exports PDF tables', async () => {
    const r = await rawReq(a, `/api/logbook/works/${work}/export.pdf`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const pdf = await pdfText(r.bytes);
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.text).toContain('LOT-4711');
    const all = await rawReq(a, '/api/logbook/export.pdf');
    expect(all.status).toBe(200);
    expect((await pdfText(all.bytes)).text).toContain('CH-99');
    expect((await a.call('GET /api/logbook/export.pdf', { query: { to: 'bad' } })).status).toBe(400);
  });

  it('warns before documenting an expired batch, marks it in the work and the exports (issue 12)', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-EXPIRED' } })).body.result.id;
    const raw = `(01)${art.gtin.padStart(14, '0')}(17)240101(10)OLD1`;
    const refused = await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, raw } });
    expect([refused.status, refused.body.error, refused.body.field]).toEqual([409, 'error_batch_expired', 'verfallsdatum']);
    expect((await a.call('GET /api/logbook/works/:id', { params: { id: w } })).body.result.batches).toHaveLength(0);
    const ok = await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, raw, confirmExpired: true } });
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({ verfallsdatum: '2024-01-01', lot: 'OLD1', expired: true });
    const fresh = await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, lot: 'NEW1', verfallsdatum: '2099-01-01' } });
    expect(fresh.body.result.expired).toBe(false);
    // editing another field keeps the documented expiry without asking again
    expect((await a.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: w, batchId: ok.body.result.id }, body: { referenz: 'R' } })).status).toBe(200);
    expect((await a.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: w, batchId: fresh.body.result.id }, body: { verfallsdatum: '2020-05-05' } })).body.error).toBe('error_batch_expired');

    const csv = new TextDecoder().decode((await rawReq(a, `/api/logbook/works/${w}/export.csv`)).bytes).replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));
    const col = csv[0]!.indexOf('Abgelaufen');
    expect(col).toBeGreaterThan(0);
    expect(csv.slice(1).map((r) => [r[csv[0]!.indexOf('Lot')], r[col]])).toEqual([['OLD1', 'ja'], ['NEW1', '']]);
    const pdf = await pdfText((await rawReq(a, `/api/logbook/works/${w}/export.pdf`)).bytes);
    expect(pdf.text).toMatch(/2024-01-01 +abgelaufen/);
  });

  it('refuses the same serial number of an article twice on one work (error_serial_duplicate)', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-SERIAL' } })).body.result.id;
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, seriennummer: 'SN-77' } })).status).toBe(200);
    const twice = await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, raw: `(01)${art.gtin.padStart(14, '0')}(21)SN-77` } });
    expect([twice.status, twice.body.error, twice.body.field, twice.body.position]).toEqual([409, 'error_serial_duplicate', 'seriennummer', 1]);
    const other = await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, seriennummer: 'SN-78' } });
    expect(other.status).toBe(200);
    expect((await a.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: w, batchId: other.body.result.id }, body: { seriennummer: 'SN-77' } })).body.error).toBe('error_serial_duplicate');
    // another work may carry the same serial number
    const w2 = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-SERIAL-2' } })).body.result.id;
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: w2 }, body: { artnr: art.artnr, seriennummer: 'SN-77' } })).status).toBe(200);
  });

  it('parallel scans of one serial number store it once on a work (the others 409 error_serial_duplicate)', async () => {
    // on PostgreSQL every scan could look for a twin before the first one's batch committed
    for (let round = 0; round < 6; round++) {
      const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: `PA-PARALLEL-${round}` } })).body.result.id;
      const answers = await Promise.all([1, 2, 3, 4].map(() =>
        a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, seriennummer: 'SN-PAR' } })));
      expect(answers.map((r) => [r.status, r.body.error]).sort()).toEqual([[200, undefined],
        [409, 'error_serial_duplicate'], [409, 'error_serial_duplicate'], [409, 'error_serial_duplicate']]);
    }
  });

  it('two partial changes of a work at once keep both', async () => {
    // each change read the work and wrote every field back: the later one undid the other's field
    for (let round = 0; round < 6; round++) {
      const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: `PA-BOTH-${round}` } })).body.result.id;
      const answers = await Promise.all([
        a.call('PUT /api/logbook/works/:id', { params: { id: w }, body: { auftragsnummer: `PA-NEU-${round}` } }),
        a.call('PUT /api/logbook/works/:id', { params: { id: w }, body: { auftraggeber: { name: `Praxis ${round}` } } }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const row = await env.db.selectFrom('patient_works').select(['auftragsnummer', 'auftraggeber_name']).where('id', '=', w).executeTakeFirst();
      expect(row).toEqual({ auftragsnummer: `PA-NEU-${round}`, auftraggeber_name: `Praxis ${round}` });
    }
  });

  it('a batch added while its work is deleted does not stay behind without the work (the add answers 200 or 404)', async () => {
    // the add found the work, the delete took its batches and the work, then the add stored its batch; or the
    // add committed and read its answer after the delete (500)
    for (let round = 0; round < 6; round++) {
      const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: `PA-GONE-${round}` } })).body.result.id;
      await env.db.updateTable('patient_works').set({ created_at: '2000-01-03T00:00:00.000Z' }).where('id', '=', w).execute(); // retention over
      const [gone, added] = await Promise.all([
        a.call('DELETE /api/logbook/works/:id', { params: { id: w } }),
        a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, lot: 'L-1' } }),
      ]);
      expect(gone.status).toBe(200);
      expect([200, 404]).toContain(added.status);
      const work = await env.db.selectFrom('patient_works').select('id').where('id', '=', w).executeTakeFirst();
      const batches = await env.db.selectFrom('batches').select('id').where('work_id', '=', w).execute();
      if (!work) expect(batches).toEqual([]);
    }
  });

  it('keeps works and batches private (404 for another customer)', async () => {
    const batch = (await a.call('GET /api/logbook/works/:id', { params: { id: work } })).body.result.batches[0]!.id;
    expect((await b.call('GET /api/logbook/works/:id', { params: { id: work } })).status).toBe(404);
    expect((await b.call('PUT /api/logbook/works/:id', { params: { id: work }, body: { auftragsnummer: 'X' } })).status).toBe(404);
    expect((await b.call('DELETE /api/logbook/works/:id', { params: { id: work } })).status).toBe(404);
    expect((await b.call('POST /api/logbook/works/:id/batches', { params: { id: work }, body: { artnr: art.artnr } })).status).toBe(404);
    expect((await b.call('PUT /api/logbook/works/:id/batches/:batchId', { params: { id: work, batchId: batch }, body: { lot: 'X' } })).status).toBe(404);
    expect((await b.call('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: work, batchId: batch } })).status).toBe(404);
    expect((await b.call('GET /api/logbook/works/:id/export.csv', { params: { id: work } })).status).toBe(404);
    expect((await b.call('GET /api/logbook/works/:id/export.pdf', { params: { id: work } })).status).toBe(404);
    expect((await b.call('GET /api/logbook/works', { query: { q: 'PA-CSV' } })).body.result.items).toHaveLength(0);
    expect((await a.call('GET /api/logbook/works/:id', { params: { id: work } })).body.result.batches[0]!.lot).toBe('LOT-4711');
  });
});

describe('function roles', () => {
  it('a K09-only buyer may read but not document; K13 may', async () => {
    const c = env.client();
    expect((await c.login(LAB_A)).status).toBe(200);
    const ben = await env.db.selectFrom('sub_users').select(['id', 'funktionen']).where('kdnr', '=', LAB_A).where('vorname', '=', 'Ben').where('nachname', '=', 'Schulz').executeTakeFirstOrThrow();
    expect(ben.funktionen.split(';').map((f) => f.trim())).toEqual(['K09']);
    expect((await c.call('PUT /api/user/active', { body: { id: ben.id, password: DEMO_PASSWORD } })).status).toBe(200);
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-ROLE' } })).body.result.id;
    expect((await c.call('GET /api/logbook/works')).status).toBe(200);
    expect((await c.call('GET /api/logbook/works/:id', { params: { id: w } })).status).toBe(200);
    for (const r of [
      await c.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-BEN' } }),
      await c.call('PUT /api/logbook/works/:id', { params: { id: w }, body: { auftragsnummer: 'PA-BEN' } }),
      await c.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr } }),
      await c.call('DELETE /api/logbook/works/:id', { params: { id: w } }),
    ]) expect([r.status, r.body.error]).toEqual([403, 'forbidden_function']);

    const tech = await subUserId(LAB_A, (f) => f.split(';').includes('K13'));
    expect(tech).toBeTruthy();
    expect((await c.call('PUT /api/user/active', { body: { id: tech!.id, password: DEMO_PASSWORD } })).status).toBe(200);
    const made = await c.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-TECH' } });
    expect(made.status).toBe(200);
    expect(made.body.result.subUserId).toBe(tech!.id);
    expect((await c.call('POST /api/logbook/works/:id/batches', { params: { id: made.body.result.id }, body: { artnr: art.artnr } })).status).toBe(200);

    const manager = await subUserId(LAB_A, (f) => f.split(';').map((x) => x.trim()).join(';') === 'K07');
    expect(manager).toBeTruthy();
    expect((await c.call('PUT /api/user/active', { body: { id: manager!.id, password: DEMO_PASSWORD } })).status).toBe(200);
    expect((await c.call('PUT /api/logbook/works/:id', { params: { id: w }, body: { auftraggeber: { name: 'K07 darf' } } })).status).toBe(200);
  });
});

describe('scan resolution', () => {
  it('resolves article number, GTIN, manufacturer number with HIBC licence and the shop label URL', async () => {
    const byNr = await guest.call('GET /api/scan/resolve', { query: { code: art.artnr } });
    expect(byNr.status).toBe(200);
    expect(byNr.body.result.article!.Artikelnummer).toBe(art.artnr);
    expect(typeof byNr.body.result.vkz).toBe('string');
    const gs1 = await guest.call('GET /api/scan/resolve', { query: { code: `(01)${art.gtin.padStart(14, '0')}(10)L1` } });
    expect(gs1.body.result.article!.Artikelnummer).toBe(art.artnr);
    const url = await guest.call('GET /api/scan/resolve', { query: { code: `https://shop.example/de/de/shop/artikel/${encodeURIComponent(art.artnr)}-irgendwas/details` } });
    expect(url.body.result.article!.Artikelnummer).toBe(art.artnr);
    const label = await guest.call('GET /api/scan/resolve', { query: { code: productUrl(art.artnr) } }); // what our QR labels carry
    expect(label.body.result.article!.Artikelnummer).toBe(art.artnr);
    const her = await a.call('GET /api/scan/resolve', { query: { code: art.hersteller_artnr } });
    expect(her.body.result.article).not.toBeNull();
    // HIBC primary: + licence + manufacturer number + unit digit + check character
    const data = `+${art.licence}${art.hersteller_artnr.toUpperCase().replace(/[^0-9A-Z]/g, '')}0`;
    const hibc = await guest.call('GET /api/scan/resolve', { query: { code: data + hibcCheckChar(data) } });
    expect(hibc.body.result.scan).toMatchObject({ type: 'hibc', licence: art.licence });
    expect(hibc.body.result.article!.Artikelnummer).toBe(art.artnr);
  });

  it('documents a batch from a scanned HIBC code (manufacturer number and licence)', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'PA-HIBC' } })).body.result.id;
    const primary = `+${art.licence}${art.hersteller_artnr.toUpperCase().replace(/[^0-9A-Z]/g, '')}0`;
    const full = `${primary}/$$3281231LOT77`;
    const raw = full + hibcCheckChar(full);
    const r = await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art.artnr, raw } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ hersteller_lizenz: art.licence, lot: 'LOT77', verfallsdatum: '2028-12-31' });
  });

  it('answers no_product_found with 200', async () => {
    const r = await guest.call('GET /api/scan/resolve', { query: { code: 'ZZZ-NOTHING-HERE-0' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ article: null, error: 'no_product_found' });
    expect((await guest.call('GET /api/scan/resolve', { query: { code: '' } })).status).toBe(400);
    expect((await guest.call('GET /api/scan/resolve')).status).toBe(400);
  });
});
