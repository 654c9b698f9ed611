// Money guard: for a set of carts (each shipping method, each benefit-code kind, free gift, instant
// discount, the promotion's automatic cart discount, freeway ticket, two VAT rates, two countries)
// the checkout, the submit answer, the stored order (order details), the confirmation mail and the
// order confirmation PDF show the same lines and totals, and the lines add up to the total.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VAT_RATES } from '../../server/db/migrations/0003_money_vat.ts';
import { LAB_A, LAB_B, LAB_LS, fillCart, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
const cents = (v: number) => Math.round(v * 100);

interface Summary {
  currency: string;
  lines: { artnr: string; bezeichnung: string; menge: number; unit: number; net: number; promotion: number; vatPercent: number; gift: boolean }[];
  subtotal: number; discounts: { kind: string; label: string; percent: number | null; amount: number }[];
  shipping: { method: string; amount: number }; net: number; vat: { percent: number; base: number; amount: number }[];
  reverseCharge: boolean; vatTotal: number; gross: number;
}

/** The parts of a summary add up exactly, and VAT is rate × base per rate. */
function expectAddsUp(s: Summary) {
  for (const l of s.lines) expect(cents(l.net), `${l.artnr} net`).toBe(l.gift ? 0 : cents(l.unit) * l.menge);
  expect(cents(s.subtotal)).toBe(s.lines.reduce((t, l) => t + cents(l.net), 0));
  const disc = s.discounts.reduce((t, d) => t + cents(d.amount), 0);
  expect(cents(s.net)).toBe(cents(s.subtotal) - disc + cents(s.shipping.amount));
  expect(s.vat.reduce((t, v) => t + cents(v.base), 0)).toBe(cents(s.net));
  for (const v of s.vat) expect(cents(v.amount)).toBe(Math.round((cents(v.base) * v.percent) / 100));
  expect(cents(s.vatTotal)).toBe(s.vat.reduce((t, v) => t + cents(v.amount), 0));
  expect(cents(s.gross)).toBe(cents(s.net) + cents(s.vatTotal));
  // each discount once
  expect(new Set(s.discounts.map((d) => `${d.kind}:${d.label}`)).size).toBe(s.discounts.length);
}

/** "1.234,56 €" / "−5,00 €" → cents */
function amounts(text: string): number[] {
  return [...text.replace(/[\u00a0\u202f]/g, ' ').matchAll(/([−-]?)\s?(\d{1,3}(?:\.\d{3})*,\d{2}) €/g)]
    .map((m) => (m[1] ? -1 : 1) * Math.round(Number(m[2]!.replace(/\./g, '').replace(',', '.')) * 100));
}
const de = (v: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(v).replace(/[\u00a0\u202f]/g, ' ');
/** The text rows that carry one of the labels, with their amounts. */
function row(text: string, label: RegExp): number[] {
  const line = text.split('\n').find((l) => label.test(l));
  expect(line, `row ${label}`).toBeTruthy();
  return amounts(line!);
}

async function pdfText(c: Client, url: string): Promise<string> {
  const cookies = (c as unknown as { cookies: Map<string, string> }).cookies;
  const res = await env.app.request(url, { headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8').replace(/[\u00a0\u202f]/g, ' ');
}

async function mailFor(kdnr: number, auftrag: number): Promise<string> {
  const c = await env.db.selectFrom('customers').select('email').where('kdnr', '=', kdnr).executeTakeFirstOrThrow();
  const r = await env.client().call('GET /api/dev/outbox', { query: { to: c.email! } });
  const m = (r.body.result as { subject: string; text: string; kind: string }[]).find((x) => x.kind === 'order_confirmation' && x.subject.includes(String(auftrag)));
  expect(m, 'confirmation mail').toBeTruthy();
  return m!.text.replace(/[\u00a0\u202f]/g, ' ');
}

/** Mail and PDF list the summary's rows: the same amounts, and they add up as the summary does. */
function expectDocumentShows(text: string, s: Summary, labels: { subtotal: RegExp; shipping: RegExp; net: RegExp; vat: RegExp; gross: RegExp; discount: RegExp }) {
  expect(row(text, labels.subtotal).at(-1)).toBe(cents(s.subtotal));
  const discRows = text.split('\n').filter((l) => labels.discount.test(l)).map((l) => amounts(l).at(-1)!);
  expect(discRows).toEqual(s.discounts.map((d) => -cents(d.amount)));
  expect(row(text, labels.shipping).at(-1)).toBe(cents(s.shipping.amount));
  expect(row(text, labels.net).at(-1)).toBe(cents(s.net));
  const vatRows = text.split('\n').filter((l) => labels.vat.test(l)).map((l) => amounts(l).at(-1)!);
  expect(vatRows).toEqual(s.vat.map((v) => cents(v.amount)));
  expect(row(text, labels.gross).at(-1)).toBe(cents(s.gross));
  // the document's own rows add up
  const shown = row(text, labels.subtotal).at(-1)! + discRows.reduce((a, b) => a + b, 0) + row(text, labels.shipping).at(-1)!;
  expect(shown).toBe(row(text, labels.net).at(-1));
  expect(row(text, labels.net).at(-1)! + vatRows.reduce((a, b) => a + b, 0)).toBe(row(text, labels.gross).at(-1));
}

const MAIL = { subtotal: /^Zwischensumme:/, discount: /^(Aktionsrabatt|Vorteilscode|Sofortrabatt)/, shipping: /^Versand/, net: /^Summe netto:/, vat: /^MwSt\./, gross: /^Gesamtbetrag \(brutto\):/ };
const PDF = { subtotal: /Warenwert netto/, discount: /Aktionsrabatt|Vorteilscode .*%|Sofortrabatt/, shipping: /^\s*Versand\s/, net: /Summe netto/, vat: /USt\. [\d,]+ %/, gross: /Gesamtbetrag \(brutto\)/ };

/** items are read when the test runs (the articles are picked in beforeAll) */
interface Cart { name: string; kdnr: number; firma?: number; items: () => [string, number][]; versandart?: string; code?: string; fwt?: boolean }

let plain = '';
let plain2 = '';
let ceramic = '';
let literature = '';
let cheap = '';

beforeAll(async () => {
  env = await setupApi();
  const orderable = () => env.db.selectFrom('articles').select(['artnr', 'preis']).where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
    .where('kat_preis', 'not in', [0.01, 0.02]).where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %');
  plain = (await orderable().where('preis', '>=', 20).where('preis', '<=', 40).where('kat_id', 'not in', [301, 303]).where('vat_class', '=', 'standard').orderBy('artnr').executeTakeFirstOrThrow()).artnr;
  plain2 = (await orderable().where('preis', '>=', 60).where('preis', '<=', 90).where('kat_id', 'not in', [301, 303]).where('vat_class', '=', 'standard').orderBy('artnr').executeTakeFirstOrThrow()).artnr;
  cheap = (await orderable().where('preis', '>=', 3).where('preis', '<=', 9).where('kat_id', 'not in', [301, 303]).where('vat_class', '=', 'standard').orderBy('artnr').executeTakeFirstOrThrow()).artnr;
  // the promotion "10 % auf alle Verblendkeramiken" (the seed's Winteraktion, category 301)
  ceramic = (await orderable().where('kat_id', '=', 301).where('preis', '>=', 30).orderBy('artnr').executeTakeFirstOrThrow()).artnr;
  // printed literature carries the reduced rate; a small test catalogue may have none: then one article is literature
  const lit = await orderable().where('vat_class', '=', 'reduced').where('preis', '>=', 10).orderBy('artnr').executeTakeFirst();
  literature = lit?.artnr ?? (await orderable().where('preis', '>=', 25).where('preis', '<=', 60).where('kat_id', 'not in', [301, 303]).orderBy('artnr', 'desc').executeTakeFirstOrThrow()).artnr;
  if (!lit) await env.db.updateTable('articles').set({ vat_class: 'reduced' }).where('artnr', '=', literature).execute();
});
afterAll(async () => { await env.close(); });

const CARTS: Cart[] = [
  { name: 'standard shipping, one rate', kdnr: LAB_B, items: () => [[plain, 2]], versandart: 'standard' },
  { name: 'express shipping, two VAT rates (19 % and 7 %)', kdnr: LAB_B, items: () => [[plain, 1], [literature, 2]], versandart: 'express' },
  { name: 'collection, promotion discount on Verblendkeramik', kdnr: LAB_B, items: () => [[ceramic, 3], [cheap, 1]], versandart: 'abholung' },
  { name: 'instant discount SOFORT5 (once), express', kdnr: LAB_B, items: () => [[plain2, 1]], versandart: 'express', code: 'SOFORT5' },
  { name: 'percent code WILLKOMMEN10 on top of the promotion, two rates', kdnr: LAB_A, items: () => [[ceramic, 2], [literature, 1], [plain, 1]], versandart: 'standard', code: 'WILLKOMMEN10' },
  { name: 'free gift GRATIS2026 at 0', kdnr: LAB_A, items: () => [[plain, 1], [cheap, 2]], versandart: 'standard', code: 'GRATIS2026' },
  { name: 'freeway ticket, free standard shipping from 150 EUR', kdnr: LAB_A, items: () => [[plain2, 3]], versandart: 'standard', fwt: true },
  { name: 'second country: DK customer of the LS brand (reverse charge), express', kdnr: LAB_LS, firma: 3, items: () => [[plain, 1], [literature, 1]], versandart: 'express', code: 'SOFORT5' },
];

describe('money guard', () => {
  for (const cart of CARTS) {
    it(`${cart.name}: checkout, submit, order, mail and PDF agree and add up`, async () => {
      const c = env.client();
      expect((await c.login(cart.kdnr, undefined, cart.firma ?? 1)).status).toBe(200);
      await c.call('POST /api/wk/delete');
      for (const [artnr, qty] of cart.items()) expect((await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr, qty } })).status).toBe(200);
      const Q = { country: 'de', lang: 'de' };
      expect((await c.call('PUT /api/checkout', { query: Q, body: { versandart: cart.versandart, fwt: !!cart.fwt } })).status).toBe(200);
      if (cart.code) expect((await c.call('POST /api/checkout/benefit', { query: Q, body: { code: cart.code } })).status).toBe(200);
      const view = (await c.call('GET /api/checkout', { query: Q })).body.result;
      const s = view.summary as Summary;
      expectAddsUp(s);
      expect(view.totals).toMatchObject({ net: s.subtotal, shipping: s.shipping.amount, total: s.net, vat: s.vatTotal, gross: s.gross });

      // the shipping method's price, and the rates of the customer's country (from data)
      const shipping = { standard: 6.9, express: 14.9, abholung: 0 }[cart.versandart ?? 'standard']!;
      expect(s.shipping.amount).toBe(cart.versandart === 'standard' && cents(s.subtotal) - s.discounts.reduce((t, d) => t + cents(d.amount), 0) >= 15000 ? 0 : shipping);
      if (cart.kdnr === LAB_LS) {
        expect(s.reverseCharge).toBe(true);
        expect(s.vat.every((v) => v.percent === 0)).toBe(true);
      } else {
        const [std, red] = VAT_RATES.DE!;
        const want = new Set(s.lines.filter((l) => !l.gift).map((l) => (l.artnr === literature ? red : std)));
        if (s.shipping.amount) want.add(std);
        expect(s.vat.map((v) => v.percent).sort()).toEqual([...want].sort());
      }
      // each code kind once; the promotion on the ceramic line
      if (cart.code === 'SOFORT5') {
        expect(s.discounts.filter((d) => d.kind === 'instant')).toEqual([{ kind: 'instant', label: 'SOFORT5', percent: null, amount: 5 }]);
        expect(s.discounts).toHaveLength(1);
      }
      if (cart.code === 'WILLKOMMEN10') expect(s.discounts.map((d) => d.kind)).toEqual(['promotion', 'percent']);
      if (cart.code === 'GRATIS2026') expect(s.lines.filter((l) => l.gift)).toMatchObject([{ menge: 1, net: 0, unit: 0 }]);
      if (cart.items().some(([a]) => a === ceramic)) {
        const l = s.lines.find((x) => x.artnr === ceramic)!;
        expect(cents(l.promotion)).toBe(Math.round(cents(l.net) * 0.1));
        expect(s.discounts[0]).toMatchObject({ kind: 'promotion', percent: 10 });
      }

      // submit: the answer carries the same summary
      const sub = await c.call('POST /api/checkout/submit', { query: Q, body: {}, headers: { 'idempotency-key': `money-${cart.kdnr}-${Math.random().toString(36).slice(2)}` } });
      expect(sub.status, JSON.stringify(sub.body)).toBe(200);
      expect(sub.body.result.summary).toEqual(s);
      expect(sub.body.result.total).toBe(s.net);

      // the stored order
      const det = (await c.call('GET /api/orders/:auftrag', { params: { auftrag: sub.body.result.auftrag }, query: { lang: 'de' } })).body.result;
      expect(det.summary).toEqual(s);
      expect(det.totals).toMatchObject({ total: s.net, gross: s.gross, vat: s.vatTotal });
      expect(det.fwt).toBe(!!cart.fwt);

      // the mail
      const mail = await mailFor(cart.kdnr, sub.body.result.auftrag);
      for (const l of s.lines) expect(mail).toContain(`${l.menge} x ${l.artnr} `);
      const mailLines = s.lines.map((l) => amounts(mail.split('\n').find((x) => x.includes(` x ${l.artnr} `))!).at(-1));
      expect(mailLines).toEqual(s.lines.map((l) => cents(l.net)));
      expectDocumentShows(mail, s, MAIL);
      expect(mail).toContain(de(s.gross));

      // the order confirmation PDF
      const doc = det.documents.find((d: any) => d.typ === 'auftragsbestaetigung')!;
      expect(doc).toBeTruthy();
      const pdf = await pdfText(c, `${doc.pdf}?lang=de`);
      expectDocumentShows(pdf, s, PDF);
      // the delivery address names its country in the document's language, not by its code
      const pdfFr = (await pdfText(c, `${doc.pdf}?lang=fr`)).replace(/\s+/g, ' ');
      expect(pdfFr).toMatch(/Adresse de livraison\s: [^:]*, (Allemagne|Danemark) Pos\./);
    });
  }

  it('the promotion banner\'s 10 % are taken in the cart price of a Verblendkeramik', async () => {
    const c = env.client();
    expect((await c.login(LAB_B)).status).toBe(200);
    await fillCart(c, ceramic, 1);
    const s = (await c.call('GET /api/checkout', { query: { country: 'de', lang: 'de' } })).body.result.summary as Summary;
    expect(s.discounts).toEqual([expect.objectContaining({ kind: 'promotion', percent: 10, amount: Math.round(s.lines[0]!.net * 10) / 100 })]);
  });

  it('the confirmation mail speaks one language: its article names are in the mail\'s language', async () => {
    const c = env.client();
    expect((await c.login(LAB_B)).status).toBe(200);
    await fillCart(c, plain, 1);
    const sub = await c.call('POST /api/checkout/submit', { query: { country: 'de', lang: 'fr' }, body: {}, headers: { 'idempotency-key': `money-lang-${Date.now()}` } });
    expect(sub.status).toBe(200);
    const mail = await mailFor(LAB_B, sub.body.result.auftrag);
    // the customer's language (French), not German: texts and article names
    const fr = await env.db.selectFrom('article_texts').select('bezeichnung').where('artnr', '=', plain).where('lang', '=', 'fr').executeTakeFirstOrThrow();
    expect(mail).toContain('Sous-total');
    expect(mail).not.toContain('Zwischensumme');
    expect(mail).toContain(`1 x ${plain} ${fr.bezeichnung} —`);
  });

  it('the checkout answers in the language of the call: method and article names', async () => {
    const c = env.client();
    expect((await c.login(LAB_B)).status).toBe(200);
    await fillCart(c, plain, 1);
    const fr = (await c.call('GET /api/checkout', { query: { country: 'de', lang: 'fr' } })).body.result;
    expect(fr.versandarten.map((v: any) => v.label)).toEqual(['Expédition standard', 'Expédition express', 'Retrait sur place']);
    expect(fr.zahlungsarten.map((v: any) => v.label)).toContain('Facture');
    const t = await env.db.selectFrom('article_texts').select('bezeichnung').where('artnr', '=', plain).where('lang', '=', 'fr').executeTakeFirstOrThrow();
    expect(fr.lines[0]!.Bezeichnung).toBe(t.bezeichnung);
    expect(fr.summary.lines[0]!.bezeichnung).toBe(t.bezeichnung);
  });
});
