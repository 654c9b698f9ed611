// Development calls (DEV_TOOLS=1): the mail outbox the e2e tests read instead of a mailbox.
import { z } from 'zod';
import { contract } from './contract.ts';

/** A mail as the outbox stores it (newest first). */
export const OutboxMail = z.object({
  id: z.number(), to: z.string(), from: z.string(), subject: z.string(), text: z.string(), kind: z.string(),
  createdAt: z.string(), sentAt: z.string().nullable(), error: z.string().nullable(),
});

export const outbox = contract({
  method: 'get', path: '/dev/outbox', access: 'public', tag: 'dev',
  summary: 'Development only (DEV_TOOLS=1 and no SMTP_URL; otherwise 404): newest mails of the outbox, optionally for one address',
  query: z.object({
    to: z.string().max(254, 'too_long').optional(),
    limit: z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(100, 'invalid_input').optional(),
  }),
  response: z.array(OutboxMail),
});
