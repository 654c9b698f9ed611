// One rule per form: the portal's form islands check with the same schemas the server decides with
// (src/api/form-schemas.ts). The same inputs go through the island's check (src/islands/portal/forms/rules.ts)
// and through the API; both must accept or refuse alike, and a refusal must name the same first field
// with the same error key (the server answers the first, the island shows every field's message).
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { contactErrors, digitisationErrors, serviceErrors, templateErrors } from '../../src/islands/portal/forms/rules.ts';
import { setupApi, type Client, type TestEnv } from '../api/harness.ts';

let env: TestEnv;
let guest: Client;
let customer: Client;
let img: Buffer;
const savedScale = config.guestLimitScale;

beforeAll(async () => {
  config.guestLimitScale = 1000; // many guest forms from one address
  env = await setupApi();
  guest = env.client();
  customer = env.client();
  expect((await customer.login(123456)).status).toBe(200);
  img = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#abcdef' } }).jpeg().toBuffer();
});
afterAll(async () => { config.guestLimitScale = savedScale; await env.close(); });

/** The island's verdict: null = sends, else [first field, its key]. */
const verdict = (errors: Record<string, string>): [string, string] | null => {
  const first = Object.entries(errors)[0];
  return first ? [first[0], first[1]] : null;
};
/** The server's verdict on the same input. */
const serverVerdict = (r: { status: number; body: { error?: string; field?: string } }): [string, string] | null => {
  if (r.status === 200) return null;
  expect(r.status).toBe(400);
  return [r.body.field ?? '', r.body.error ?? ''];
};

const contact = {
  anrede: 'W', vorname: 'Erika', nachname: 'Muster', email: 'kontakt@example.org', telefon: '+49 40 555 0101',
  date: '2026-12-1', time: '10:30', nachricht: 'Bitte um Rückruf', artikelnummer: '103736S',
};

describe('contact form: island and server agree', () => {
  const cases: [string, Record<string, string>][] = [
    ['complete', contact],
    ['empty', {}],
    ['no salutation', { ...contact, anrede: '' }],
    ['unknown salutation', { ...contact, anrede: 'Dr' }],
    ['bad e-mail', { ...contact, email: 'nope' }],
    ['bad phone', { ...contact, telefon: 'abc' }],
    ['bad date', { ...contact, date: '2026-13-40' }],
    ['bad time', { ...contact, time: '25:99' }],
    ['blank first name', { ...contact, vorname: '   ' }],
    ['bad customer number', { ...contact, kundennummer: '12' }],
    ['overlong message', { ...contact, nachricht: 'x'.repeat(5001) }],
  ];
  it.each(cases)('%s', async (_, input) => {
    // the island sends the trimmed, non-empty fields
    const sent = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));
    const island = contactErrors(sent);
    const r = await guest.call('POST /api/kontakt', { body: sent });
    expect(serverVerdict(r)).toEqual(verdict(island));
    // every field the island marks is one the server names
    if (r.status === 400) expect(Object.keys(r.body.fields ?? {})).toEqual(Object.keys(island));
  });
});

/** A multipart service request as the island builds it: text fields and `photos` files. */
function serviceBody(fields: Record<string, string>, photos: number): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (let i = 0; i < photos; i++) f.append('photos', new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), `foto${i}.jpg`);
  return f;
}

describe('service forms (multipart): island and server agree', () => {
  const person = { name: 'Erika Muster', email: 'erika@example.org', telefon: '+49 40 123456' };
  const cases: [string, string, Record<string, string>, number][] = [
    ['return, complete', 'retoure', { ...person, kdnr: '123456', lieferschein: 'LS-1', artnr: '103736S', menge: '2', grund: 'Defekt', text: 'Bitte abholen' }, 1],
    ['return without photo', 'retoure', { ...person, kdnr: '123456', lieferschein: 'LS-1', artnr: '103736S', menge: '2', grund: 'Defekt', text: 'x' }, 0],
    ['return without text', 'retoure', { ...person, kdnr: '123456', lieferschein: 'LS-1', artnr: '103736S', menge: '2', grund: 'Defekt' }, 1],
    ['return, quantity 0', 'retoure', { ...person, kdnr: '123456', lieferschein: 'LS-1', artnr: '103736S', menge: '0', grund: 'Defekt', text: 'x' }, 1],
    ['return, bad customer number', 'retoure', { ...person, kdnr: '12', lieferschein: 'LS-1', artnr: '103736S', menge: '1', grund: 'Defekt', text: 'x' }, 1],
    ['return, no delivery note', 'retoure', { ...person, kdnr: '123456', artnr: '103736S', menge: '1', grund: 'Defekt', text: 'x' }, 1],
    ['repair, bad e-mail', 'reparatur', { ...person, email: 'nope', geraet: 'Fräse', fehlerbeschreibung: 'brummt' }, 1],
    ['repair, no name', 'reparatur', { email: 'erika@example.org', geraet: 'Fräse', fehlerbeschreibung: 'brummt' }, 1],
    ['repair, bad phone', 'reparatur', { ...person, telefon: 'abc', geraet: 'Fräse', fehlerbeschreibung: 'brummt' }, 1],
    ['special order, overlong maker', 'sonderbestellung', { ...person, hersteller: 'x'.repeat(201), menge: '1', artikelbeschreibung: 'Set' }, 1],
    ['callback, complete', 'rueckruf', { name: 'Max', telefon: '+49 40 123456', thema: 'Angebot' }, 0],
    ['callback without phone', 'rueckruf', { name: 'Max', thema: 'Angebot' }, 0],
    ['callback without topic', 'rueckruf', { name: 'Max', telefon: '+49 40 123456' }, 0],
  ];
  it.each(cases)('%s', async (_, typ, fields, photos) => {
    const island = serviceErrors({ ...fields, typ, photos });
    const r = await guest.call('POST /api/forms/:typ', { params: { typ }, body: serviceBody(fields, photos) });
    expect(serverVerdict(r)).toEqual(verdict(island));
  });

  it('a customer\'s empty contact fields come from the account on both sides', async () => {
    const fields = { lieferschein: 'LS-1', artnr: '103736S', menge: '1', grund: 'Defekt', text: 'x' };
    // the island fills what the account gives it (number, name, e-mail) like the server does
    const island = serviceErrors({ ...fields, typ: 'retoure', photos: 1, kdnr: '123456', name: 'Labor', email: 'labor@example.org' });
    const r = await customer.call('POST /api/forms/:typ', { params: { typ: 'retoure' }, body: serviceBody(fields, 1) });
    expect([r.status, verdict(island)]).toEqual([200, null]);
  });
});

describe('digitisation (multipart): island and server agree', () => {
  const cabinets = (list: unknown) => JSON.stringify(list);
  const cases: [string, string][] = [
    ['one cabinet, one drawer, one photo', cabinets([{ name: 'Schrank 1', drawers: [{ name: 'Schublade 1', photos: 1 }] }])],
    ['no cabinet', cabinets([])],
    ['a drawer without photo', cabinets([{ name: 'Schrank 1', drawers: [{ name: 'S1', photos: 1 }, { name: 'S2', photos: 0 }] }])],
    ['a cabinet without drawers', cabinets([{ name: 'Schrank 1', drawers: [] }])],
    ['an unnamed drawer', cabinets([{ name: 'Schrank 1', drawers: [{ name: ' ', photos: 1 }] }])],
    ['not JSON', '[{'],
  ];
  it.each(cases)('%s', async (_, json) => {
    const island = digitisationErrors({ cabinets: json });
    const f = new FormData();
    f.set('cabinets', json);
    // photos as the island attaches them: photo_{cabinet}_{drawer}_{n}, one per declared photo
    try {
      (JSON.parse(json) as { drawers: { photos: number }[] }[]).forEach((c, ci) => c.drawers.forEach((d, di) => {
        for (let n = 0; n < d.photos; n++) f.append(`photo_${ci}_${di}_${n}`, new Blob([new Uint8Array(img)], { type: 'image/jpeg' }), 'f.jpg');
      }));
    } catch { /* not JSON: no photos */ }
    const r = await customer.call('POST /api/zahnlager/digitalisierung', { body: f });
    const server = r.status === 200 ? null : r.body.error;
    expect(server).toEqual(verdict(island)?.[1] ?? null);
  });
});

describe('label templates: island and server agree', () => {
  const tpl = {
    name: 'Etiketten', paper: 'A4', orientation: 'portrait', rows: 8, cols: 3, margins: { top: 5, right: 5, bottom: 5, left: 5 },
    padding: 3, non_printable: 3, width: 66, height: 35, sort: 'standard', offset: 0, code_type: 'qr',
  };
  const cases: [string, Record<string, unknown>][] = [
    ['a sheet that fits', tpl],
    ['no name', { ...tpl, name: ' ' }],
    ['0 rows', { ...tpl, rows: 0 }],
    ['31 columns', { ...tpl, cols: 31 }],
    ['negative margin', { ...tpl, margins: { ...tpl.margins, left: -1 } }],
    ['offset past the sheet', { ...tpl, offset: 24 }],
    ['labels too wide for the page', { ...tpl, width: 90 }],
    ['unknown sort', { ...tpl, sort: 'random' }],
  ];
  it.each(cases)('%s', async (_, input) => {
    const island = Object.values(templateErrors(input))[0] ?? null;
    const r = await customer.call('POST /api/labels/templates', { body: input as never });
    expect(r.status === 200 ? null : r.body.error).toEqual(island);
    if (r.status === 200) await customer.call('DELETE /api/labels/templates/:id', { params: { id: r.body.result.id } });
  });
});
