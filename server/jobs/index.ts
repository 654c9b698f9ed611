// The singleton jobs of the shop: each runs in one instance at a time (lease.ts), whichever holds it.
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { deliverPending, onMailQueued } from '../lib/mail.ts';
import { runSingleton, type SingletonJob } from './singleton.ts';

/** How often the holder of the mail lease looks for unsent mails queued by other instances. */
const MAIL_POLL_MS = 1000;

export function startJobs(db: Db): () => Promise<void> {
  const jobs: SingletonJob[] = [];
  if (config.smtpUrl) {
    const mail = runSingleton(db, 'mail-delivery', MAIL_POLL_MS, () => deliverPending(db));
    onMailQueued(mail.wake);
    jobs.push(mail);
  }
  return async () => { await Promise.all(jobs.map((j) => j.stop())); };
}
