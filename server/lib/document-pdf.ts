// Business documents as PDF (invoices, delivery notes, credit notes, order confirmations, account
// statements, declarations of conformity, product safety sheets), built from the order data on pdf-lib,
// in the customer's language (locale keys pdf.*).
import type { Summary } from './money.ts';
import { serverT } from '#i18n/server.ts';
import { addressLines, countryName } from '#rules/address.ts';
import { formatDay } from '#rules/locale.ts';
import {
  createPdf, drawAddressWindow, drawLetterhead, mm, GREY, type PdfWriter,
} from './pdf.ts';
import { companyLetterhead, type CompanyLetterhead } from './company.ts';

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


const round2 = (n: number) => Math.round(n * 100) / 100;
/** The number conventions of a language (British English for en: day before month). */
const numberLocale = (lang: string) => (lang === 'en' ? 'en-GB' : lang === 'de' ? 'de-DE' : lang);
export function money(v: number, currency: string, lang: string): string {
  try { return new Intl.NumberFormat(numberLocale(lang), { style: 'currency', currency }).format(v); } catch { return `${v.toFixed(2)} ${currency}`; }
}
const percent = (v: number | null, lang: string) => (v === null ? '' : new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: 2 }).format(v));

/** A new letter: letterhead on every page, the customer's address, title and the info block. */
async function letter(c: DocCustomer, head: DocHead, lang: string, info: [string, string][]): Promise<{ w: PdfWriter; co: CompanyLetterhead }> {
  const t = serverT(lang);
  const co = companyLetterhead(c.firma);
  const title = `${t(`pdf.doc.${head.typ}`)} ${head.nummer}`;
  const w = await createPdf({ title, language: lang, subject: title, margins: { top: mm(45), bottom: mm(28) }, onPage: (pw) => drawLetterhead(pw, co, lang) });
  drawAddressWindow(w, co, [...c.name, c.strasse, `${c.plz} ${c.ort}`, c.land === co.land ? '' : countryName(c.land, lang)]);
  // info block at the right, beside the address window
  const x = w.width - w.margins.right - mm(70);
  ([[t('scanner.customer_number'), String(c.kdnr)], [t('pdf.date'), formatDay(head.datum, lang)], ...info] as [string, string][]).forEach(([k, v], i) => {
    w.text(k, x, mm(50) + i * 12, { size: 9, color: GREY });
    w.text(v, x, mm(50) + i * 12, { size: 9, align: 'right', width: mm(70) });
  });
  w.y = Math.max(w.y, mm(50) + (info.length + 2) * 12) + mm(8);
  w.text(title, w.margins.left, w.y, { size: 15, bold: true });
  w.y += 26;
  return { w, co };
}

/** Invoice, order confirmation and delivery note of one order. */
export async function orderDocument(typ: 'rechnung' | 'auftragsbestaetigung' | 'lieferschein', head: DocHead, c: DocCustomer, o: DocOrder, lang: string): Promise<Uint8Array> {
  const t = serverT(lang);
  const info: [string, string][] = [[t('pdf.order'), String(o.auftrag)]];
  if (typ !== 'auftragsbestaetigung') info.push([t('pdf.delivery_note'), String(o.vorgang)]);
  if (typ === 'rechnung') info.push([t('pdf.invoice'), String(o.rechnung)]);
  const { w } = await letter(c, head, lang, info);
  const cur = o.currency;
  if (typ === 'auftragsbestaetigung') w.paragraph(t('pdf.confirm_text'), { gapAfter: 6 });
  w.paragraph(`${t('pdf.ship_to')}${t('app.colon')} ${addressLines(o.address, lang).join(', ')}`, { size: 9, gapAfter: 8 });
  if (typ === 'lieferschein') {
    w.table([{ header: t('pdf.pos'), width: 28 }, { header: t('pdf.artnr'), width: 80 }, { header: t('pdf.designation'), width: 0 }, { header: t('pdf.quantity'), width: 45, align: 'right' }, { header: t('pdf.delivered'), width: 55, align: 'right' }],
      o.lines.map((l) => [String(l.pos), l.artnr, l.status === 'backorder' ? `${l.bezeichnung} (${t('pdf.backorder')})` : l.bezeichnung, String(l.menge), String(l.status === 'backorder' ? l.geliefert : l.menge)]),
      { zebra: true });
  } else {
    w.table([{ header: t('pdf.pos'), width: 28 }, { header: t('pdf.artnr'), width: 75 }, { header: t('pdf.designation'), width: 0 }, { header: t('pdf.quantity'), width: 38, align: 'right' }, { header: t('pdf.unit_price'), width: 70, align: 'right' }, { header: t('pdf.total'), width: 75, align: 'right' }],
      o.lines.map((l) => [String(l.pos), l.artnr, l.preis === 0 && l.artnr === o.summary.lines.find((x) => x.gift)?.artnr ? `${l.bezeichnung} (${t('pdf.gift')})` : l.bezeichnung,
        String(l.menge), money(l.preis, cur, lang), money(round2(l.preis * l.menge), cur, lang)]),
      { zebra: true });
    const sum = o.summary;
    const p = (v: number | null) => percent(v, lang);
    const pairs: [string, string, boolean?][] = [[t('pdf.goods_net'), money(sum.subtotal, cur, lang)]];
    for (const d of sum.discounts) {
      const text = d.kind === 'promotion' ? t('pdf.promotion', { name: d.label, p: p(d.percent) })
        : d.kind === 'percent' ? t('pdf.code', { code: d.label, p: p(d.percent) }) : t('pdf.instant', { code: d.label });
      pairs.push([text, money(-d.amount, cur, lang)]);
    }
    pairs.push([t('pdf.shipping'), money(sum.shipping.amount, cur, lang)]);
    pairs.push([t('pdf.sum_net'), money(sum.net, cur, lang), true]);
    for (const v of sum.vat) pairs.push([t('pdf.vat', { r: p(v.percent) }), money(v.amount, cur, lang)]);
    pairs.push([typ === 'rechnung' ? t('pdf.gross') : t('pdf.gross_confirm'), money(sum.gross, cur, lang), true]);
    w.y += 8;
    w.keyValues(pairs);
    w.y += 8;
    if (sum.reverseCharge) w.paragraph(`${t('pdf.reverse')} ${c.ustId}`, { size: 9 });
    if (typ === 'rechnung') w.paragraph(t('pdf.payment'), { size: 9 });
  }
  if (o.kommentar) { w.y += 6; w.paragraph(`${t('pdf.comment')}${t('app.colon')} ${o.kommentar}`, { size: 9 }); }
  return w.save();
}

/** Credit note for one line of an order (the line whose value matches the credited amount). */
export async function creditNote(head: DocHead, c: DocCustomer, o: DocOrder, lang: string): Promise<Uint8Array> {
  const t = serverT(lang);
  const { w } = await letter(c, head, lang, [[t('pdf.invoice'), String(o.rechnung)], [t('pdf.order'), String(o.auftrag)]]);
  const line = o.lines.find((l) => Math.abs(round2(l.preis * l.menge) - head.betrag) < 0.005) ?? o.lines[0];
  w.paragraph(t('pdf.credit_text'), { gapAfter: 6 });
  if (line) {
    w.table([{ header: t('pdf.artnr'), width: 80 }, { header: t('pdf.designation'), width: 0 }, { header: t('pdf.quantity'), width: 40, align: 'right' }, { header: t('pdf.total'), width: 80, align: 'right' }],
      [[line.artnr, line.bezeichnung, String(line.menge), money(head.betrag, o.currency, lang)]]);
  }
  w.y += 8;
  w.keyValues([[t('pdf.credit'), money(head.betrag, o.currency, lang), true]]);
  return w.save();
}

/** Monthly account statement: the month's invoices. */
export async function statement(head: DocHead, c: DocCustomer, month: string, invoices: { datum: string; rechnung: number; auftrag: number; total: number; currency: string }[], lang: string): Promise<Uint8Array> {
  const t = serverT(lang);
  const { w } = await letter(c, head, lang, [[t('pdf.period'), month]]);
  const cur = invoices[0]?.currency ?? 'EUR';
  w.paragraph(t('pdf.statement_text'), { gapAfter: 6 });
  w.table([{ header: t('pdf.date'), width: 80 }, { header: t('pdf.invoice'), width: 100 }, { header: t('pdf.order'), width: 0 }, { header: t('pdf.total'), width: 90, align: 'right' }],
    invoices.map((i) => [formatDay(i.datum, lang), String(i.rechnung), String(i.auftrag), money(i.total, i.currency, lang)]), { zebra: true });
  w.y += 8;
  w.keyValues([[t('pdf.balance'), money(round2(invoices.reduce((s, i) => s + i.total, 0)), cur, lang), true]]);
  return w.save();
}

export interface DocArticle {
  artnr: string; bezeichnung: string; hersteller: string; licence: string; herstellerArtnr: string; gtin: string;
  lastDelivery: string; properties: [string, string][];
}

/** Per-article documents: declaration of conformity (medical devices) and product safety information. */
export async function articleDocument(typ: 'konformitaet' | 'sicherheitsdatenblatt', head: DocHead, c: DocCustomer, a: DocArticle, lang: string): Promise<Uint8Array> {
  const t = serverT(lang);
  const { w, co } = await letter(c, head, lang, [[t('pdf.last_delivery'), formatDay(a.lastDelivery, lang)]]);
  w.paragraph(typ === 'konformitaet' ? t('pdf.conformity_text') : t('pdf.sds_text'), { gapAfter: 10 });
  const rows: [string, string][] = [
    [t('pdf.artnr'), a.artnr], [t('pdf.designation'), a.bezeichnung], [t('pdf.manufacturer_artnr'), a.herstellerArtnr], [t('pdf.gtin'), a.gtin],
    [t('pdf.manufacturer'), a.hersteller], [t('pdf.licence'), a.licence], [t('pdf.supplier'), `${co.name}, ${co.strasse}, ${co.plz} ${co.ort}`],
  ];
  if (typ === 'sicherheitsdatenblatt') for (const [k, v] of a.properties) rows.push([`${t('pdf.properties')}${t('app.colon')} ${k}`, v]);
  w.table([{ header: '', width: 150 }, { header: '', width: 0 }], rows.filter(([, v]) => v !== ''));
  return w.save();
}
