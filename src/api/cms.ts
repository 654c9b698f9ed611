// The CMS publish hook and the state of the publish. Handlers: server/modules/cms.ts.
import { z } from 'zod';
import { contract } from './contract.ts';

/** A finished publish run (the cms_publish row): pages rendered and changed, or the error. */
export const PublishRun = z.object({
  id: z.number(), affected: z.array(z.string()), status: z.enum(['pending', 'running', 'done', 'failed']),
  requested_at: z.string(), finished_at: z.string().nullable(), base: z.string().nullable(), generation: z.string().nullable(),
  ms: z.number().nullable(), rendered: z.number().nullable(), changed: z.number().nullable(), error: z.string().nullable(),
});
export type PublishRun = z.infer<typeof PublishRun>;

export const webhook = contract({
  method: 'post', path: '/cms/webhook', access: 'public', tag: 'content', rawBody: true,
  summary: 'CMS publish hook (shared secret CMS_WEBHOOK_SECRET: x-webhook-secret or Authorization: Bearer; else 401; none configured: 503): clears the content cache and queues the publish of the affected pages (one instance renders them into a new site generation, every instance switches to it atomically)',
  response: z.object({
    cleared: z.literal(true), rebuild: z.enum(['queued', 'unavailable']), job: z.number().nullable(), affected: z.array(z.string()),
  }),
});

export const rebuildState = contract({
  method: 'get', path: '/cms/rebuild', access: 'public', tag: 'content',
  summary: 'State of the CMS publish (shared secret as for the webhook): whether one is queued or running, and the last result (generation, duration, pages rendered and changed, error)',
  response: z.object({ available: z.boolean().describe('false when this instance has no publisher'), running: z.boolean(), last: PublishRun.nullable() }),
});
