import { sql } from 'kysely';
import { z } from 'zod';
import { defineRoute } from '../http/route.ts';

export const routes = [
  defineRoute({
    method: 'get', path: '/health', access: 'public', tag: 'system',
    summary: 'Liveness and database check for load balancers',
    response: z.object({ db: z.literal('ok'), articles: z.number().int() }),
    handler: async ({ db }) => {
      const row = await db.selectFrom('articles').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return { db: 'ok' as const, articles: Number(row.n) };
    },
  }),
];
