// The one wording of why an order waits for a release (issue 11, part 3), for both release lists
// (konto: PendingReleases, logbuch/user: OrderReleases). Orders stored before the reason existed
// waited for the then fixed threshold.
import type { T } from './i18n.ts';
import { money, type Ctx } from './article.ts';
import type { ReleaseReason } from './orders.ts';

export function releaseReasonText(t: T, r: ReleaseReason | null | undefined, ctx: Ctx): string {
  const eur = (v: number | undefined) => money(v ?? 0, ctx, 'EUR');
  if (!r) return t('release.reason_threshold_old');
  return r.reason === 'threshold'
    ? t('release.reason_threshold', { value: eur(r.valueEur), limit: eur(r.thresholdEur) })
    : t('release.reason_budget', { value: eur(r.valueEur), budget: eur(r.budgetEur), used: eur(r.usedEur) });
}
