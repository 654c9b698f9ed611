// Business documents as PDF (invoices, delivery notes, credit notes, order confirmations, account
// statements, declarations of conformity, product safety sheets), built from the order data on pdf-lib.
// German and English texts; other languages get English (the legal documents are German/English).
import type { Summary } from './money.ts';
import {
  companyLetterhead, createPdf, drawAddressWindow, drawLetterhead, mm, GREY, type CompanyLetterhead, type PdfWriter,
} from './pdf.ts';

export interface DocCustomer {
  kdnr: number; firma: number; name: string[]; strasse: string; plz: string; ort: string; land: string; ustId: string;
}
export interface DocLine { pos: number; artnr: string; bezeichnung: string; menge: number; preis: number; geliefert: number; status: string }
export interface DocOrder {
  auftrag: number; vorgang: number; rechnung: number; datum: string; versandart: string; zahlungsart: string; kommentar: string;
  total: number; discount: number; currency: string; address: Record<string, string>; lines: DocLine[];
  /** the priced summary (server/lib/money.ts): the totals block shows exactly its lines */
  summary: Summary;
}
export interface DocHead { typ: string; nummer: string; datum: string; betrag: number }

const T = {
  de: {
    rechnung: 'Rechnung', lieferschein: 'Lieferschein', gutschrift: 'Gutschrift', auftragsbestaetigung: 'Auftragsbestätigung',
    kontoauszug: 'Kontoauszug', konformitaet: 'Konformitätserklärung', sicherheitsdatenblatt: 'Produkt-Sicherheitsinformation',
    kdnr: 'Kundennummer', datum: 'Datum', auftrag: 'Auftrag', vorgang: 'Lieferschein', rechnungNr: 'Rechnung', page: 'Seite',
    pos: 'Pos.', artnr: 'Artikelnr.', bez: 'Bezeichnung', menge: 'Menge', geliefert: 'Geliefert', preis: 'Einzelpreis', gesamt: 'Gesamt',
    net: 'Warenwert netto', discount: 'Rabatt', promotion: 'Aktionsrabatt {name} ({p} %)', code: 'Vorteilscode {code} ({p} %)', instant: 'Sofortrabatt (Vorteilscode {code})', gift: 'Gratiszugabe', shipping: 'Versand', sumNet: 'Summe netto', vat: 'USt. {r} %', gross: 'Rechnungsbetrag', grossConfirm: 'Gesamtbetrag (brutto)',
    credit: 'Gutschriftsbetrag', reverse: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge).',
    payment: 'Zahlbar innerhalb von 14 Tagen ohne Abzug.', backorder: 'Rückstand – wird nachgeliefert',
    shipTo: 'Lieferadresse', comment: 'Bemerkung', period: 'Zeitraum', balance: 'Summe der Rechnungen',
    creditText: 'Für die folgende Position schreiben wir Ihnen den Betrag gut:',
    confirmText: 'Vielen Dank für Ihren Auftrag. Wir bestätigen die folgenden Positionen:',
    statementText: 'Rechnungen des Monats:', manufacturer: 'Hersteller', licence: 'Hersteller-Registriernummer',
    conformityText: 'Der Hersteller erklärt in alleiniger Verantwortung, dass das folgende Produkt den Anforderungen der Verordnung (EU) 2017/745 über Medizinprodukte entspricht. Wir bestätigen die Lieferung an Sie im genannten Zeitraum.',
    sdsText: 'Produktidentifikation und Lieferantenangaben zu dem von Ihnen bezogenen Produkt. Maßgeblich für Gefahrstoffangaben ist das Sicherheitsdatenblatt des Herstellers, das wir Ihnen auf Anfrage zusenden.',
    lastDelivery: 'Zuletzt geliefert', properties: 'Eigenschaften', supplier: 'Lieferant', gtin: 'GTIN', herstArtnr: 'Hersteller-Artikelnr.',
  },
  en: {
    rechnung: 'Invoice', lieferschein: 'Delivery note', gutschrift: 'Credit note', auftragsbestaetigung: 'Order confirmation',
    kontoauszug: 'Account statement', konformitaet: 'Declaration of conformity', sicherheitsdatenblatt: 'Product safety information',
    kdnr: 'Customer no.', datum: 'Date', auftrag: 'Order', vorgang: 'Delivery note', rechnungNr: 'Invoice', page: 'Page',
    pos: 'Pos.', artnr: 'Art. no.', bez: 'Description', menge: 'Qty', geliefert: 'Delivered', preis: 'Unit price', gesamt: 'Total',
    net: 'Goods net', discount: 'Discount', promotion: 'Promotion discount {name} ({p} %)', code: 'Benefit code {code} ({p} %)', instant: 'Instant discount (benefit code {code})', gift: 'Free gift', shipping: 'Shipping', sumNet: 'Total net', vat: 'VAT {r} %', gross: 'Invoice amount', grossConfirm: 'Total (gross)',
    credit: 'Credit amount', reverse: 'Reverse charge: VAT is payable by the recipient.',
    payment: 'Payable within 14 days without deduction.', backorder: 'Back-ordered – delivered later',
    shipTo: 'Delivery address', comment: 'Comment', period: 'Period', balance: 'Total of invoices',
    creditText: 'We credit you the amount for the following item:',
    confirmText: 'Thank you for your order. We confirm the following items:',
    statementText: 'Invoices of the month:', manufacturer: 'Manufacturer', licence: 'Manufacturer registration no.',
    conformityText: 'The manufacturer declares under its sole responsibility that the following product meets the requirements of Regulation (EU) 2017/745 on medical devices. We confirm its delivery to you in the period stated.',
    sdsText: 'Product identification and supplier details of a product you bought. For hazard information the manufacturer\'s safety data sheet applies; we send it to you on request.',
    lastDelivery: 'Last delivered', properties: 'Properties', supplier: 'Supplier', gtin: 'GTIN', herstArtnr: 'Manufacturer art. no.',
  },
};
export type DocTexts = typeof T.de;
export const docTexts = (lang: string): DocTexts => (lang === 'de' ? T.de : T.en);

const round2 = (n: number) => Math.round(n * 100) / 100;
export function money(v: number, currency: string, lang: string): string {
  try { return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(v); } catch { return `${v.toFixed(2)} ${currency}`; }
}
const fmtDate = (iso: string, lang: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : `${y}-${m}-${d}`;
};

/** A new letter: letterhead on every page, the customer's address, title and the info block. */
async function letter(c: DocCustomer, head: DocHead, lang: string, info: [string, string][]): Promise<{ w: PdfWriter; co: CompanyLetterhead; L: DocTexts }> {
  const L = docTexts(lang);
  const co = companyLetterhead(c.firma);
  const title = `${L[head.typ as keyof DocTexts] ?? head.typ} ${head.nummer}`;
  const w = await createPdf({ title, language: lang, subject: title, margins: { top: mm(45), bottom: mm(28) }, onPage: (pw) => drawLetterhead(pw, co, lang) });
  drawAddressWindow(w, co, [...c.name, c.strasse, `${c.plz} ${c.ort}`, c.land === co.land ? '' : c.land]);
  // info block at the right, beside the address window
  const x = w.width - w.margins.right - mm(70);
  ([[L.kdnr, String(c.kdnr)], [L.datum, fmtDate(head.datum, lang)], ...info] as [string, string][]).forEach(([k, v], i) => {
    w.text(k, x, mm(50) + i * 12, { size: 9, color: GREY });
    w.text(v, x, mm(50) + i * 12, { size: 9, align: 'right', width: mm(70) });
  });
  w.y = Math.max(w.y, mm(50) + (info.length + 2) * 12) + mm(8);
  w.text(title, w.margins.left, w.y, { size: 15, bold: true });
  w.y += 26;
  return { w, co, L };
}

function addressLines(a: Record<string, string>): string {
  return [a.firma_name, a.zusatz1, a.ansprechpartner, a.strasse, `${a.plz ?? ''} ${a.ort ?? ''}`.trim(), a.land_iso2].filter((s) => s && s.trim()).join(', ');
}

/** Invoice, order confirmation and delivery note of one order. */
export async function orderDocument(typ: 'rechnung' | 'auftragsbestaetigung' | 'lieferschein', head: DocHead, c: DocCustomer, o: DocOrder, lang: string): Promise<Uint8Array> {
  const L0 = docTexts(lang);
  const info: [string, string][] = [[L0.auftrag, String(o.auftrag)]];
  if (typ !== 'auftragsbestaetigung') info.push([L0.vorgang, String(o.vorgang)]);
  if (typ === 'rechnung') info.push([L0.rechnungNr, String(o.rechnung)]);
  const { w, L } = await letter(c, head, lang, info);
  const cur = o.currency;
  if (typ === 'auftragsbestaetigung') w.paragraph(L.confirmText, { gapAfter: 6 });
  w.paragraph(`${L.shipTo}: ${addressLines(o.address)}`, { size: 9, gapAfter: 8 });
  if (typ === 'lieferschein') {
    w.table([{ header: L.pos, width: 28 }, { header: L.artnr, width: 80 }, { header: L.bez, width: 0 }, { header: L.menge, width: 45, align: 'right' }, { header: L.geliefert, width: 55, align: 'right' }],
      o.lines.map((l) => [String(l.pos), l.artnr, l.status === 'backorder' ? `${l.bezeichnung} (${L.backorder})` : l.bezeichnung, String(l.menge), String(l.status === 'backorder' ? l.geliefert : l.menge)]),
      { zebra: true });
  } else {
    w.table([{ header: L.pos, width: 28 }, { header: L.artnr, width: 75 }, { header: L.bez, width: 0 }, { header: L.menge, width: 38, align: 'right' }, { header: L.preis, width: 70, align: 'right' }, { header: L.gesamt, width: 75, align: 'right' }],
      o.lines.map((l) => [String(l.pos), l.artnr, l.preis === 0 && l.artnr === o.summary.lines.find((x) => x.gift)?.artnr ? `${l.bezeichnung} (${L.gift})` : l.bezeichnung,
        String(l.menge), money(l.preis, cur, lang), money(round2(l.preis * l.menge), cur, lang)]),
      { zebra: true });
    const sum = o.summary;
    const pct = (v: number | null) => (lang === 'de' ? String(v ?? '').replace('.', ',') : String(v ?? ''));
    const pairs: [string, string, boolean?][] = [[L.net, money(sum.subtotal, cur, lang)]];
    for (const d of sum.discounts) {
      const text = (d.kind === 'promotion' ? L.promotion : d.kind === 'percent' ? L.code : L.instant).replace('{name}', d.label).replace('{code}', d.label).replace('{p}', pct(d.percent));
      pairs.push([text, money(-d.amount, cur, lang)]);
    }
    pairs.push([L.shipping, money(sum.shipping.amount, cur, lang)]);
    pairs.push([L.sumNet, money(sum.net, cur, lang), true]);
    for (const v of sum.vat) pairs.push([L.vat.replace('{r}', pct(v.percent)), money(v.amount, cur, lang)]);
    pairs.push([typ === 'rechnung' ? L.gross : L.grossConfirm, money(sum.gross, cur, lang), true]);
    w.y += 8;
    w.keyValues(pairs);
    w.y += 8;
    if (sum.reverseCharge) w.paragraph(`${L.reverse} ${c.ustId}`, { size: 9 });
    if (typ === 'rechnung') w.paragraph(L.payment, { size: 9 });
  }
  if (o.kommentar) { w.y += 6; w.paragraph(`${L.comment}: ${o.kommentar}`, { size: 9 }); }
  return w.save();
}

/** Credit note for one line of an order (the line whose value matches the credited amount). */
export async function creditNote(head: DocHead, c: DocCustomer, o: DocOrder, lang: string): Promise<Uint8Array> {
  const L0 = docTexts(lang);
  const { w, L } = await letter(c, head, lang, [[L0.rechnungNr, String(o.rechnung)], [L0.auftrag, String(o.auftrag)]]);
  const line = o.lines.find((l) => Math.abs(round2(l.preis * l.menge) - head.betrag) < 0.005) ?? o.lines[0];
  w.paragraph(L.creditText, { gapAfter: 6 });
  if (line) {
    w.table([{ header: L.artnr, width: 80 }, { header: L.bez, width: 0 }, { header: L.menge, width: 40, align: 'right' }, { header: L.gesamt, width: 80, align: 'right' }],
      [[line.artnr, line.bezeichnung, String(line.menge), money(head.betrag, o.currency, lang)]]);
  }
  w.y += 8;
  w.keyValues([[L.credit, money(head.betrag, o.currency, lang), true]]);
  return w.save();
}

/** Monthly account statement: the month's invoices. */
export async function statement(head: DocHead, c: DocCustomer, month: string, invoices: { datum: string; rechnung: number; auftrag: number; total: number; currency: string }[], lang: string): Promise<Uint8Array> {
  const L0 = docTexts(lang);
  const { w, L } = await letter(c, head, lang, [[L0.period, month]]);
  const cur = invoices[0]?.currency ?? 'EUR';
  w.paragraph(L.statementText, { gapAfter: 6 });
  w.table([{ header: L.datum, width: 80 }, { header: L.rechnungNr, width: 100 }, { header: L.auftrag, width: 0 }, { header: L.gesamt, width: 90, align: 'right' }],
    invoices.map((i) => [fmtDate(i.datum, lang), String(i.rechnung), String(i.auftrag), money(i.total, i.currency, lang)]), { zebra: true });
  w.y += 8;
  w.keyValues([[L.balance, money(round2(invoices.reduce((s, i) => s + i.total, 0)), cur, lang), true]]);
  return w.save();
}

export interface DocArticle {
  artnr: string; bezeichnung: string; hersteller: string; licence: string; herstellerArtnr: string; gtin: string;
  lastDelivery: string; properties: [string, string][];
}

/** Per-article documents: declaration of conformity (medical devices) and product safety information. */
export async function articleDocument(typ: 'konformitaet' | 'sicherheitsdatenblatt', head: DocHead, c: DocCustomer, a: DocArticle, lang: string): Promise<Uint8Array> {
  const L0 = docTexts(lang);
  const { w, co, L } = await letter(c, head, lang, [[L0.lastDelivery, fmtDate(a.lastDelivery, lang)]]);
  w.paragraph(typ === 'konformitaet' ? L.conformityText : L.sdsText, { gapAfter: 10 });
  const rows: [string, string][] = [
    [L.artnr, a.artnr], [L.bez, a.bezeichnung], [L.herstArtnr, a.herstellerArtnr], [L.gtin, a.gtin],
    [L.manufacturer, a.hersteller], [L.licence, a.licence], [L.supplier, `${co.name}, ${co.strasse}, ${co.plz} ${co.ort}`],
  ];
  if (typ === 'sicherheitsdatenblatt') for (const [k, v] of a.properties) rows.push([`${L.properties}: ${k}`, v]);
  w.table([{ header: '', width: 150 }, { header: '', width: 0 }], rows.filter(([, v]) => v !== ''));
  return w.save();
}
