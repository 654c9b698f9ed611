// Release rules (section 14): the account's threshold and the buyers' monthly budgets, and why an order
// waits for release. Handlers: server/modules/release-rules.ts.
import { zId } from './common.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

/** Why an order waits for release (section 14): over the account threshold or the buyer's monthly budget. */
export const ReleaseReasonSchema = z.object({
  reason: z.enum(['threshold', 'budget']),
  valueEur: z.number().describe('the order\'s net value incl. shipping'),
  thresholdEur: z.number().optional().describe('reason threshold: the account threshold when placed'),
  budgetEur: z.number().optional().describe('reason budget: the buyer\'s monthly budget'),
  usedEur: z.number().optional().describe('reason budget: the budget used this month before the order'),
});

export const BuyerOut = z.object({
  id: z.number(), name: z.string(), funktionen: z.array(z.string()),
  budgetApplies: z.boolean().describe('true for sub-users who order without the release right (K09); false for K07 (never wait) and K13 (cannot order)'),
  budgetEur: z.number().nullable().describe('monthly budget, net; null = none'),
  usedEur: z.number().describe('this month: released and pending orders'),
  pendingEur: z.number().describe('the part of usedEur still waiting for a release'),
  remainingEur: z.number().nullable().describe('budgetEur - usedEur (may be negative); null without budget'),
});
export type ReleaseReason = z.infer<typeof ReleaseReasonSchema>;

export const RulesOut = z.object({
  thresholdEur: z.number().describe('net order value above which a buyer\'s order needs a release'),
  defaultThresholdEur: z.number(),
  basis: z.literal('net'), timeZone: z.string(), month: z.string().describe('YYYY-MM of the budget month'),
  buyers: z.array(BuyerOut),
});
export const zEur = z.number().finite().min(0).max(10_000_000);

export const rules = contract({
  method: 'get', path: '/account/release-rules', access: 'customer', tag: 'release-rules',
  summary: 'Release threshold (net EUR; default 5,000) and per sub-user the monthly budget with the budget used this month (Europe/Berlin month; released + pending orders). Main user or K07, else 403 forbidden_function',
  response: RulesOut,
});

export const setRules = contract({
  method: 'put', path: '/account/release-rules', access: 'customer', tag: 'release-rules',
  summary: 'Sets the release threshold { thresholdEur } (net, 0–10,000,000; main user or K07). Counts for orders placed from now on',
  body: z.object({ thresholdEur: zEur }),
  response: RulesOut,
});

export const setBudget = contract({
  method: 'put', path: '/account/budgets/:id', access: 'customer', tag: 'release-rules',
  summary: 'Sets a sub-user\'s monthly budget { budgetEur } (net EUR, null = none; main user or K07); 404 for a sub-user of another customer',
  params: z.object({ id: zId }),
  body: z.object({ budgetEur: zEur.nullable() }),
  response: RulesOut,
});
