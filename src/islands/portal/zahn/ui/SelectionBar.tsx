// Completion bar: number of selected sets, "send selected sets to the cart" and reset, both acting
// on the bar's own scope (drawer, cabinet or whole storage). Used by the overview, cabinet and drawer
// pages; the reset also undoes "processing" there, so it is offered while sets are in the cart.
import { useState } from 'react';
import { showToast } from '#stores/ui.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { zahnError } from '../lib/errors.ts';
import { confirmDialog } from '../lib/dialogs.ts';
import type { Counts } from '#api/zahnlager.ts';
import { zl, type Scope } from '../lib/zahnlager.ts';

export function SelectionBar({ t, counts, scope, id, onChange, wkHref }: {
  t: T; counts: Counts; scope: Scope; id?: number; onChange: () => void; wkHref: string;
}) {
  const selected = counts.selected;
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ sets: number; skipped: string[] } | null>(null);
  const toCart = async () => {
    setBusy(true);
    try {
      const r = await zl.toCart(scope, id);
      const sets = r.added.reduce((n, a) => n + a.menge, 0);
      setDone({ sets, skipped: r.skipped.map((s) => s.artnr) });
      showToast(t('zahnlager.sent_to_cart', { count: sets }), 'success');
      onChange();
    } catch (e) {
      showToast(zahnError(t, e), 'error');
    } finally { setBusy(false); }
  };
  const reset = async () => {
    const label = t(scope === 'schublade' ? 'zahnlager.reset_drawer' : scope === 'schrank' ? 'zahnlager.reset_cabinet' : 'zahnlager.reset_all');
    if (!(await confirmDialog(label, t('zahnlager.reset_confirm')))) return;
    setBusy(true);
    try {
      const r = await zl.reset(scope, id);
      showToast(t('zahnlager.reset_done', { count: r.cleared }), 'success');
      onChange();
    } catch (e) {
      showToast(zahnError(t, e), 'error');
    } finally { setBusy(false); }
  };
  return (
    <div className="zl-selbar" data-testid="zl-selbar">
      <p className="zl-selbar__count" aria-live="polite">{t('zahnlager.selected_count', { count: selected })}</p>
      <div className="zl-selbar__actions">
        <button type="button" className="sh-btn sh-btn--primary" onClick={toCart} disabled={busy || selected === 0} data-testid="zl-to-cart">
          {t('zahnlager.add_selected_to_cart')}
        </button>
        <button type="button" className="sh-btn sh-btn--ghost" onClick={reset} disabled={busy || selected + counts.processing === 0} data-testid={`zl-reset-${scope}`}>
          {t(scope === 'schublade' ? 'zahnlager.reset_drawer' : scope === 'schrank' ? 'zahnlager.reset_cabinet' : 'zahnlager.reset_all')}
        </button>
      </div>
      {done && (
        <p className="sh-success zl-selbar__done" role="status">
          {t('zahnlager.sent_to_cart', { count: done.sets })} <a className="sh-link" href={wkHref}>{t('to_cart')}</a>
          {done.skipped.length > 0 && <><br />{t('zahnlager.skipped', { list: done.skipped.join(', ') })}</>}
        </p>
      )}
    </div>
  );
}
