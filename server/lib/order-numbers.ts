// Order numbers (Auftrag, Vorgang) for new shop orders, and unique-violation detection.
// Numbers continue above the highest existing ones; two transactions that draw the same number
// collide on the unique index orders(auftrag) and the loser retries (see checkout submit).
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';

export interface OrderNumbers { auftrag: number; vorgang: number; rechnung: number }

/** Auftrag and Vorgang are assigned at order time; the invoice number stays 0 until invoicing. Call inside the order's transaction. */
export async function nextOrderNumbers(tx: Db, attempt = 0): Promise<OrderNumbers> {
  const r = await tx.selectFrom('orders')
    .select([sql<number>`max(auftrag)`.as('a'), sql<number>`max(vorgang)`.as('v')]).executeTakeFirst();
  const a = Number(r?.a ?? 0) || 4_100_000;
  const v = Number(r?.v ?? 0) || 5_200_000;
  // a retry after a collision skips ahead a little so a third racer does not hit the same number
  return { auftrag: a + 1 + attempt, vorgang: v + 1 + attempt, rechnung: 0 };
}

/** True for a unique/primary-key violation on SQLite (node:sqlite) and PostgreSQL (23505). */
export function isUniqueViolation(e: unknown, hint?: string): boolean {
  const err = e as { code?: string; errcode?: number; message?: string; constraint?: string; detail?: string } | null;
  if (!err) return false;
  const text = `${err.message ?? ''} ${err.constraint ?? ''} ${err.detail ?? ''}`;
  const unique = err.code === '23505' || err.errcode === 2067 || err.errcode === 1555 || /UNIQUE constraint failed|duplicate key value/i.test(text);
  return unique && (!hint || text.includes(hint));
}
