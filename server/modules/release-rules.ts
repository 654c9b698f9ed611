// Budgets and approval rules (issue 11, part 3): the main user or a K07 reads and sets the account's
// release threshold and the sub-users' monthly budgets; the rules themselves live in
// server/lib/release-rules.ts (checkout submit applies them).
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, zId, type AnyRoute } from '../http/route.ts';
import { requirePermission } from '../lib/permissions.ts';
import { toCents } from '../lib/money.ts';
import { nowIso } from '../lib/time.ts';
import { DEFAULT_THRESHOLD_CENTS, RELEASE_TIME_ZONE, budgetMonth, monthUsage, thresholdCents } from '../lib/release-rules.ts';
import { allows, parseFunktionen } from '../../src/lib/rules/permissions.ts';

export const ReleaseReasonSchema = z.object({
  reason: z.enum(['threshold', 'budget']),
  valueEur: z.number().describe('the order\'s net value incl. shipping'),
  thresholdEur: z.number().optional().describe('reason threshold: the account threshold when placed'),
  budgetEur: z.number().optional().describe('reason budget: the buyer\'s monthly budget'),
  usedEur: z.number().optional().describe('reason budget: the budget used this month before the order'),
});

const BuyerOut = z.object({
  id: z.number(), name: z.string(), funktionen: z.array(z.string()),
  budgetApplies: z.boolean().describe('true for sub-users who order without the release right (K09); false for K07 (never wait) and K13 (cannot order)'),
  budgetEur: z.number().nullable().describe('monthly budget, net; null = none'),
  usedEur: z.number().describe('this month: released and pending orders'),
  pendingEur: z.number().describe('the part of usedEur still waiting for a release'),
  remainingEur: z.number().nullable().describe('budgetEur - usedEur (may be negative); null without budget'),
});
const RulesOut = z.object({
  thresholdEur: z.number().describe('net order value above which a buyer\'s order needs a release'),
  defaultThresholdEur: z.number(),
  basis: z.literal('net'), timeZone: z.string(), month: z.string().describe('YYYY-MM of the budget month'),
  buyers: z.array(BuyerOut),
});

const zEur = z.number().finite().min(0).max(10_000_000);
const eur = (c: number) => c / 100;

async function rulesOf(db: Db, kdnr: number): Promise<z.infer<typeof RulesOut>> {
  const month = budgetMonth();
  const [limit, usage, subs] = await Promise.all([
    thresholdCents(db, kdnr),
    monthUsage(db, kdnr, month),
    db.selectFrom('sub_users').select(['id', 'vorname', 'nachname', 'funktionen', 'monthly_budget_cents'])
      .where('kdnr', '=', kdnr).where('deleted', '=', 0).orderBy('id').execute(),
  ]);
  return {
    thresholdEur: eur(limit), defaultThresholdEur: eur(DEFAULT_THRESHOLD_CENTS), basis: 'net', timeZone: RELEASE_TIME_ZONE, month: month.key,
    buyers: subs.map((s) => {
      const f = parseFunktionen(s.funktionen);
      const u = usage.get(Number(s.id)) ?? { usedCents: 0, pendingCents: 0 };
      const budget = s.monthly_budget_cents == null ? null : Number(s.monthly_budget_cents);
      return {
        id: Number(s.id), name: `${s.vorname} ${s.nachname}`, funktionen: f, budgetApplies: allows(f, 'order') && !allows(f, 'release'),
        budgetEur: budget === null ? null : eur(budget), usedEur: eur(u.usedCents), pendingEur: eur(u.pendingCents),
        remainingEur: budget === null ? null : eur(budget - u.usedCents),
      };
    }),
  };
}

export const routes: AnyRoute[] = [
  defineRoute({
    method: 'get', path: '/account/release-rules', access: 'customer', tag: 'release-rules',
    summary: 'Release threshold (net EUR; default 5,000) and per sub-user the monthly budget with the budget used this month (Europe/Berlin month; released + pending orders). Main user or K07, else 403 forbidden_function',
    response: RulesOut,
    handler: async ({ db, session }) => {
      await requirePermission(db, session, 'release');
      return rulesOf(db, session.kdnr);
    },
  }),

  defineRoute({
    method: 'put', path: '/account/release-rules', access: 'customer', tag: 'release-rules',
    summary: 'Sets the release threshold { thresholdEur } (net, 0–10,000,000; main user or K07). Counts for orders placed from now on',
    body: z.object({ thresholdEur: zEur }),
    response: RulesOut,
    handler: async ({ db, session, body }) => {
      await requirePermission(db, session, 'release');
      const row = { kdnr: session.kdnr, threshold_cents: toCents(body.thresholdEur), updated_at: nowIso() };
      await db.insertInto('release_rules').values(row)
        .onConflict((oc) => oc.column('kdnr').doUpdateSet({ threshold_cents: row.threshold_cents, updated_at: row.updated_at })).execute();
      return rulesOf(db, session.kdnr);
    },
  }),

  defineRoute({
    method: 'put', path: '/account/budgets/:id', access: 'customer', tag: 'release-rules',
    summary: 'Sets a sub-user\'s monthly budget { budgetEur } (net EUR, null = none; main user or K07); 404 for a sub-user of another customer',
    params: z.object({ id: zId }),
    body: z.object({ budgetEur: zEur.nullable() }),
    response: RulesOut,
    handler: async ({ db, session, params, body }) => {
      await requirePermission(db, session, 'release');
      const r = await db.updateTable('sub_users').set({ monthly_budget_cents: body.budgetEur === null ? null : toCents(body.budgetEur) })
        .where('id', '=', params.id).where('kdnr', '=', session.kdnr).where('deleted', '=', 0).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw notFound();
      return rulesOf(db, session.kdnr);
    },
  }),
];
