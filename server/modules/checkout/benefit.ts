// Benefit codes (Vorteilscodes): whether a code applies and the discount rule it gives.
import type { Db } from '../../db/index.ts';
import { convertPrice, loadArticleItems } from '../../lib/articles.ts';
import { type BenefitRule } from '../../lib/money.ts';
import { today } from './methods.ts';

// ---- benefit codes ----

export interface BenefitEval {
  code: string; kind: string; value: number; removable: boolean;
  freeGift: { artnr: string; bezeichnung: string } | null;
  /** null when it applies; otherwise the error key (it then takes nothing off) */
  error: string | null;
}

/** Whether a code applies to a cart of `netEur` goods value (before discounts); its amount comes from priceSummary. */
export async function evalBenefit(db: Db, kdnr: number, code: string, netEur: number, lang: string): Promise<BenefitEval> {
  const row = await db.selectFrom('benefit_codes').selectAll().where('code', '=', code).executeTakeFirst();
  const t = today();
  const base = { code, kind: row?.kind ?? 'percent', value: Number(row?.value ?? 0), removable: row ? !!row.removable : true, freeGift: null };
  if (!row || t < row.valid_from.slice(0, 10) || t > row.valid_to.slice(0, 10)) return { ...base, error: 'benefit_code_invalid' };
  if (row.single_use) {
    const used = await db.selectFrom('benefit_redemptions').select('code').where('code', '=', code).where('kdnr', '=', kdnr).executeTakeFirst();
    if (used) return { ...base, error: 'benefit_code_already_redeemed' };
  }
  if (netEur < Number(row.min_order)) return { ...base, error: 'benefit_code_min_order' };
  let freeGift: BenefitEval['freeGift'] = null;
  if (row.kind === 'gift' && row.free_gift_artnr) {
    const [g] = await loadArticleItems(db, [row.free_gift_artnr], { lang, country: 'de' });
    if (g) freeGift = { artnr: g.Artikelnummer, bezeichnung: g.Bezeichnung };
  }
  return { ...base, freeGift, error: null };
}

/** The pricing rule of an applicable code in a currency (instant amounts are EUR values converted). */
export function benefitRule(b: BenefitEval | null, rate: number): BenefitRule | null {
  if (!b || b.error) return null;
  if (b.kind === 'percent') return { code: b.code, kind: 'percent', percent: b.value };
  if (b.kind === 'instant') return { code: b.code, kind: 'instant', amount: convertPrice(b.value, rate) };
  return { code: b.code, kind: 'gift' };
}

export const normCode = (s: string) => s.trim().toUpperCase();
