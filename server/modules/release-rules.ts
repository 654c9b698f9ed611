// Budgets and approval rules (issue 11, part 3): the main user or a K07 reads and sets the account's
// release threshold and the sub-users' monthly budgets; the rules themselves live in
// server/lib/release-rules.ts (checkout submit applies them).
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { requirePermission } from '../lib/permissions.ts';
import { toCents } from '../lib/money.ts';
import { nowIso } from '../lib/time.ts';
import { DEFAULT_THRESHOLD_CENTS, RELEASE_TIME_ZONE, budgetMonth, monthUsage, thresholdCents } from '../lib/release-rules.ts';
import { allows, parseFunktionen } from '#rules/permissions.ts';
import * as calls from '#api/release-rules.ts';
import { RulesOut } from '#api/release-rules.ts';

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
  defineRoute(calls.rules, async ({ db, session }) => {
    await requirePermission(db, session, 'release');
    return rulesOf(db, session.kdnr);
  }),

  defineRoute(calls.setRules, async ({ db, session, body }) => {
    await requirePermission(db, session, 'release');
    const row = { kdnr: session.kdnr, threshold_cents: toCents(body.thresholdEur), updated_at: nowIso() };
    await db.insertInto('release_rules').values(row)
      .onConflict((oc) => oc.column('kdnr').doUpdateSet({ threshold_cents: row.threshold_cents, updated_at: row.updated_at })).execute();
    return rulesOf(db, session.kdnr);
  }),

  defineRoute(calls.setBudget, async ({ db, session, params, body }) => {
    await requirePermission(db, session, 'release');
    const r = await db.updateTable('sub_users').set({ monthly_budget_cents: body.budgetEur === null ? null : toCents(body.budgetEur) })
      .where('id', '=', params.id).where('kdnr', '=', session.kdnr).where('deleted', '=', 0).executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw notFound();
    return rulesOf(db, session.kdnr);
  }),
];
