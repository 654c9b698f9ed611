// Small building blocks of the tooth-storage islands: login-guarded loading, breadcrumb, state badge,
// slot counts, and the loading / error / empty states.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import { ensureCustomer, requireLogin } from '#islands/shop/lib/session.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { zahnError } from '../lib/errors.ts';
import type { Counts } from '#api/zahnlager.ts';

export type Load<D> = { state: 'loading' } | { state: 'error'; message: string; status: number } | { state: 'ok'; data: D };

/**
 * Loads data for a login-only page: guests get the login panel (section 4 login guard), customers
 * the call. `reload()` fetches again; `set` replaces the data after a local change.
 */
export function useCustomerData<D>(t: T, fetcher: () => Promise<D>, deps: unknown[]) {
  const loggedIn = useStore($customer).kundennummer > 0;
  const [load, setLoad] = useState<Load<D>>({ state: 'loading' });
  const waiting = useRef(false);
  const run = useCallback(async () => {
    const c = await ensureCustomer();
    if (!c.kundennummer) { waiting.current = true; requireLogin(); return; }
    waiting.current = false;
    try {
      setLoad({ state: 'ok', data: await fetcher() });
    } catch (e) {
      const status = (e as { status?: number }).status ?? 0;
      setLoad({ state: 'error', message: zahnError(t, e), status });
    }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps are forwarded (this hook is their effect; they list what fetcher reads)
  }, deps);
  useEffect(() => { void run(); }, [run]);
  // a guest who logs in through the panel gets the data without a reload
  useEffect(() => { if (loggedIn && waiting.current) void run(); }, [loggedIn, run]);
  // delivered sets booked by the start-up check change what the page shows
  useEffect(() => {
    const on = () => void run();
    document.addEventListener('zahnlager:booked', on);
    return () => document.removeEventListener('zahnlager:booked', on);
  }, [run]);
  const set = (data: D) => setLoad({ state: 'ok', data });
  return { load, reload: run, set };
}

export function LoadState({ load, t }: { load: Load<unknown>; t: T }) {
  if (load.state === 'loading') return <p className="sh-loading" role="status">{t('app.loading')}</p>;
  if (load.state === 'error') return <p className="sh-error" role="alert">{load.status === 404 ? t('zahnlager.not_found') : load.message}</p>;
  return null;
}

export function Crumbs({ items, t }: { items: { href?: string; label: string }[]; t: T }) {
  return (
    <nav className="zl-crumbs" aria-label={t('zahnlager.breadcrumb')}>
      <ol>
        {items.map((it, i) => (
          <li key={i}>{it.href && i < items.length - 1 ? <a href={it.href}>{it.label}</a> : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{it.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

export function StateBadge({ state, t }: { state: string; t: T }) {
  if (!state) return null;
  return <span className={`zl-state zl-state--${state}`} data-state={state}>{t(`zahnlager.status.${state}`)}</span>;
}

/** Slot counts of a drawer/cabinet/the storage: occupied, selected and the three order states. */
export function CountsLine({ c, t }: { c: Counts; t: T }) {
  return (
    <dl className="zl-counts">
      <div><dt>{t('zahnlager.occupied')}</dt><dd>{c.belegt} / {c.slots}</dd></div>
      {(['selected', 'processing', 'delivering', 'backorder'] as const).map((k) => c[k] > 0 && (
        <div key={k} className={`zl-counts__${k}`}><dt>{t(`zahnlager.status.${k}`)}</dt><dd>{c[k]}</dd></div>
      ))}
    </dl>
  );
}

/** Confirm dialog of the shared UI (section 4: one dialog at a time) as a promise. */
