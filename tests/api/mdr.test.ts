// MDR case file (issue 11 part 2): work fields, Annex XIII statement, material ledger, auditor ZIP,
// lot recall across works and tooth storage, expiry window and daily mail, retention refusal, isolation.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../server/jobs/index.ts';
import { sendExpiryMails } from '../../server/lib/mdr-expiry.ts';
import { retainUntil } from '../../src/lib/rules/mdr.ts';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let guest: Client;
let art: { artnr: string; gtin: string; hersteller_artnr: string; hersteller: string };
let art2: string;

const dayPlus = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const yymmdd = (d: string) => d.slice(2).replace(/-/g, '');

async function raw(c: Client, url: string) {
  const cookies = (c as unknown as { cookies: Map<string, string> }).cookies;
  const res = await env.app.request(url, { headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mdr-test-'));
function pdfText(bytes: Buffer): string {
  const f = path.join(tmp, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(f, bytes);
  return execFileSync('pdftotext', ['-layout', f, '-'], { encoding: 'utf8' });
}
const csvRows = (bytes: Buffer) => bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n').map((l) => l.split(';'));

async function drawerWith(c: Client, artnr: string, n: number): Promise<number[]> {
  const cab = await c.call('POST /api/zahnlager/schraenke', { body: { name: `MDR ${Math.random().toString(36).slice(2, 6)}` } });
  const d = await c.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab.body.result.id }, body: { name: 'Lot-Lade', zeilen: 1, spalten: n } });
  const grid = await c.call('GET /api/zahnlager/schubladen/:id', { params: { id: d.body.result.id } });
  const ids = (grid.body.result.grid as any[][]).flat().map((s) => s.id as number);
  for (const id of ids) expect((await c.call('PUT /api/zahnlager/slots/:id', { params: { id }, body: { artikelnummer: artnr, belegt: 1 } })).status).toBe(200);
  return ids;
}

beforeAll(async () => {
  env = await setupApi();
  a = env.client(); b = env.client(); guest = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
  const rows = await env.db.selectFrom('articles as a').innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
    .select(['a.artnr', 'a.gtin', 'a.hersteller_artnr', 'm.name as hersteller']).where('a.gtin', '!=', '').where('a.hersteller_artnr', '!=', '')
    .where('a.aus_sortiment', '=', 0).where('a.artnr', 'not like', '%/%').orderBy('a.artnr').limit(2).execute();
  art = rows[0]!; art2 = rows[1]!.artnr;
});
afterAll(async () => { await env.close(); fs.rmSync(tmp, { recursive: true, force: true }); });

describe('case file of a patient work', () => {
  it('the demo works carry device, patient code and per batch manufacturer, GTIN and technician', async () => {
    const rows = await env.db.selectFrom('batches as b').innerJoin('patient_works as w', 'w.id', 'b.work_id').innerJoin('articles as a', 'a.artnr', 'b.artnr')
      .innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
      .select(['b.hersteller', 'm.name', 'b.gtin', 'a.gtin as art_gtin', 'b.sub_user_id', 'w.sub_user_id as work_user', 'w.geraet', 'w.patient_code'])
      .where('b.kdnr', '=', LAB_A).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.hersteller !== r.name || r.gtin.replace(/^0+/, '') !== r.art_gtin.replace(/^0+/, '') || r.sub_user_id !== r.work_user)).toEqual([]);
    expect(rows.filter((r) => !r.geraet || !/^P-\d{4}$/.test(r.patient_code))).toEqual([]);
  });

  it('stores device, patient code, Annex XIII flags; batches carry manufacturer, GTIN, quantity and the technician', async () => {
    const w = await a.call('POST /api/logbook/works', { body: {
      auftragsnummer: 'MDR-1', auftraggeber: { name: 'Praxis Dr. Weiß', referenz: 'Z-1' }, geraet: 'Brücke 14–16 Zirkon', patientCode: 'PK-0815',
      implantierbar: false, arzneimittel: false, gewebe: true, abweichungen: 'Randschluss regio 16 nach Rücksprache verkürzt',
    } });
    expect(w.status).toBe(200);
    expect(w.body.result).toMatchObject({ geraet: 'Brücke 14–16 Zirkon', patientCode: 'PK-0815', implantierbar: false, gewebe: true, arzneimittel: false });
    expect(w.body.result.retainUntil).toBe(retainUntil(w.body.result.createdAt, false));
    const tech = await env.db.selectFrom('sub_users').select(['id', 'funktionen', 'vorname', 'nachname']).where('kdnr', '=', LAB_A).where('deleted', '=', 0).execute();
    const k13 = tech.find((s) => s.funktionen.split(';').includes('K13'))!;
    const c = env.client();
    await c.login(LAB_A);
    expect((await c.call('PUT /api/user/active', { body: { id: k13.id } })).status).toBe(200);
    const scanned = await c.call('POST /api/logbook/works/:id/batches', { params: { id: w.body.result.id }, body: {
      artnr: art.artnr, raw: `(01)${art.gtin.padStart(14, '0')}(17)${yymmdd(dayPlus(400))}(10)L-MDR-1(21)S-1`, menge: 2.5, einheit: 'g',
    } });
    expect(scanned.status).toBe(200);
    expect(scanned.body.result).toMatchObject({ lot: 'L-MDR-1', gtin: art.gtin.padStart(14, '0'), hersteller: art.hersteller, menge: 2.5, subUserId: k13.id, expiresSoon: false });
    const byHand = await a.call('POST /api/logbook/works/:id/batches', { params: { id: w.body.result.id }, body: { artnr: art2, lot: 'H-2', hersteller: 'Eigenhersteller X', verfallsdatum: dayPlus(10) } });
    expect(byHand.body.result).toMatchObject({ hersteller: 'Eigenhersteller X', menge: 1, subUserId: null, expiresSoon: true });
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: w.body.result.id }, body: { artnr: art2, menge: 0 } })).body.error).toBe('invalid_input');
    expect((await a.call('POST /api/logbook/works/:id/batches', { params: { id: w.body.result.id }, body: { artnr: art2, gtin: '12ab' } })).body.error).toBe('invalid_input');

    // the ledger: one row per batch with manufacturer, REF, LOT, serial, expiry, UDI-DI, quantity, technician
    const csv = csvRows((await raw(a, `/api/mdr/works/${w.body.result.id}/ledger.csv`)).bytes);
    expect(csv[0]).toEqual(['Pos.', 'Datum', 'Techniker', 'Hersteller', 'REF', 'Artikel', 'Bezeichnung', 'LOT', 'Seriennummer', 'Verfall', 'UDI-DI/GTIN', 'Menge', 'Einheit', 'Abgelaufen']);
    expect(csv).toHaveLength(3);
    const col = (name: string) => csv[0]!.indexOf(name);
    expect([csv[1]![col('LOT')], csv[1]![col('Seriennummer')], csv[1]![col('Menge')], csv[1]![col('Einheit')], csv[1]![col('Techniker')], csv[1]![col('REF')], csv[1]![col('UDI-DI/GTIN')]])
      .toEqual(['L-MDR-1', 'S-1', '2.5', 'g', `${k13.vorname} ${k13.nachname}`, art.hersteller_artnr, art.gtin.padStart(14, '0')]);
    expect([csv[2]![col('LOT')], csv[2]![col('Hersteller')], csv[2]![col('Techniker')], csv[2]![col('Verfall')]]).toEqual(['H-2', 'Eigenhersteller X', 'Generalberechtigung', dayPlus(10)]);
    const ledgerPdf = pdfText((await raw(a, `/api/mdr/works/${w.body.result.id}/ledger.pdf`)).bytes);
    expect(ledgerPdf).toContain('Materialnachweis');
    expect(ledgerPdf).toContain('L-MDR-1');
    expect(ledgerPdf).toContain('Eigenhersteller X');
  });

  it('writes the Annex XIII statement in the customer\'s language', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: {
      auftragsnummer: 'MDR-2', auftraggeber: { name: 'Zahnarztpraxis Nord' }, geraet: 'Implantatkrone 36', patientCode: 'MM-77', implantierbar: true, arzneimittel: true,
    } })).body.result;
    const r = await raw(a, `/api/mdr/works/${w.id}/statement.pdf`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(r.bytes).replace(/\s+/g, ' ');
    const cust = await env.db.selectFrom('customers').selectAll().where('kdnr', '=', LAB_A).executeTakeFirstOrThrow();
    for (const s of ['Erklärung zu Sonderanfertigungen', 'Anhang XIII', 'Implantatkrone 36', 'MM-77', 'Zahnarztpraxis Nord', 'Anhang I der Verordnung (EU) 2017/745',
      'Keine – alle Anforderungen sind erfüllt.', 'Enthält einen Stoff, der als Arzneimittel gilt: Ja', 'menschlichen oder tierischen Ursprungs: Nein', cust.strasse, cust.namenszeile1]) {
      expect(text).toContain(s);
    }
    // another customer language: English
    await env.db.updateTable('customers').set({ sprache: 'en' }).where('kdnr', '=', LAB_A).execute();
    try {
      const en = pdfText((await raw(a, `/api/mdr/works/${w.id}/statement.pdf`)).bytes).replace(/\s+/g, ' ');
      expect(en).toContain('Statement concerning custom-made devices');
      expect(en).toContain('Contains a medicinal substance: Yes');
      expect(en).not.toContain('Erklärung');
      // Polish: printed exactly (the embedded Unicode font has ś and ą)
      await env.db.updateTable('customers').set({ sprache: 'pl' }).where('kdnr', '=', LAB_A).execute();
      const pl = pdfText((await raw(a, `/api/mdr/works/${w.id}/statement.pdf`)).bytes).replace(/\s+/g, ' ');
      expect(pl).toContain('Oświadczenie dotyczące wyrobów wykonanych na zamówienie');
    } finally {
      await env.db.updateTable('customers').set({ sprache: cust.sprache }).where('kdnr', '=', LAB_A).execute();
    }
  });

  it('bundles statements and ledgers of a period as a ZIP for an auditor', async () => {
    const today = dayPlus(0);
    const r = await raw(a, `/api/mdr/export.zip?from=${today}&to=${today}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    const f = path.join(tmp, 'a.zip');
    fs.writeFileSync(f, r.bytes);
    const list = execFileSync('unzip', ['-Z1', f], { encoding: 'utf8' }).trim().split('\n');
    const mdr1 = list.filter((n) => n.includes('_MDR-1_'));
    expect(mdr1.map((n) => n.split('/')[1]).sort()).toEqual(['ledger.csv', 'ledger.pdf', 'statement.pdf']);
    execFileSync('unzip', ['-t', '-q', f]); // CRCs and deflate streams are valid
    const csv = execFileSync('unzip', ['-p', f, mdr1.find((n) => n.endsWith('ledger.csv'))!], { encoding: 'utf8' });
    expect(csv).toContain('L-MDR-1');
    const old = await raw(a, '/api/mdr/export.zip?from=2001-01-01&to=2001-12-31');
    expect(old.bytes.length).toBe(22); // an empty archive
    expect((await a.call('GET /api/mdr/export.zip', { query: { from: '2026-05-02', to: '2026-05-01' } })).body.error).toBe('invalid_date');
    expect((await a.call('GET /api/mdr/export.zip')).status).toBe(400);
    // another customer's ZIP holds only its own works
    expect((await b.call('POST /api/logbook/works', { body: { auftragsnummer: 'ZIP-B' } })).status).toBe(200);
    const fb = path.join(tmp, 'b.zip');
    fs.writeFileSync(fb, (await raw(b, `/api/mdr/export.zip?from=${today}&to=${today}`)).bytes);
    const listB = execFileSync('unzip', ['-Z1', fb], { encoding: 'utf8' });
    expect(listB).toContain('_ZIP-B_');
    expect(listB).not.toContain('MDR-1');
  });
});

describe('lot recall', () => {
  it('finds every work that used the LOT and the tooth-storage stock that holds it', async () => {
    const w1 = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'RC-1', patientCode: 'P1' } })).body.result.id;
    const w2 = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'RC-2', patientCode: 'P2' } })).body.result.id;
    const w3 = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'RC-3', patientCode: 'P3' } })).body.result.id;
    await a.call('POST /api/logbook/works/:id/batches', { params: { id: w1 }, body: { artnr: art.artnr, lot: 'RECALL-77' } });
    await a.call('POST /api/logbook/works/:id/batches', { params: { id: w2 }, body: { artnr: art.artnr, raw: `(01)${art.gtin.padStart(14, '0')}(10)recall-77` } });
    await a.call('POST /api/logbook/works/:id/batches', { params: { id: w3 }, body: { artnr: art.artnr, lot: 'OTHER-1' } });
    const wb = (await b.call('POST /api/logbook/works', { body: { auftragsnummer: 'RC-B' } })).body.result.id;
    await b.call('POST /api/logbook/works/:id/batches', { params: { id: wb }, body: { artnr: art.artnr, lot: 'RECALL-77' } });
    const slots = await drawerWith(a, art.artnr, 3);
    expect((await a.call('PUT /api/mdr/stock/:id', { params: { id: slots[0]! }, body: { lot: 'RECALL-77', verfallsdatum: dayPlus(200) } })).body.result).toMatchObject({ lot: 'RECALL-77', expiresSoon: false });
    expect((await a.call('PUT /api/mdr/stock/:id', { params: { id: slots[1]! }, body: { lot: 'OTHER-1' } })).status).toBe(200);
    // slots[2]: same article, no LOT recorded

    const r = await a.call('GET /api/mdr/recall', { query: { lot: 'Recall-77' } });
    expect(r.status).toBe(200);
    expect(r.body.result.works.map((w: any) => w.auftragsnummer).sort()).toEqual(['RC-1', 'RC-2']);
    expect(r.body.result.works.find((w: any) => w.auftragsnummer === 'RC-1')!.patientCode).toBe('P1');
    expect(r.body.result.stock.map((s: any) => [s.slotId, s.match])).toEqual([[slots[0], 'lot'], [slots[2], 'article']]);
    // narrowed by article / by a scanned code
    expect((await a.call('GET /api/mdr/recall', { query: { lot: 'RECALL-77', artnr: art2 } })).body.result.works).toHaveLength(0);
    expect((await a.call('GET /api/mdr/recall', { query: { lot: 'RECALL-77', artnr: art.hersteller_artnr } })).body.result.works).toHaveLength(2);
    const code = encodeURIComponent(`(01)${art.gtin.padStart(14, '0')}(10)RECALL-77`);
    expect((await a.call('GET /api/mdr/recall', { query: { code } })).body.result.works).toHaveLength(2);
    expect((await a.call('GET /api/mdr/recall')).body.error).toBe('lot_required');
    // the export
    const csv = csvRows((await raw(a, '/api/mdr/recall.csv?lot=RECALL-77')).bytes);
    expect(csv).toHaveLength(1 + 2 + 2);
    expect(csv.filter((row) => row[0] === 'Logbuch').map((row) => row[1]).sort()).toEqual(['RC-1', 'RC-2']);
    expect(csv.filter((row) => row[0] === 'Zahnlager').map((row) => row[9])).toEqual(['RECALL-77', 'LOT nicht erfasst']);
    // B sees only its own work, none of A's stock
    const rb = (await b.call('GET /api/mdr/recall', { query: { lot: 'RECALL-77' } })).body.result;
    expect(rb.works.map((w: any) => w.auftragsnummer)).toEqual(['RC-B']);
    expect(rb.stock).toHaveLength(0);
  });
});

describe('expiry', () => {
  it('flags stock expiring within 30 days or past, in the logbook and in tooth storage', async () => {
    const slots = await drawerWith(a, art2, 4);
    await a.call('PUT /api/mdr/stock/:id', { params: { id: slots[0]! }, body: { lot: 'EXP-PAST', verfallsdatum: dayPlus(-1) } });
    await a.call('PUT /api/mdr/stock/:id', { params: { id: slots[1]! }, body: { lot: 'EXP-30', verfallsdatum: dayPlus(30) } });
    await a.call('PUT /api/mdr/stock/:id', { params: { id: slots[2]! }, body: { lot: 'EXP-31', verfallsdatum: dayPlus(31) } });
    const grid = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: (await env.db.selectFrom('zahnlager_slots').select('schublade_id').where('id', '=', slots[0]!).executeTakeFirstOrThrow()).schublade_id } })).body.result.grid.flat();
    expect(grid.map((s: any) => [s.lot, s.expiresSoon])).toEqual([['EXP-PAST', true], ['EXP-30', true], ['EXP-31', false], ['', false]]);
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'EXP-W' } })).body.result.id;
    await a.call('POST /api/logbook/works/:id/batches', { params: { id: w }, body: { artnr: art2, lot: 'EXP-LB', verfallsdatum: dayPlus(5) } });
    const items = (await a.call('GET /api/mdr/expiring')).body.result.items;
    const lots = items.map((i: any) => `${i.source}:${i.lot}`);
    expect(lots).toEqual(expect.arrayContaining(['stock:EXP-PAST', 'stock:EXP-30', 'logbook:EXP-LB']));
    expect(lots).not.toContain('stock:EXP-31');
    expect(items.find((i: any) => i.lot === 'EXP-PAST')!.expired).toBe(true);
    expect((await b.call('GET /api/mdr/expiring')).body.result.items.map((i: any) => i.lot)).not.toContain('EXP-PAST');
    expect((await a.call('PUT /api/mdr/stock/:id', { params: { id: slots[0]! }, body: { verfallsdatum: '31.12.2027' } })).body.error).toBe('invalid_date');
  });

  it('mails the account and its K07/K13 users once per day, in the customer\'s language', async () => {
    await env.db.updateTable('customers').set({ email: 'labor-a@example.test' }).where('kdnr', '=', LAB_A).execute();
    const subs = await env.db.selectFrom('sub_users').select(['id', 'funktionen']).where('kdnr', '=', LAB_A).where('deleted', '=', 0).execute();
    for (const s of subs) await env.db.updateTable('sub_users').set({ email: `sub${s.id}@example.test` }).where('id', '=', s.id).execute();
    const today = dayPlus(0);
    const before = await env.db.selectFrom('mails').select('id').where('kind', '=', 'mdr_expiry').execute();
    const first = await sendExpiryMails(env.db, today);
    expect(first).toContain(LAB_A);
    const mails = await env.db.selectFrom('mails').selectAll().where('kind', '=', 'mdr_expiry').where('id', 'not in', before.length ? before.map((m) => m.id) : [0]).execute();
    const toA = mails.filter((m) => m.to_addr === 'labor-a@example.test');
    expect(toA).toHaveLength(1);
    expect(toA[0]!.body).toContain('EXP-PAST');
    expect(toA[0]!.body).toContain('EXP-LB');
    expect(toA[0]!.body).not.toContain('EXP-31');
    expect(toA[0]!.subject).toMatch(/^MDR: \d+ Chargen/);
    expect(toA[0]!.body).toMatch(/^- \d{2}\.\d{2}\.\d{4}/m);
    const wanted = subs.filter((s) => s.funktionen.split(';').some((f) => f === 'K07' || f === 'K13')).map((s) => `sub${s.id}@example.test`).sort();
    const others = subs.filter((s) => !s.funktionen.split(';').some((f) => f === 'K07' || f === 'K13')).map((s) => `sub${s.id}@example.test`);
    expect(wanted.length).toBeGreaterThan(0);
    expect(mails.map((m) => m.to_addr).filter((t) => t.startsWith('sub')).sort()).toEqual(wanted);
    expect(mails.some((m) => others.includes(m.to_addr))).toBe(false);
    // the second run of the day sends nothing; the next day mails again
    expect(await sendExpiryMails(env.db, today)).not.toContain(LAB_A);
    expect(await env.db.selectFrom('mails').select('id').where('kind', '=', 'mdr_expiry').where('to_addr', '=', 'labor-a@example.test').execute()).toHaveLength(1);
    expect(await sendExpiryMails(env.db, dayPlus(1))).toContain(LAB_A);
    // another language
    await env.db.updateTable('customers').set({ sprache: 'fr' }).where('kdnr', '=', LAB_A).execute();
    await sendExpiryMails(env.db, dayPlus(2));
    const fr = await env.db.selectFrom('mails').select(['subject', 'body']).where('kind', '=', 'mdr_expiry').where('to_addr', '=', 'labor-a@example.test').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(fr.subject).toMatch(/lots arrivent à péremption/);
    // expiry dates as French writes them (05/01/2027), not the stored ISO day
    const [y, mo, d] = dayPlus(5).split('-');
    expect(fr.body).toContain(`${d}/${mo}/${y}`);
    expect(fr.body).not.toContain(dayPlus(5));
    await env.db.updateTable('customers').set({ sprache: 'de' }).where('kdnr', '=', LAB_A).execute();
    // two instances running the day at the same time: the day's row lets only one of them mail
    const both = await Promise.all([sendExpiryMails(env.db, dayPlus(3)), sendExpiryMails(env.db, dayPlus(3))]);
    expect(both.flat().filter((k) => k === LAB_A)).toHaveLength(1);
    const rows = await env.db.selectFrom('mdr_expiry_mails').select('day').where('kdnr', '=', LAB_A).orderBy('day').execute();
    expect(rows.map((r) => r.day)).toEqual([today, dayPlus(1), dayPlus(2), dayPlus(3)]);
  });

  it('runs as the singleton job mdr-expiry-mail of the shop', async () => {
    const stop = startJobs(env.db);
    try {
      await expect.poll(async () => (await env.db.selectFrom('job_leases').select('name').where('name', '=', 'mdr-expiry-mail').execute()).length, { timeout: 5000 }).toBe(1);
    } finally { await stop(); }
  });
});

describe('retention', () => {
  it('refuses to delete a work or its batches before 10 years (15 when implantable), allows it after', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'RET-1' } })).body.result;
    const bt = (await a.call('POST /api/logbook/works/:id/batches', { params: { id: w.id }, body: { artnr: art.artnr, lot: 'R1' } })).body.result;
    const del = await a.call('DELETE /api/logbook/works/:id', { params: { id: w.id } });
    expect([del.status, del.body.error, del.body.retainUntil]).toEqual([409, 'error_retention_period', retainUntil(w.createdAt, false)]);
    expect((await a.call('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: w.id, batchId: bt.id } })).body.error).toBe('error_retention_period');
    expect((await a.call('GET /api/logbook/works/:id', { params: { id: w.id } })).body.result.batches).toHaveLength(1);
    // 10 years and a day ago: deletable unless implantable (15 years)
    const old = new Date(Date.now() - (10 * 365 + 4) * 86_400_000).toISOString();
    await env.db.updateTable('patient_works').set({ created_at: old, implantierbar: 1 }).where('id', '=', w.id).execute();
    expect((await a.call('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: w.id, batchId: bt.id } })).body.error).toBe('error_retention_period');
    expect((await a.call('PUT /api/logbook/works/:id', { params: { id: w.id }, body: { implantierbar: false } })).body.result.retainUntil).toBe(retainUntil(old, false));
    expect((await a.call('DELETE /api/logbook/works/:id/batches/:batchId', { params: { id: w.id, batchId: bt.id } })).status).toBe(200);
    expect((await a.call('DELETE /api/logbook/works/:id', { params: { id: w.id } })).body.result.deleted).toBe(w.id);
  });
});

describe('isolation and access', () => {
  it('another customer gets 404, a guest 401, a K09 buyer reads but does not record stock', async () => {
    const w = (await a.call('POST /api/logbook/works', { body: { auftragsnummer: 'ISO-1' } })).body.result.id;
    for (const route of ['GET /api/mdr/works/:id/statement.pdf', 'GET /api/mdr/works/:id/ledger.csv', 'GET /api/mdr/works/:id/ledger.pdf'] as const) {
      expect((await b.call(route, { params: { id: w } })).status).toBe(404);
      expect((await guest.call(route, { params: { id: w } })).status).toBe(401);
    }
    for (const u of ['/api/mdr/recall?lot=X', '/api/mdr/recall.csv?lot=X', '/api/mdr/expiring', '/api/mdr/export.zip?from=2026-01-01&to=2026-01-02']) {
      expect((await guest.get(u)).status).toBe(401);
    }
    const [slot] = await drawerWith(a, art.artnr, 1);
    expect((await b.call('PUT /api/mdr/stock/:id', { params: { id: slot! }, body: { lot: 'X' } })).status).toBe(404);
    expect((await guest.call('PUT /api/mdr/stock/:id', { params: { id: slot! }, body: { lot: 'X' } })).status).toBe(401);
    const ben = await env.db.selectFrom('sub_users').select('id').where('kdnr', '=', LAB_A).where('vorname', '=', 'Ben').where('nachname', '=', 'Schulz').executeTakeFirstOrThrow();
    const c = env.client();
    await c.login(LAB_A);
    expect((await c.call('PUT /api/user/active', { body: { id: ben.id } })).status).toBe(200);
    expect((await c.get(`/api/mdr/works/${w}/ledger.csv`)).status).toBe(200);
    expect((await c.call('GET /api/mdr/recall', { query: { lot: 'X' } })).status).toBe(200);
    const k09 = await c.call('PUT /api/mdr/stock/:id', { params: { id: slot! }, body: { lot: 'X' } });
    expect([k09.status, k09.body.error]).toEqual([403, 'forbidden_function']);
    expect((await c.call('DELETE /api/logbook/works/:id', { params: { id: w } })).body.error).toBe('forbidden_function');
  });
});
