// Expiring stock of the MDR case file: tooth-storage stock (slots with a LOT expiry) and documented lots
// whose expiry has passed or lies within 30 days, and the daily mail that lists them — at most once
// per customer and day (a row in mdr_expiry_mails, claimed before the mail is queued).
import type { Db } from '../db/index.ts';
import { designations } from './designations.ts';
import { parseFunktionen } from '#rules/permissions.ts';
import { sendMail } from './mail.ts';
import { nowIso } from './time.ts';
import { dayOf } from '#rules/batch.ts';
import { expiryHorizon } from '#rules/mdr.ts';
import { formatDay } from '#rules/locale.ts';
import { serverT } from '#i18n/server.ts';

export interface ExpiringItem {
  source: 'stock' | 'logbook'; artnr: string; bezeichnung: string | null; lot: string; verfallsdatum: string;
  expired: boolean; slotId: number | null; schublade: string | null; zeile: number | null; spalte: number | null;
}

/**
 * What expires for one customer: every tooth-storage slot whose expiry is past or within the window, and the
 * lots documented in the logbook whose expiry lies within the window (today … +30 days; the rest of the pack
 * is still on the shelf — lots already past were flagged when documented).
 */
export async function expiringFor(db: Db, kdnr: number, lang: string, today: Date | string = new Date()): Promise<ExpiringItem[]> {
  const day = dayOf(today);
  const horizon = expiryHorizon(today);
  const slots = await db.selectFrom('zahnlager_slots as s').innerJoin('schubladen as d', 'd.id', 's.schublade_id')
    .select(['s.id', 's.artikelnummer', 's.lot', 's.verfallsdatum', 's.zeile', 's.spalte', 'd.name'])
    .where('s.kdnr', '=', kdnr).where('d.kdnr', '=', kdnr).where('s.artikelnummer', 'is not', null)
    .where('s.verfallsdatum', 'is not', null).where('s.verfallsdatum', '<=', horizon)
    .orderBy('s.verfallsdatum').orderBy('s.id').execute();
  const lots = await db.selectFrom('batches').select(['artnr', 'lot', 'verfallsdatum']).distinct()
    .where('kdnr', '=', kdnr).where('verfallsdatum', '>=', day).where('verfallsdatum', '<=', horizon)
    .orderBy('verfallsdatum').orderBy('artnr').orderBy('lot').execute();
  const bez = await designations(db, [...slots.map((s) => s.artikelnummer), ...lots.map((l) => l.artnr)], lang);
  return [
    ...slots.map((s) => ({
      source: 'stock' as const, artnr: s.artikelnummer!, bezeichnung: bez.get(s.artikelnummer!) ?? null, lot: s.lot, verfallsdatum: s.verfallsdatum!,
      expired: s.verfallsdatum! < day, slotId: s.id, schublade: s.name, zeile: s.zeile, spalte: s.spalte,
    })),
    ...lots.map((l) => ({
      source: 'logbook' as const, artnr: l.artnr, bezeichnung: bez.get(l.artnr) ?? null, lot: l.lot, verfallsdatum: l.verfallsdatum!,
      expired: false, slotId: null, schublade: null, zeile: null, spalte: null,
    })),
  ];
}

/** The account's address and those of its K07 (lab management) and K13 (technician) users. */
async function recipients(db: Db, kdnr: number): Promise<string[]> {
  const c = await db.selectFrom('customers').select('email').where('kdnr', '=', kdnr).executeTakeFirst();
  const subs = await db.selectFrom('sub_users').select(['email', 'funktionen']).where('kdnr', '=', kdnr).where('deleted', '=', 0).execute();
  const out = [c?.email, ...subs.filter((s) => parseFunktionen(s.funktionen).some((f) => f === 'K07' || f === 'K13')).map((s) => s.email)];
  return [...new Set(out.filter((e): e is string => !!e && e.includes('@')).map((e) => e.trim()))];
}

function mailText(lang: string, items: ExpiringItem[]): { subject: string; text: string } {
  const t = serverT(lang);
  const line = (i: ExpiringItem) => {
    const where = i.source === 'stock' ? `${t('mdr.source_stock')} ${i.schublade ?? ''} ${i.zeile ?? ''}/${i.spalte ?? ''}`.trim() : t('mdr.source_logbook');
    return `- ${formatDay(i.verfallsdatum, lang)}${i.expired ? ` (${t('scanner.expired')})` : ''} · ${i.artnr}${i.bezeichnung ? ` ${i.bezeichnung}` : ''} · LOT ${i.lot || '–'} · ${where}`;
  };
  return {
    subject: t('mail.mdr_expiry.subject', { count: items.length }),
    text: [t('mail.mdr_expiry.intro'), '', ...items.map(line), '', t('mail.mdr_expiry.outro')].join('\n'),
  };
}

/**
 * The daily run: every customer with expiring stock gets one mail (to each recipient) per day. The day's
 * row is inserted first; a second run (or a second instance) finds it and sends nothing. Answers the customers mailed.
 */
export async function sendExpiryMails(db: Db, today: Date | string = new Date()): Promise<number[]> {
  const day = dayOf(today);
  const horizon = expiryHorizon(today);
  const fromSlots = await db.selectFrom('zahnlager_slots').select('kdnr').distinct().where('artikelnummer', 'is not', null)
    .where('verfallsdatum', 'is not', null).where('verfallsdatum', '<=', horizon).execute();
  const fromLots = await db.selectFrom('batches').select('kdnr').distinct().where('verfallsdatum', '>=', day).where('verfallsdatum', '<=', horizon).execute();
  const done = new Set((await db.selectFrom('mdr_expiry_mails').select('kdnr').where('day', '=', day).execute()).map((r) => r.kdnr));
  const mailed: number[] = [];
  for (const kdnr of [...new Set([...fromSlots, ...fromLots].map((r) => r.kdnr))].sort((a, b) => a - b)) {
    if (done.has(kdnr)) continue;
    const c = await db.selectFrom('customers').select(['sprache', 'firma']).where('kdnr', '=', kdnr).executeTakeFirst();
    const lang = c?.sprache || 'de';
    const items = await expiringFor(db, kdnr, lang, today);
    const to = await recipients(db, kdnr);
    if (items.length === 0 || to.length === 0) continue;
    const sent = await db.transaction().execute(async (tx) => {
      const claim = await tx.insertInto('mdr_expiry_mails').values({ kdnr, day, sent_at: nowIso() })
        .onConflict((oc) => oc.columns(['kdnr', 'day']).doNothing()).executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0n) === 0) return false;
      const m = mailText(lang, items);
      for (const addr of to) await sendMail(tx, { to: addr, subject: m.subject, text: m.text, kind: 'mdr_expiry', firma: c?.firma ?? 1, lang });
      return true;
    });
    if (sent) mailed.push(kdnr);
  }
  return mailed;
}
