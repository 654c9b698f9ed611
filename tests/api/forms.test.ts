import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { sniffImage } from '../../server/lib/uploads.ts';
import { heifFile, LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let guest: Client;
let artnr: string;
let img: Buffer;
let uploadDir: string;
const savedScale = config.guestLimitScale;

function fd(fields: Record<string, string>, photos: (Buffer | string)[] = [], photoField = 'photos') {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const p of photos) f.append(photoField, new Blob([typeof p === 'string' ? p : new Uint8Array(p)]), 'foto.jpg');
  return f;
}
const contact = { name: 'Erika Muster', email: 'erika@example.org', telefon: '+49 40 123456' };
const retoure = () => ({ ...contact, kdnr: '123456', lieferschein: 'LS-4711', artnr, menge: '2', grund: 'Falsch geliefert', text: 'Bitte abholen' });
const mailsTo = (to: string) => env.db.selectFrom('mails').selectAll().where('to_addr', '=', to).execute();

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'forms-uploads-'));
  config.uploadDir = uploadDir;
  config.guestLimitScale = 100; // these tests send many guest forms from one address (the limits: sec-public-forms.test.ts)
  env = await setupApi();
  a = env.client(); b = env.client(); guest = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
  artnr = (await env.db.selectFrom('articles').select('artnr').orderBy('artnr').limit(1).executeTakeFirstOrThrow()).artnr;
  img = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer();
});
afterAll(async () => { config.guestLimitScale = savedScale; await env.close(); fs.rmSync(uploadDir, { recursive: true, force: true }); });

describe('service forms', () => {
  it('a guest sends a return with a photo and gets a reference; no mail goes to the address the guest typed', async () => {
    const r = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), [img]) });
    expect(r.status).toBe(200);
    expect(r.body.result.referenz).toMatch(/^RT-\d{4}-\d{6}$/);
    const row = await env.db.selectFrom('service_requests').selectAll().where('referenz', '=', r.body.result.referenz).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ typ: 'retoure', kdnr: null, status: 'received' });
    expect(JSON.parse(row.data_json).fields).toMatchObject({ kdnr: 123456, lieferschein: 'LS-4711', artnr, menge: 2 });
    const ups = await env.db.selectFrom('uploads').selectAll().where('owner', '=', 'service_request').where('owner_id', '=', row.id).execute();
    expect(ups).toHaveLength(1);
    expect(ups[0]!.file.startsWith(`guest${path.sep}`)).toBe(true);
    expect(ups[0]!.thumb).toBeTruthy();
    expect(await mailsTo('erika@example.org')).toHaveLength(0);
    // references count up per type and year
    const r2 = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), [img]) });
    expect(Number(r2.body.result.referenz.slice(-6))).toBe(Number(r.body.result.referenz.slice(-6)) + 1);
  });

  it('requires a photo and a text for service requests', async () => {
    const noPhoto = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure()) });
    expect([noPhoto.status, noPhoto.body.error]).toEqual([400, 'service_photo_required']);
    const noText = await guest.call('POST /api/forms/:typ', { params: { typ: 'reparatur' }, body: fd({ ...contact, geraet: 'Fräse X1', fehlerbeschreibung: '  ' }, [img]) });
    expect([noText.status, noText.body.error, noText.body.field]).toEqual([400, 'service_text_required', 'fehlerbeschreibung']);
    for (const [typ, fields] of [
      ['transportschaden', { ...contact, lieferschein: 'LS-1', schaden: 'Karton eingedrückt' }],
      ['sonderbestellung', { ...contact, artikelbeschreibung: 'Sonderfräser 2 mm', menge: '3' }],
      ['ersatzteil', { ...contact, geraet: 'Ofen', teil: 'Heizspirale', menge: '1' }],
    ] as const) {
      expect((await guest.call('POST /api/forms/:typ', { params: { typ }, body: fd(fields) })).body.error).toBe('service_photo_required');
      const ok = await guest.call('POST /api/forms/:typ', { params: { typ }, body: fd(fields, [img]) });
      expect(ok.status).toBe(200);
    }
  });

  it('checks the typ fields and the contact', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ lieferschein: '' }, 'please_fill_in', 'lieferschein'],
      [{ kdnr: '' }, 'please_fill_in', 'kdnr'],
      [{ kdnr: 'abc' }, 'invalid_kdnr_format', 'kdnr'],
      [{ menge: '0' }, 'error_menge', 'menge'],
      [{ menge: '1.5' }, 'error_menge', 'menge'],
      [{ artnr: 'GIBTS-NICHT' }, 'error_artnr', 'artnr'],
      [{ grund: '' }, 'please_fill_in', 'grund'],
      [{ name: '' }, 'please_fill_in', 'name'],
      [{ email: '' }, 'please_fill_in', 'email'],
      [{ email: 'kein-at' }, 'invalid_email', 'email'],
      [{ telefon: 'abc' }, 'invalid_phone', 'telefon'],
      [{ grund: 'x'.repeat(201) }, 'too_long', 'grund'],
    ];
    for (const [patch, key, field] of cases) {
      const r = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd({ ...retoure(), ...patch }, [img]) });
      expect([r.status, r.body.error, r.body.field]).toEqual([400, key, field]);
    }
    expect((await guest.call('POST /api/forms/:typ', { params: { typ: 'umtausch' }, body: fd(retoure(), [img]) })).status).toBe(404);
    expect((await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: retoure()  as never})).body.error).toBe('multipart_required');
  });

  it('checks the photos', async () => {
    const text = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), ['%PDF-1.4 not a photo']) });
    expect([text.status, text.body.error]).toEqual([415, 'upload_type']);
    const big = Buffer.alloc(15 * 1024 * 1024 + 1, 0);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const tooBig = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), [big]) });
    expect([tooBig.status, tooBig.body.error]).toEqual([413, 'upload_too_large']);
    const many = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), Array(11).fill(img)) });
    expect(many.body.error).toBe('too_many_photos');
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).webp().toBuffer();
    const ok = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), [webp, img], 'photo') });
    expect(ok.status).toBe(200);
    const wrongField = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), [img], 'anhang') });
    expect([wrongField.status, wrongField.body.field]).toEqual([400, 'anhang']);
  });

  it('recognises image types by their first bytes, not by name', async () => {
    const heic = heifFile();
    expect(sniffImage(img)?.mime).toBe('image/jpeg');
    expect(sniffImage(heic)?.mime).toBe('image/heic');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    // an iPhone photo is decoded and kept as a JPEG, with its thumbnail
    const r = await a.call('POST /api/forms/:typ', { params: { typ: 'transportschaden' }, body: fd({ lieferschein: 'LS-2', schaden: 'Glas gebrochen' }, [heic]) });
    expect(r.status).toBe(200);
    expect(r.body.result.photos[0]!.thumbUrl).not.toBeNull();
    expect((await a.get(r.body.result.photos[0]!.url)).headers.get('content-type')).toBe('image/jpeg');
    expect((await a.get(`${r.body.result.photos[0]!.url}/thumb`)).status).toBe(200);
  });

  it('a callback request needs no photo', async () => {
    const r = await guest.call('POST /api/forms/:typ', { params: { typ: 'rueckruf' }, body: fd({ name: 'Max Muster', telefon: '040 998877', wunschtermin: 'morgen 10 Uhr', thema: 'Beratung Fräsen' }) });
    expect(r.status).toBe(200);
    expect(r.body.result.referenz).toMatch(/^RR-\d{4}-\d{6}$/);
    expect((await guest.call('POST /api/forms/:typ', { params: { typ: 'rueckruf' }, body: fd({ name: 'Max', thema: 'x' }) })).body).toMatchObject({ error: 'please_fill_in', field: 'telefon' });
    expect((await guest.call('POST /api/forms/:typ', { params: { typ: 'rueckruf' }, body: fd({ name: 'Max', telefon: '12', thema: 'x' }) })).body.error).toBe('invalid_phone');
    expect((await guest.call('POST /api/forms/:typ', { params: { typ: 'rueckruf' }, body: fd({ name: 'Max', telefon: '040 998877' }) })).body.error).toBe('service_text_required');
  });

  it('a customer sends with the account contact and reads only own requests', async () => {
    const r = await a.call('POST /api/forms/:typ', { params: { typ: 'reparatur' }, body: fd({ geraet: 'Fräse X1', seriennummer: 'SN-1', fehlerbeschreibung: 'Spindel läuft unrund' }, [img]) });
    expect(r.status).toBe(200);
    const ref = r.body.result.referenz;
    expect(ref).toMatch(/^RP-/);
    expect(r.body.result.photos).toHaveLength(1);
    const mine = await a.call('GET /api/forms/:referenz', { params: { referenz: ref } });
    expect(mine.status).toBe(200);
    expect(mine.body.result).toMatchObject({ referenz: ref, typ: 'reparatur', status: 'received' });
    expect((mine.body.result.data.contact as { email: string }).email).toBe('labor@example.com');
    // the copy goes to the customer's verified account address
    expect((await mailsTo('labor@example.com')).some((m) => m.subject.includes(ref))).toBe(true);
    const photo = mine.body.result.photos[0];
    expect((await a.get(photo!.thumbUrl!)).status).toBe(200);
    expect((await a.get(photo!.url)).headers.get('content-type')).toBe('image/jpeg');
    expect((await a.call('GET /api/forms')).body.result.some((x: any) => x.referenz === ref)).toBe(true);
    // isolation
    expect((await b.call('GET /api/forms/:referenz', { params: { referenz: ref } })).status).toBe(404);
    expect((await b.get(photo!.url)).status).toBe(404);
    expect((await b.get(photo!.thumbUrl!)).status).toBe(404);
    expect((await guest.call('GET /api/forms/:referenz', { params: { referenz: ref } })).status).toBe(401);
    expect((await guest.call('GET /api/forms')).status).toBe(401);
    expect((await b.call('GET /api/forms')).body.result.some((x: any) => x.referenz === ref)).toBe(false);
    expect((await a.call('GET /api/forms/:referenz', { params: { referenz: 'kaputt' } })).status).toBe(404);
    // guests' requests are not readable by customers
    const g = await guest.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd(retoure(), [img]) });
    expect((await a.call('GET /api/forms/:referenz', { params: { referenz: g.body.result.referenz } })).status).toBe(404);
    // the return's customer number is the session's
    const rt = await a.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: fd({ ...retoure(), kdnr: '999999' }, [img]) });
    const row = await env.db.selectFrom('service_requests').select(['data_json', 'kdnr']).where('referenz', '=', rt.body.result.referenz).executeTakeFirstOrThrow();
    expect(row.kdnr).toBe(LAB_A);
    expect(JSON.parse(row.data_json).fields.kdnr).toBe(LAB_A);
  });
});

describe('contact form', () => {
  const full = {
    anrede: 'W', vorname: 'Erika', nachname: 'Muster', email: 'kontakt@example.org', telefon: '+49 40 555 0101',
    date: '2026-3-9', time: '9:30', betreff: 'Frage', nachricht: 'Bitte um Rückruf', artikelnummer: 'A-1234',
  };

  it('stores the message and answers the reference; the copy goes only to a customer\'s verified address', async () => {
    const r = await guest.call('POST /api/kontakt', { body: full });
    expect(r.status).toBe(200);
    expect(r.body.result.referenz).toMatch(/^KT-\d{4}-\d{6}$/);
    const row = await env.db.selectFrom('service_requests').selectAll().where('referenz', '=', r.body.result.referenz).executeTakeFirstOrThrow();
    expect(JSON.parse(row.data_json)).toMatchObject({ vorname: 'Erika', date: '2026-3-9', time: '9:30' });
    expect(await mailsTo('kontakt@example.org')).toHaveLength(0);
    const own = await a.call('POST /api/kontakt', { body: full });
    expect((await a.call('GET /api/forms/:referenz', { params: { referenz: own.body.result.referenz } })).body.result.data.kundennummer).toBe(String(LAB_A));
    expect(await mailsTo('kontakt@example.org')).toHaveLength(0);
    expect((await mailsTo('labor@example.com')).some((m) => m.subject.includes(own.body.result.referenz))).toBe(true);
  });

  it('requires every field of section 5 with field-specific keys', async () => {
    const empty = await guest.call('POST /api/kontakt', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'please_fill_in', field: 'date' });
    expect(Object.keys(empty.body.fields).sort()).toEqual(['anrede', 'artikelnummer', 'date', 'email', 'nachname', 'nachricht', 'telefon', 'time', 'vorname']);
    const cases: [Record<string, string>, string, string][] = [
      [{ date: '9.3.2026' }, 'invalid_date', 'date'], [{ date: '2026-2-30' }, 'invalid_date', 'date'],
      [{ email: 'nope' }, 'invalid_email', 'email'], [{ vorname: ' ' }, 'please_fill_in', 'vorname'],
      [{ nachname: '' }, 'please_fill_in', 'nachname'], [{ nachricht: '' }, 'please_fill_in', 'nachricht'],
      [{ telefon: 'abc' }, 'invalid_phone', 'telefon'], [{ artikelnummer: '' }, 'please_fill_in', 'artikelnummer'],
      [{ anrede: '' }, 'please_fill_in', 'anrede'], [{ anrede: 'X' }, 'field_invalid', 'anrede'],
      [{ time: '25:00' }, 'invalid_time', 'time'], [{ time: '' }, 'please_fill_in', 'time'],
      [{ kundennummer: 'abc' }, 'invalid_kdnr_format', 'kundennummer'], [{ nachricht: 'x'.repeat(5001) }, 'too_long', 'nachricht'],
    ];
    for (const [patch, key, field] of cases) {
      const r = await guest.call('POST /api/kontakt', { body: { ...full, ...patch } });
      expect([r.status, r.body.error, r.body.field ?? r.body.issues?.[0]?.path]).toEqual([400, key, field]);
    }
    for (const anrede of ['D', 'ka', 'M', 'W']) expect((await guest.call('POST /api/kontakt', { body: { ...full, anrede } })).status).toBe(200);
  });
});
