import { sql } from 'kysely';
import { defineRoute } from '../http/route.ts';
import { ApiError } from '../http/errors.ts';
import { isDraining, servedBuild } from '../lib/lifecycle.ts';
import * as calls from '#api/health.ts';

export const routes = [
  defineRoute(calls.health, async ({ db }) => {
    if (isDraining()) throw new ApiError(503, 'draining');
    let n: number;
    try {
      const row = await db.selectFrom('articles').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      n = Number(row.n);
    } catch {
      throw new ApiError(503, 'db_unavailable');
    }
    return { db: 'ok' as const, articles: n, build: servedBuild(), pid: process.pid };
  }),
];
