// Development calls: the mail outbox (only with DEV_TOOLS=1 and no SMTP_URL; 404 otherwise).
import { notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { listOutbox, outboxEnabled } from '../lib/mail.ts';
import * as calls from '#api/dev.ts';

export const routes: AnyRoute[] = [
  defineRoute(calls.outbox, async ({ db, query }) => {
    if (!outboxEnabled()) throw notFound();
    return listOutbox(db, { to: query.to, limit: query.limit });
  }),
];
