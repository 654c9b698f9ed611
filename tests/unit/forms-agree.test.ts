// One rule per form: the same inputs through the island's check (what RegisterForm, KundendatenForm and
// CheckoutView run before sending) and through the server's call give the same decision and the same
// field → error key map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressErrors, fastRegisterErrors, kundendatenErrors, registerErrors, type FieldErrors } from '../../src/lib/rules/forms.ts';
import { LAB_A, setupApi, type Client, type TestEnv } from '../api/harness.ts';

let env: TestEnv;
let lab: Client;
let labEmail: string;
beforeAll(async () => {
  env = await setupApi();
  lab = env.client();
  expect((await lab.login(LAB_A)).status).toBe(200);
  labEmail = (await lab.call('GET /api/user/infos')).body.result.eMail;
});
afterAll(async () => { await env.close(); });

type Case = [name: string, values: Record<string, string>];
let serial = 0;
const unique = (p: string) => `${p}-${Date.now()}-${++serial}@forms-agree.example`;

/** The server's field errors of an answer: the `fields` map (registration, customer data) or `reasons` (address). */
function serverErrors(r: { status: number; body: Record<string, unknown> }): FieldErrors {
  if (r.status === 200) return {};
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return (r.body.reasons ?? r.body.fields) as FieldErrors;
}

async function agree(island: (v: Record<string, string>) => FieldErrors, send: (v: Record<string, string>) => Promise<{ status: number; body: any }>, cases: Case[]) {
  for (const [name, values] of cases) {
    const mine = island(values);
    const r = await send(values);
    expect({ name, ok: r.status === 200 }).toEqual({ name, ok: Object.keys(mine).length === 0 });
    expect(serverErrors(r), name).toEqual(mine);
  }
}

const registration = (over: Record<string, string> = {}) => {
  const mail = unique('reg');
  return {
    eMail: mail, eMail2: mail, Kennwort: 'Geheim-123', Kennwort2: 'Geheim-123', Anrede: 'ka', Vorname: 'Eva', Nachname: 'Muster',
    NamensZeile1: 'Labor Muster', Strasse: 'Weg 1', PLZ: '20095', Ort: 'Hamburg', LandISO2: 'DE', TelefonRufnummer: '040 123456', Branche: '1',
    ...over,
  };
};

describe('registration: island and server agree', () => {
  it('valid, each invalid field, several at once', async () => {
    await agree(registerErrors, (v) => env.client().post('/api/register', v), [
      ['valid', registration()],
      ['Vorname blank', registration({ Vorname: '' })],
      ['Branche missing', registration({ Branche: '' })],
      ['Branche out of range', registration({ Branche: '31' })],
      ['password short', registration({ Kennwort: 'kurz', Kennwort2: 'kurz' })],
      ['password mismatch', registration({ Kennwort2: 'Geheim-124' })],
      ['e-mail invalid', registration({ eMail: 'kein-mail', eMail2: 'kein-mail' })],
      ['e-mail repeat missing', registration({ eMail2: '' })],
      ['e-mail mismatch', registration({ eMail2: 'andere@forms-agree.example' })],
      ['postal code', registration({ PLZ: '123' })],
      ['numeric', registration({ AnzahlTechniker: 'viele' })],
      ['birth date', registration({ Geburtsdatum: '2001-02-30' })],
      ['phone', registration({ TelefonRufnummer: 'abc' })],
      ['area code', registration({ TelefonVorwahl: 'abc' })],
      ['url', registration({ Internetadresse: 'kein url' })],
      ['salutation', registration({ Anrede: 'X' })],
      ['customer number format', { ...registration({ Kundennummer: '12a' }) }],
      ['existing customer: fields of the online access only', { Kundennummer: '123456', PLZ: '', eMail: '', eMail2: '', Kennwort: '', Kennwort2: '' }],
      ['several', registration({ Vorname: '', PLZ: '1', eMail2: 'x@y.example', Kennwort2: 'anders-123' })],
    ]);
  });
});

const fast = (over: Record<string, string> = {}) => {
  const mail = unique('fast');
  return { eMail: mail, eMail2: mail, Kennwort: 'Schnell-123', Kennwort2: 'Schnell-123', NamensZeile1: 'Schnell-Labor', PLZ: '20095', LandISO2: 'DE', ...over };
};

describe('quick registration: island and server agree (the e-mail twice, section 5)', () => {
  it('valid and each invalid field', async () => {
    await agree(fastRegisterErrors, (v) => env.client().post('/api/register/fast', v), [
      ['valid', fast()],
      ['e-mail repeat missing', fast({ eMail2: '' })],
      ['e-mail mismatch', fast({ eMail2: 'andere@forms-agree.example' })],
      ['company blank', fast({ NamensZeile1: '' })],
      ['postal code for the country', fast({ PLZ: '10101', LandISO2: 'AT' })],
      ['country blank', fast({ LandISO2: '' })],
      ['password mismatch', fast({ Kennwort2: 'x' })],
      ['password short', fast({ Kennwort: 'kurz', Kennwort2: 'kurz' })],
    ]);
  });
});

describe('customer data: island and server agree', () => {
  it('valid, each invalid field, the e-mail twice only when it changes', async () => {
    const data = (over: Record<string, string> = {}) => ({
      Vorname: 'Petra', Nachname: 'Muster', NamensZeile1: 'Dentallabor', Strasse: 'Weg 2', PLZ: '20095', Ort: 'Hamburg', LandISO2: 'DE',
      eMail: labEmail, TelefonRufnummer: '040 99', ...over,
    });
    await agree((v) => kundendatenErrors(v, labEmail), (v) => lab.put('/api/user/kundendaten', v), [
      ['valid', data()],
      ['Nachname blank', data({ Nachname: '' })],
      ['postal code', data({ PLZ: '2009' })],
      ['phone', data({ TelefonRufnummer: 'abc' })],
      ['industry', data({ Branche: '99' })],
      ['new e-mail without repeat', data({ eMail: 'neu@forms-agree.example' })],
      ['new e-mail repeated differently', data({ eMail: 'neu@forms-agree.example', eMail2: 'alt@forms-agree.example' })],
      ['e-mail invalid', data({ eMail: 'kein-mail', eMail2: 'kein-mail' })],
      ['birth date in the future', data({ Geburtsdatum: '2999-01-01' })],
      ['language', data({ Sprache: '1x' })],
    ]);
  });
});

describe('delivery address: island and server agree', () => {
  it('valid, each invalid field, several at once', async () => {
    const addr = (over: Record<string, string> = {}) => ({
      firma_name: 'Labor Nord', zusatz1: '', zusatz2: '', ansprechpartner: 'Frau Nord', strasse: 'Hafen 3', plz: '20457', ort: 'Hamburg', land_iso2: 'DE', ...over,
    });
    await agree(addressErrors, (v) => lab.post('/api/checkout/addresses', v), [
      ['valid', addr()],
      ['company blank', addr({ firma_name: '  ' })],
      ['street blank', addr({ strasse: '' })],
      ['postal code for the country', addr({ plz: '2045' })],
      ['postal code of another country', addr({ plz: '1010', land_iso2: 'AT' })],
      ['country format', addr({ land_iso2: 'Deutschland' })],
      ['too long', addr({ ort: 'H'.repeat(81) })],
      ['markup', addr({ zusatz1: '<b>' })],
      ['several', addr({ firma_name: '', plz: '', ort: 'x'.repeat(90) })],
    ]);
  });
});
