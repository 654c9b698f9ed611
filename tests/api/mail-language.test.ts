// Mails go out in the customer's language (his session's, which a login takes from his customer data):
// order confirmation and release mails, service-form and contact copies, account mails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCart, LAB_A, LAB_B, plainArticle, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;

beforeAll(async () => { env = await setupApi(); });
afterAll(async () => { await env.close(); });

async function loginAs(kdnr: number, sprache: string): Promise<Client> {
  await env.db.updateTable('customers').set({ sprache }).where('kdnr', '=', kdnr).execute();
  const c = env.client();
  expect((await c.login(kdnr)).status).toBe(200);
  return c;
}

async function mailsOf(kdnr: number, kind: string) {
  const { email } = await env.db.selectFrom('customers').select('email').where('kdnr', '=', kdnr).executeTakeFirstOrThrow();
  return env.db.selectFrom('mails').select(['subject', 'body']).where('to_addr', '=', email!).where('kind', '=', kind).orderBy('id', 'desc').execute();
}

async function order(c: Client, key: string): Promise<number> {
  const { artnr } = await plainArticle(env.db);
  await fillCart(c, artnr, 1);
  const r = await c.call('POST /api/checkout/submit', { query: { country: 'de' }, body: {}, headers: { 'idempotency-key': key } });
  expect(r.status).toBe(200);
  return r.body.result.auftrag;
}

describe('mails in the customer\'s language', () => {
  it('an order mail to a French lab is French: subject, body, money block and article names', async () => {
    const c = await loginAs(LAB_B, 'fr');
    const auftrag = await order(c, `fr-${Date.now()}`);
    const [m] = await mailsOf(LAB_B, 'order_confirmation');
    expect(m!.subject).toBe(`Votre commande ${auftrag}`);
    for (const s of ['Bonjour', `Nous l’avons reçue sous le numéro de commande ${auftrag}.`, 'Sous-total\u00a0:', 'Total HT\u00a0:', 'Total TTC\u00a0:', 'Adresse de livraison\u00a0:', 'L’équipe ']) {
      expect(m!.body).toContain(s);
    }
    for (const s of ['Guten Tag', 'Zwischensumme', 'Summe netto', 'Lieferadresse', 'Ihr Team']) expect(m!.body).not.toContain(s);
    // the delivery address names its country in French, not by its code
    expect(m!.body).toMatch(/^ {2}Allemagne$/m);
    expect(m!.body).not.toMatch(/^ {2}DE$/m);
    const { artnr } = await plainArticle(env.db);
    const fr = await env.db.selectFrom('article_texts').select('bezeichnung').where('artnr', '=', artnr).where('lang', '=', 'fr').executeTakeFirst();
    if (fr) expect(m!.body).toContain(fr.bezeichnung);
  });

  it('an order mail to a Polish lab is Polish, with the letters of its script', async () => {
    const c = await loginAs(LAB_B, 'pl');
    const auftrag = await order(c, `pl-${Date.now()}`);
    const [m] = await mailsOf(LAB_B, 'order_confirmation');
    expect(m!.subject).toBe(`Państwa zamówienie ${auftrag}`);
    for (const s of ['Dzień dobry', `Dziękujemy za zamówienie. Otrzymaliśmy je pod numerem zamówienia ${auftrag}.`, 'Suma częściowa:', 'Suma netto:', 'Suma brutto:', 'Adres dostawy:']) {
      expect(m!.body).toContain(s);
    }
    expect(m!.body).not.toContain('Zwischensumme');
    expect(m!.body).toMatch(/^ {2}Niemcy$/m);
  });

  it('a service-form copy and a contact copy follow the customer\'s language', async () => {
    const c = await loginAs(LAB_A, 'pl');
    const f = new FormData();
    f.set('geraet', 'Frezarka X1'); f.set('fehlerbeschreibung', 'Wrzeciono bije');
    f.append('photos', new Blob([new Uint8Array(await (await import('sharp')).default({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } }).jpeg().toBuffer())]), 'f.jpg');
    const r = await c.call('POST /api/forms/:typ', { params: { typ: 'reparatur' }, body: f });
    expect(r.status).toBe(200);
    const ref = r.body.result.referenz;
    const [m] = await mailsOf(LAB_A, 'service_reparatur');
    const pl = (await import('../../src/i18n/locales/pl.json', { with: { type: 'json' } })).default as Record<string, string>;
    expect(m!.subject).toBe(`${pl['form.reparatur']} – numer referencyjny ${ref}`);
    expect(m!.body).toContain(`Dziękujemy za zgłoszenie (${pl['form.reparatur']}).`);
    expect(m!.body).toContain(`${pl['form.device_name']}: Frezarka X1`);
    expect(m!.body).toContain('Odpowiemy najszybciej, jak to możliwe.');
    expect(m!.body).not.toMatch(/Vielen Dank|Ihre Angaben|geraet:/);

    const fr = await loginAs(LAB_A, 'fr');
    const k = await fr.call('POST /api/kontakt', { body: {
      anrede: 'M', vorname: 'Jean', nachname: 'Dupont', email: 'jean@example.org', telefon: '+33 1 23 45 67 89',
      date: '2026-12-1', time: '10:00', nachricht: 'Bonjour', artikelnummer: (await plainArticle(env.db)).artnr,
    } });
    expect(k.status).toBe(200);
    const [km] = await mailsOf(LAB_A, 'kontakt');
    expect(km!.subject).toBe(`Demande de contact – référence ${k.body.result.referenz}`);
    expect(km!.body).toContain('Merci pour votre demande (Demande de contact).');
    // the wished date as French writes it, not as the form sent it
    expect(km!.body).toMatch(/: 01\/12\/2026 10:00$/m);
    expect(km!.body).not.toContain('2026-12-1');
    // signed by the customer's brand, in French
    expect(km!.body).toMatch(/L’équipe Dentalversand Nord GmbH\nTél\.? \+49 40 555 812-0 · www\.dentalversand-nord\.example\n$/);
  });

  it('the password reset mail is in the customer\'s language', async () => {
    await env.db.updateTable('customers').set({ sprache: 'hu' }).where('kdnr', '=', LAB_B).execute();
    const r = await env.client().call('POST /api/password/forgot', { body: { login: String(LAB_B) } });
    expect(r.status).toBe(200);
    const [m] = await mailsOf(LAB_B, 'password_reset');
    expect(m!.subject).toBe('Új jelszó beállítása');
    expect(m!.body).toMatch(/^Tisztelt Ügyfelünk!\n\nA\(z\) \d+ ügyfélszámhoz új jelszót kértek\./);
    expect(m!.body).toContain('/hu/new-password/');
  });
});
