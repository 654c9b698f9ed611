// Liveness for load balancers. Handler: server/modules/health.ts.
import { z } from 'zod';
import { contract } from './contract.ts';

export const health = contract({
  method: 'get', path: '/health', access: 'public', tag: 'system',
  summary: 'Liveness and database check for load balancers: 503 while the instance drains or cannot reach the database',
  response: z.object({ db: z.literal('ok'), articles: z.number().int(), build: z.string().nullable(), pid: z.number().int() }),
});
