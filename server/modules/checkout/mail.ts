// The order confirmation mails (customer and shop).
import type { Db } from '../../db/index.ts';
import type { Session } from '../../http/session.ts';
import { sendMail } from '../../lib/mail.ts';
import { withDesignations, type Summary } from '../../lib/money.ts';
import { designations } from '../zahnlager.ts';
import { formatPrice, localeFor } from '../../../src/lib/rules/locale.ts';
import { label } from './methods.ts';
import type { AddressOut } from './addresses.ts';
import type { Checkout } from './compute.ts';
import type { Placed } from './submit.ts';

const MAIL_TEXT: Record<string, Record<string, string>> = {
  de: {
    subject: 'Ihre Bestellung {auftrag}', hello: 'vielen Dank für Ihre Bestellung. Wir haben sie unter der Auftragsnummer {auftrag} erhalten.',
    pending: 'Die Bestellung überschreitet die Freigabegrenze oder das Monatsbudget und wartet auf die Freigabe durch einen berechtigten Benutzer.',
    lines: 'Positionen', gift: 'Gratiszugabe', subtotal: 'Zwischensumme', promotion: 'Aktionsrabatt {name} ({p} %)', percent: 'Vorteilscode {code} ({p} %)',
    instant: 'Sofortrabatt (Vorteilscode {code})', net: 'Summe netto', vat: 'MwSt. {p} % auf {base}', reverse: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge)',
    gross: 'Gesamtbetrag (brutto)', address: 'Lieferadresse', shipping: 'Versand', greet: 'Ihr Team von {firma}',
    releaseSubject: 'Freigabe erforderlich: Bestellung {auftrag}', releaseText: 'Die Bestellung {auftrag} über {total} wartet auf Ihre Freigabe.',
  },
  en: {
    subject: 'Your order {auftrag}', hello: 'thank you for your order. We received it under order number {auftrag}.',
    pending: 'The order exceeds the release threshold or the monthly budget and waits for the release by an authorised user.',
    lines: 'Items', gift: 'Free gift', subtotal: 'Subtotal', promotion: 'Promotion discount {name} ({p} %)', percent: 'Benefit code {code} ({p} %)',
    instant: 'Instant discount (benefit code {code})', net: 'Total (net)', vat: 'VAT {p} % on {base}', reverse: 'Reverse charge: VAT payable by the recipient',
    gross: 'Total (gross)', address: 'Delivery address', shipping: 'Shipping', greet: 'Your {firma} team',
    releaseSubject: 'Release required: order {auftrag}', releaseText: 'Order {auftrag} of {total} is waiting for your release.',
  },
};

/** The order's money block of the mail: every summary line, so the mail adds up like the checkout. */
function summaryText(sum: Summary, T: Record<string, string>, shippingLabel: string, money: (v: number) => string): string[] {
  const pct = (v: number | null) => (T === MAIL_TEXT.de ? String(v ?? '').replace('.', ',') : String(v ?? ''));
  const discount = (d: Summary['discounts'][number]) => (d.kind === 'promotion' ? T.promotion! : d.kind === 'percent' ? T.percent! : T.instant!)
    .replace('{name}', d.label).replace('{code}', d.label).replace('{p}', pct(d.percent));
  return [
    `${T.lines}:`,
    ...sum.lines.map((l) => `  ${l.menge} x ${l.artnr} ${l.bezeichnung}${l.gift ? ` (${T.gift})` : ''} — ${money(l.net)}`),
    '',
    `${T.subtotal}: ${money(sum.subtotal)}`,
    ...sum.discounts.map((d) => `${discount(d)}: −${money(d.amount)}`),
    `${T.shipping} (${shippingLabel}): ${money(sum.shipping.amount)}`,
    `${T.net}: ${money(sum.net)}`,
    ...sum.vat.map((v) => `${T.vat!.replace('{p}', pct(v.percent)).replace('{base}', money(v.base))}: ${money(v.amount)}`),
    ...(sum.reverseCharge ? [T.reverse!] : []),
    `${T.gross}: ${money(sum.gross)}`,
  ];
}

export async function sendOrderMails(db: Db, session: Session, p: Placed, co: Checkout, addr: AddressOut, lang: string, country: string): Promise<void> {
  // one language per mail: its texts, greeting, names and number format (German unless English)
  const mailLang = MAIL_TEXT[lang] ? lang : 'de';
  const T = MAIL_TEXT[mailLang]!;
  const fill = (s: string) => s.replace('{auftrag}', String(p.auftrag)).replace('{total}', money(p.total)).replace('{firma}', firmaName);
  const loc = localeFor(country, mailLang);
  const money = (v: number) => formatPrice(v, co.cur.code, loc).replace(/\u00a0|\u202f/g, ' ');
  const c = await db.selectFrom('customers').select(['email', 'anrede', 'vorname', 'nachname', 'firma']).where('kdnr', '=', session.kdnr).executeTakeFirst();
  const firma = await db.selectFrom('companies').select('name').where('firma', '=', c?.firma ?? session.firma).executeTakeFirst();
  const firmaName = firma?.name ?? 'Dentalversand Nord GmbH';
  if (c?.email) {
    const text = [
      `${mailLang === 'de' ? 'Guten Tag' : 'Hello'} ${`${c.vorname} ${c.nachname}`.trim()},`, '', fill(T.hello!),
      ...(p.releaseStatus === 'pending' ? ['', T.pending!] : []), '',
      ...summaryText(mailLang === lang ? co.summary : withDesignations(co.summary, await designations(db, co.summary.lines.map((l) => l.artnr), mailLang)),
        T, label(mailLang, co.summary.shipping.method), money), '',
      `${T.address}:`, ...[addr.firma_name, addr.zusatz1, addr.zusatz2, addr.ansprechpartner, addr.strasse, `${addr.plz} ${addr.ort}`, addr.land_iso2].filter(Boolean).map((s) => `  ${s}`),
      '', fill(T.greet!),
    ].join('\n');
    await sendMail(db, { to: c.email, subject: fill(T.subject!), text, kind: 'order_confirmation' });
  }
  if (p.releaseStatus === 'pending') {
    const managers = await db.selectFrom('sub_users').select(['email', 'funktionen']).where('kdnr', '=', session.kdnr).where('deleted', '=', 0).execute();
    const to = new Set<string>(managers.filter((m) => m.email && /(^|[;,])\s*K07\s*($|[;,])/i.test(m.funktionen)).map((m) => m.email!));
    if (c?.email) to.add(c.email);
    for (const addrTo of to) await sendMail(db, { to: addrTo, subject: fill(T.releaseSubject!), text: fill(T.releaseText!), kind: 'order_release_request' });
  }
}
