// The order confirmation mails (customer and shop).
import type { Db } from '../../db/index.ts';
import type { Session } from '../../http/session.ts';
import { sendMail } from '../../lib/mail.ts';
import { withDesignations, type Summary } from '../../lib/money.ts';
import { designations } from '../../lib/designations.ts';
import { serverLanguage, serverT, type ServerT } from '#i18n/server.ts';
import { formatPrice, localeFor } from '#rules/locale.ts';
import { addressLines } from '#rules/address.ts';
import { label } from './methods.ts';
import type { AddressOut } from './addresses.ts';
import type { Checkout } from './compute.ts';
import type { Placed } from './submit.ts';

/** A percentage as the language writes it (7,5 in German, 7.5 in English). */
const percentText = (v: number | null, lang: string) => (v === null ? '' : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(v));

/** The order's money block of the mail: every summary line, so the mail adds up like the checkout. */
function summaryText(sum: Summary, t: ServerT, lang: string, shippingLabel: string, money: (v: number) => string): string[] {
  const p = (v: number | null) => percentText(v, lang);
  const discount = (d: Summary['discounts'][number]) => (d.kind === 'promotion' ? t('mail.order.promotion', { name: d.label, p: p(d.percent) })
    : d.kind === 'percent' ? t('mail.order.percent', { code: d.label, p: p(d.percent) }) : t('mail.order.instant', { code: d.label }));
  return [
    `${t('mail.order.lines')}${t('app.colon')}`,
    ...sum.lines.map((l) => `  ${l.menge} x ${l.artnr} ${l.bezeichnung}${l.gift ? ` (${t('mail.order.gift')})` : ''} — ${money(l.net)}`),
    '',
    `${t('mail.order.subtotal')}${t('app.colon')} ${money(sum.subtotal)}`,
    ...sum.discounts.map((d) => `${discount(d)}${t('app.colon')} −${money(d.amount)}`),
    `${t('mail.order.shipping')} (${shippingLabel})${t('app.colon')} ${money(sum.shipping.amount)}`,
    `${t('mail.order.net')}${t('app.colon')} ${money(sum.net)}`,
    ...sum.vat.map((v) => `${t('mail.order.vat', { p: p(v.percent), base: money(v.base) })}${t('app.colon')} ${money(v.amount)}`),
    ...(sum.reverseCharge ? [t('mail.order.reverse')] : []),
    `${t('mail.order.gross')}${t('app.colon')} ${money(sum.gross)}`,
  ];
}

export async function sendOrderMails(db: Db, session: Session, p: Placed, co: Checkout, addr: AddressOut, lang: string, country: string): Promise<void> {
  // one language per mail (the customer's): its texts, names and number format
  const mailLang = serverLanguage(lang);
  const t = serverT(mailLang);
  const loc = localeFor(country, mailLang);
  const money = (v: number) => formatPrice(v, co.cur.code, loc).replace(/\u00a0|\u202f/g, ' ');
  const c = await db.selectFrom('customers').select(['email', 'anrede', 'vorname', 'nachname', 'firma']).where('kdnr', '=', session.kdnr).executeTakeFirst();
  const firma = c?.firma ?? session.firma;
  const nums = { auftrag: p.auftrag, total: money(p.total) };
  if (c?.email) {
    const name = `${c.vorname} ${c.nachname}`.trim();
    const text = [
      name ? t('mail.greeting', { name }) : t('mail.greeting_plain'), '', t('mail.order.hello', nums),
      ...(p.releaseStatus === 'pending' ? ['', t('mail.order.pending')] : []), '',
      ...summaryText(mailLang === lang ? co.summary : withDesignations(co.summary, await designations(db, co.summary.lines.map((l) => l.artnr), mailLang)),
        t, mailLang, label(mailLang, co.summary.shipping.method), money), '',
      `${t('mail.order.address')}${t('app.colon')}`, ...addressLines(addr, mailLang).map((s) => `  ${s}`),
    ].join('\n');
    await sendMail(db, { to: c.email, subject: t('mail.order.subject', nums), text, kind: 'order_confirmation', firma, lang: mailLang });
  }
  if (p.releaseStatus === 'pending') {
    const managers = await db.selectFrom('sub_users').select(['email', 'funktionen']).where('kdnr', '=', session.kdnr).where('deleted', '=', 0).execute();
    const to = new Set<string>(managers.filter((m) => m.email && /(^|[;,])\s*K07\s*($|[;,])/i.test(m.funktionen)).map((m) => m.email!));
    if (c?.email) to.add(c.email);
    for (const addrTo of to) await sendMail(db, {
      to: addrTo, subject: t('mail.release.subject', nums), text: `${t('mail.greeting_plain')}\n\n${t('mail.release.text', nums)}`, kind: 'order_release_request', firma, lang: mailLang,
    });
  }
}
