// Outgoing mail: every mail is stored in the `mails` table (the outbox). With SMTP_URL set it is
// also delivered through nodemailer and the row records sent_at or the error. Without SMTP the
// outbox is the delivery: GET /api/dev/outbox shows it during development.
import { sql } from 'kysely';
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { nowIso } from './time.ts';

export interface MailInput { to: string; subject: string; text: string; kind: string }

type Transport = { sendMail: (m: { from: string; to: string; subject: string; text: string }) => Promise<unknown> };
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

/** Stores the mail and, with SMTP configured, sends it in the background. Answers the outbox id. */
export async function sendMail(db: Db, mail: MailInput): Promise<number> {
  const subject = mail.subject.replace(/[\r\n]+/g, ' ').slice(0, 250);
  const row = await db.insertInto('mails').values({
    to_addr: mail.to, subject, body: mail.text, kind: mail.kind, created_at: nowIso(), sent_at: null, error: null,
  }).returning('id').executeTakeFirstOrThrow();
  const id = Number(row.id);
  if (config.smtpUrl) void deliver(db, id, { ...mail, subject });
  return id;
}

async function deliver(db: Db, id: number, mail: MailInput): Promise<void> {
  try {
    await (await smtp()).sendMail({ from: config.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
    await db.updateTable('mails').set({ sent_at: nowIso(), error: null }).where('id', '=', id).execute();
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    console.error('[mail] delivery failed', id, msg);
    await db.updateTable('mails').set({ error: msg.slice(0, 1000) }).where('id', '=', id).execute().catch(() => {});
  }
}

/** Newest mails first, optionally for one address (development outbox). */
export async function listOutbox(db: Db, opts: { to?: string; limit?: number } = {}) {
  let q = db.selectFrom('mails').select(['id', 'to_addr', 'subject', 'body', 'kind', 'created_at', 'sent_at', 'error'])
    .orderBy('id', 'desc').limit(opts.limit ?? 20);
  if (opts.to) q = q.where(sql<string>`lower(to_addr)`, '=', opts.to.trim().toLowerCase());
  const rows = await q.execute();
  return rows.map((r) => ({
    id: Number(r.id), to: r.to_addr, subject: r.subject, text: r.body, kind: r.kind,
    createdAt: r.created_at, sentAt: r.sent_at, error: r.error,
  }));
}
