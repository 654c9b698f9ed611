// Budgets and approval rules (issue 11, part 3; rules in server/lib/release-rules.ts). mode 'settings'
// (logbuch/user): the main user or a K07 sets the net order value above which a buyer's order needs a
// release and a monthly budget per sub-user. mode 'usage' (konto): each buyer's budget used this month.
// Both need the release right (GET /api/account/release-rules answers others 403): the island then
// shows nothing in konto and a note in the settings.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import { showToast } from '#stores/ui.ts';
import { request, type ApiResult } from '#lib/api.ts';
import { allows } from '#rules/permissions.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { useSessionLoad } from '../../shop/lib/useSessionLoad.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { money, type Ctx } from '../../shop/lib/article.ts';
import { portalError } from '../lib/errors.ts';
import '../portal.css';
import { ScrollRegion } from '../../shop/ui/ScrollRegion.tsx';

type Rules = ApiResult<'GET /api/account/release-rules'>;
type Buyer = Rules['buyers'][number];

/** "1234,5" or "1234.5" → 1234.5; blank → null; anything else → NaN. */
function parseEur(s: string): number | null {
  const v = s.trim().replace(/\s/g, '').replace(',', '.');
  if (!v) return null;
  return /^\d+(\.\d{1,2})?$/.test(v) ? Number(v) : NaN;
}

export default function BudgetRules({ country, lang, mode, messages }: { country: string; lang: string; mode: 'settings' | 'usage'; messages?: Messages }) {
  const t = useT(lang, messages);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: 'EUR' }), [country, lang]);
  const acting = useStore($customer).activeUser; // null: the main user
  const mayRelease = allows(acting ? acting.funktionen : null, 'release');
  const [rules, setRules] = useState<Rules | null>(null);
  const [threshold, setThreshold] = useState('');
  const [budgets, setBudgets] = useState<Record<number, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  // amounts in the fields as the locale writes them (1500,5 in German), without grouping
  const field = (v: number) => new Intl.NumberFormat(`${lang}-${country.toUpperCase()}`, { useGrouping: false, maximumFractionDigits: 2 }).format(v);
  const show = (r: Rules) => {
    setRules(r);
    setThreshold(field(r.thresholdEur));
    setBudgets(Object.fromEntries(r.buyers.map((b) => [b.id, b.budgetEur === null ? '' : field(b.budgetEur)])));
  };
  // reloads when the acting user changes
  useSessionLoad((c) => {
    if (!mayRelease) { setRules(null); return; }
    if (!c.kundennummer) return;
    request('GET /api/account/release-rules').then(show).catch((e) => setError(portalError(t, failureKey(e))));
  }, [mayRelease, acting?.id ?? null]);

  const saveThreshold = async (e: React.FormEvent) => {
    e.preventDefault();
    const v = parseEur(threshold);
    if (v === null || Number.isNaN(v)) { setError(t('logbuch_user.amount_invalid')); return; }
    setBusy(true); setError('');
    try {
      show(await request('PUT /api/account/release-rules', { body: { thresholdEur: v } }));
      showToast(t('logbuch_user.rules_saved'), 'success');
    } catch (err) { setError(portalError(t, failureKey(err))); } finally { setBusy(false); }
  };
  const saveBudget = async (b: Buyer) => {
    const v = parseEur(budgets[b.id] ?? '');
    if (Number.isNaN(v)) { setError(t('logbuch_user.amount_invalid')); return; }
    setBusy(true); setError('');
    try {
      show(await request('PUT /api/account/budgets/:id', { params: { id: b.id }, body: { budgetEur: v } }));
      showToast(t('logbuch_user.budget_saved', { name: b.name }), 'success');
    } catch (err) { setError(portalError(t, failureKey(err))); } finally { setBusy(false); }
  };

  if (!mayRelease) {
    return mode === 'settings' ? <p className="sh-note pt-budgets" data-testid="budget-no-right">{t('logbuch_user.budgets_no_right')}</p> : null;
  }
  const buyers = (rules?.buyers ?? []).filter((b) => mode === 'settings' || b.budgetApplies);
  const [y, m] = (rules?.month ?? '').split('-').map(Number);
  const monthName = rules ? new Intl.DateTimeFormat(`${lang}-${country.toUpperCase()}`, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, 1))) : '';

  return (
    <section className="pt-budgets" aria-labelledby={`pt-budgets-${mode}`} data-testid={`budgets-${mode}`}>
      <h2 id={`pt-budgets-${mode}`} className="sh-section__title">{t(mode === 'settings' ? 'logbuch_user.budgets' : 'logbuch_user.budget_usage')}</h2>
      {error && <p className="sh-error" role="alert" data-testid="budget-error">{error}</p>}
      {!rules && !error && <p aria-busy="true">{t('app.loading')}</p>}
      {rules && mode === 'settings' && (
        <form className="sh-form pt-threshold" onSubmit={(e) => void saveThreshold(e)} noValidate>
          <label className="sh-field">
            <span className="sh-field__label">{t('logbuch_user.threshold')}</span>
            <span className="pt-amount">
              <input className="sh-input" inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value)} data-testid="threshold-input" />
              <span aria-hidden="true">EUR</span>
            </span>
            <span className="sh-field__hint">{t('logbuch_user.threshold_hint', { amount: money(rules.defaultThresholdEur, ctx) })}</span>
          </label>
          <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('logbuch_user.threshold_save')}</button>
        </form>
      )}
      {rules && <p className="sh-muted">{t('logbuch_user.budgets_intro', { month: monthName })}</p>}
      {rules && buyers.length === 0 && <p className="sh-empty">{t('logbuch_user.budgets_empty')}</p>}
      {rules && buyers.length > 0 && (
        <ScrollRegion labelledBy={`pt-budgets-${mode}`}>
          <table className="sh-table pt-doctable pt-budgettable">
            <thead>
              <tr>
                <th scope="col">{t('logbuch_user.buyer')}</th>
                <th scope="col" className="sh-num">{t('logbuch_user.budget')}</th>
                <th scope="col" className="sh-num">{t('logbuch_user.budget_used')}</th>
                <th scope="col" className="sh-num">{t('logbuch_user.budget_remaining')}</th>
                {mode === 'settings' && <th scope="col"><span className="sh-sr">{t('app.column_actions')}</span></th>}
              </tr>
            </thead>
            <tbody>
              {buyers.map((b) => (
                <tr key={b.id} data-buyer={b.id}>
                  <td data-label={t('logbuch_user.buyer')}>{b.name} <span className="sh-muted">({b.funktionen.join(', ')})</span></td>
                  <td className="sh-num" data-label={t('logbuch_user.budget')}>
                    {mode === 'settings' && b.budgetApplies ? (
                      <input className="sh-input pt-budgetinput" inputMode="decimal" value={budgets[b.id] ?? ''} placeholder={t('logbuch_user.no_budget')}
                        aria-label={t('logbuch_user.budget_for', { name: b.name })} onChange={(e) => setBudgets({ ...budgets, [b.id]: e.target.value })}
                        data-testid={`budget-input-${b.id}`} />
                    ) : b.budgetApplies ? (b.budgetEur === null ? t('logbuch_user.no_budget') : money(b.budgetEur, ctx))
                      : allows(b.funktionen, 'release') ? t('logbuch_user.no_release_needed') : '—'}
                  </td>
                  <td className="sh-num" data-label={t('logbuch_user.budget_used')} data-testid={`budget-used-${b.id}`}>
                    {money(b.usedEur, ctx)}
                    {b.pendingEur > 0 && <span className="sh-muted pt-pending"> ({t('logbuch_user.budget_pending', { amount: money(b.pendingEur, ctx) })})</span>}
                  </td>
                  <td className={`sh-num${b.remainingEur !== null && b.remainingEur < 0 ? ' pt-over' : ''}`} data-label={t('logbuch_user.budget_remaining')}>
                    {b.remainingEur === null ? '—' : money(b.remainingEur, ctx)}
                  </td>
                  {mode === 'settings' && (
                    <td>
                      {b.budgetApplies && (
                        <button type="button" className="sh-btn sh-btn--small" disabled={busy} onClick={() => void saveBudget(b)}
                          aria-label={t('logbuch_user.budget_save_for', { name: b.name })} data-testid={`budget-save-${b.id}`}>
                          {t('logbuch_user.budget_save')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}
