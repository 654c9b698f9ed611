// Outgoing mail: every mail is stored in the `mails` table (the outbox). With SMTP_URL set it is
// also delivered through nodemailer by the mail-delivery job (server/jobs) and the row records sent_at or the error. Without SMTP the
// outbox is the delivery: GET /api/dev/outbox shows it during development.
import { sql } from 'kysely';
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { nowIso } from './time.ts';
import { companyLetterhead, mailSender } from './company.ts';
import { serverT } from '#i18n/server.ts';

/** One mail to a customer: sent and signed in the name of the customer's company, in the customer's language. */
export interface MailInput { to: string; subject: string; text: string; kind: string; firma: number; lang: string }

type Transport = { sendMail: (m: { from: string; to: string; subject: string; text: string }) => Promise<unknown> };
type Queued = Omit<MailInput, 'firma' | 'lang'> & { from: string };
let transport: Promise<Transport> | null = null;

function smtp(): Promise<Transport> {
  transport ??= import('nodemailer').then((m) => m.createTransport(config.smtpUrl) as unknown as Transport);
  return transport;
}

/** Links in mails point here. Taken from the environment, never from the request's Host header. */
export function publicBaseUrl(): string {
  return (process.env.PUBLIC_URL || `http://localhost:${config.port}`).replace(/\/+$/, '');
}

export function outboxEnabled(): boolean {
  return !config.smtpUrl && config.devTools;
}

let wakeSender: () => void = () => {};
/** The mail-delivery job registers here to be woken when this instance queues a mail. */
export function onMailQueued(fn: () => void): void { wakeSender = fn; }

/** The closing of every mail: the brand the customer deals with and how to reach it. */
export function signature(firma: number, lang: string): string {
  const c = companyLetterhead(firma);
  const t = serverT(lang);
  return `${t('mail.signature', { firma: c.name })}\n${t('pdf.phone')} ${c.telefon} · ${c.web}`;
}

/** Stores the mail in the outbox, signed; with SMTP configured the mail-delivery job sends it. Answers the outbox id. */
export async function sendMail(db: Db, mail: MailInput): Promise<number> {
  const subject = mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 250);
  const body = `${mail.text.trimEnd()}\n\n${signature(mail.firma, mail.lang)}\n`;
  const row = await db.insertInto('mails').values({
    to_addr: mail.to, from_addr: mailSender(mail.firma), subject, body, kind: mail.kind, created_at: nowIso(), sent_at: null, error: null,
  }).returning('id').executeTakeFirstOrThrow();
  if (config.smtpUrl) wakeSender();
  return Number(row.id);
}

/** A claim older than this belongs to an instance that died while sending: the mail is tried again. */
const CLAIM_STALE_MS = 5 * 60_000;

/**
 * Sends the unsent mails of the outbox (the mail-delivery job, one instance at a time). Each mail is
 * claimed by one conditional update before it is sent, so two senders never send the same mail.
 */
export async function deliverPending(db: Db, limit = 50): Promise<number> {
  const stale = new Date(Date.now() - CLAIM_STALE_MS).toISOString();
  const rows = await db.selectFrom('mails').select(['id', 'to_addr', 'from_addr', 'subject', 'body', 'kind'])
    .where('sent_at', 'is', null).where('error', 'is', null)
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]))
    .orderBy('id').limit(limit).execute();
  let sent = 0;
  for (const r of rows) {
    const claim = await db.updateTable('mails').set({ claimed_at: nowIso() }).where('id', '=', r.id).where('sent_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)])).executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 0) continue;
    await deliver(db, Number(r.id), { to: r.to_addr, from: r.from_addr ?? mailSender(1), subject: r.subject, text: r.body, kind: r.kind });
    sent++;
  }
  return sent;
}

async function deliver(db: Db, id: number, mail: Queued): Promise<void> {
  try {
    await (await smtp()).sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text });
    await db.updateTable('mails').set({ sent_at: nowIso(), error: null }).where('id', '=', id).execute();
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    console.error('[mail] delivery failed', id, msg);
    await db.updateTable('mails').set({ error: msg.slice(0, 1000) }).where('id', '=', id).execute().catch(() => {});
  }
}

/** Newest mails first, optionally for one address (development outbox). */
export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}) {
  let q = db.selectFrom('mails').select(['id', 'to_addr', 'from_addr', 'subject', 'body', 'kind', 'created_at', 'sent_at', 'error'])
    .orderBy('id', 'desc').limit(opts.limit ?? 20);
  if (opts.to) q = q.where(sql<string>`lower(to_addr)`, '=', opts.to.trim().toLowerCase());
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id), to: r.to_addr, from: r.from_addr ?? mailSender(1), subject: r.subject, text: r.body, kind: r.kind,
    createdAt: r.created_at, sentAt: r.sent_at, error: r.error,
  }));
}
