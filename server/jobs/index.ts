// The singleton jobs of the shop: each runs in one instance at a time (lease.ts), whichever holds it.
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { deliverPending, onMailQueued } from '../lib/mail.ts';
import { sendExpiryMails } from '../lib/mdr-expiry.ts';
import { runSingleton, type SingletonJob } from './singleton.ts';
import { startBookingSweep } from './booking-sweep.ts';

/** How often the holder of the mail lease looks for unsent mails queued by other instances. */
const MAIL_POLL_MS = 1000;
/** How often the holder of the expiry lease checks whether today's expiry mails are out (cheap once done). */
const EXPIRY_POLL_MS = 10_000;

/** The daily MDR expiry mail: runs once per day in this instance; the DB row per customer and day keeps it to one mail across instances. */
function dailyExpiryMails(db: Db): () => Promise<unknown> {
  let doneFor = '';
  return async () => {
    const day = new Date().toISOString().slice(0, 10);
    if (day === doneFor) return;
    await sendExpiryMails(db);
    doneFor = day;
  };
}

export function startJobs(db: Db): () => Promise<void> {
  const jobs: SingletonJob[] = [];
  if (config.smtpUrl) {
    const mail = runSingleton(db, 'mail-delivery', MAIL_POLL_MS, () => deliverPending(db));
    onMailQueued(mail.wake);
    jobs.push(mail);
  }
  jobs.push(runSingleton(db, 'mdr-expiry-mail', EXPIRY_POLL_MS, dailyExpiryMails(db)));
  jobs.push(startBookingSweep(db));
  return async () => { await Promise.all(jobs.map((j) => j.stop())); };
}
