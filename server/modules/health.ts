import { sql } from 'kysely';
import { z } from 'zod';
import { defineRoute } from '../http/route.ts';
import { ApiError } from '../http/errors.ts';
import { isDraining, servedBuild } from '../lib/lifecycle.ts';

export const routes = [
  defineRoute({
    method: 'get', path: '/health', access: 'public', tag: 'system',
    summary: 'Liveness and database check for load balancers: 503 while the instance drains or cannot reach the database',
    response: z.object({ db: z.literal('ok'), articles: z.number().int(), build: z.string().nullable(), pid: z.number().int() }),
    handler: async ({ db }) => {
      if (isDraining()) throw new ApiError(503, 'draining');
      let n: number;
      try {
        const row = await db.selectFrom('articles').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
        n = Number(row.n);
      } catch {
        throw new ApiError(503, 'db_unavailable');
      }
      return { db: 'ok' as const, articles: n, build: servedBuild(), pid: process.pid };
    },
  }),
];
