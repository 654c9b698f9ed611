// zahnlager/bestellhistorie (+ details/{year}/{month}/{day}/{auftrag}/{vorgang}/{rechnung}): orders
// that contained tooth sets with the state of each set, and the storage positions currently
// selected for completion, being processed, being delivered or delivered later.
import { useState } from 'react';
import { useT, type Messages, type T } from '../../shop/lib/i18n.ts';
import { Pagination } from '../../shop/ui/Pagination.tsx';
import { MoneySummaryBox } from '../../shop/ui/MoneySummary.tsx';
import { loadOrder, type OrderDetail } from '../../shop/lib/orders.ts';
import { zahnRoutes } from './lib/routes.ts';
import type { HistoryOrder as HistOrder, OrderHistory as Historie, SlotLocation } from '#api/zahnlager.ts';
import { zl } from './lib/zahnlager.ts';
import { dateLabel } from './lib/format.ts';
import { Crumbs, LoadState, StateBadge, useCustomerData } from './ui/common.tsx';
import './zahn.css';
import { ScrollRegion } from '../../shop/ui/ScrollRegion.tsx';

const OPEN = ['selected', 'processing', 'delivering', 'backorder'] as const;

export default function BestellhistorieView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = zahnRoutes(country, lang);
  const [page] = useState(() => (typeof location !== 'undefined' ? Math.max(1, Number(new URLSearchParams(location.search).get('page')) || 1) : 1));
  const { load } = useCustomerData(t, () => zl.historie(page), [page]);
  return (
    <div className="zl" data-testid="zl-historie">
      <Crumbs t={t} items={[{ href: r.zahnlager, label: t('zahnlager.title') }, { label: t('zahnlager.order_history') }]} />
      <h1>{t('zahnlager.order_history')}</h1>
      <LoadState load={load} t={t} />
      {load.state === 'ok' && <Content h={load.data} t={t} country={country} lang={lang} />}
    </div>
  );
}

function Content({ h, t, country, lang }: { h: Historie; t: T; country: string; lang: string }) {
  const r = zahnRoutes(country, lang);
  const pages = Math.max(1, Math.ceil(h.total / h.pageSize));
  return (
    <>
      <section className="sh-section" aria-labelledby="zl-open">
        <h2 id="zl-open">{t('zahnlager.open_positions')}</h2>
        <div className="zl-open">
          {OPEN.map((k) => (
            <div key={k} className="zl-cab" data-testid={`zl-open-${k}`}>
              <h3><StateBadge state={k} t={t} /> <span className="sh-count">{h.slots[k].length}</span></h3>
              {h.slots[k].length === 0 ? <p className="sh-muted">{t('zahnlager.none')}</p> : (
                <ul className="zl-drawers">{h.slots[k].map((s) => <li key={s.id}><SlotLink s={s} t={t} r={r} /></li>)}</ul>
              )}
            </div>
          ))}
        </div>
      </section>
      <section className="sh-section" aria-labelledby="zl-orders">
        <h2 id="zl-orders">{t('zahnlager.orders_with_sets')}</h2>
        {h.orders.length === 0 ? <p className="sh-empty">{t('zahnlager.no_orders')}</p> : (
          <ScrollRegion className="sh-table-wrap" labelledBy="zl-orders">
            <table className="sh-table zl-hist zl-hist--orders">
              <thead><tr><th scope="col">{t('zahnlager.date')}</th><th scope="col">{t('zahnlager.order_no')}</th><th scope="col">{t('zahnlager.sets')}</th><th scope="col"><span className="sh-sr">{t('zahnlager.details')}</span></th></tr></thead>
              <tbody>
                {h.orders.map((o) => (
                  <tr key={o.id} data-testid="zl-hist-order">
                    <td className="zl-hist__date">{dateLabel(o.datum, country, lang)}</td>
                    <td className="zl-hist__no" data-label={t('zahnlager.order_no')}>{o.auftrag}</td>
                    <td className="zl-hist__sets"><ul className="zl-drawers">{o.positionen.map((p) => <li key={p.pos}>{p.menge} × {p.artnr} <StateBadge state={p.state} t={t} /></li>)}</ul></td>
                    <td className="zl-hist__more"><a className="sh-link" href={r.details(o)}>{t('zahnlager.details')}</a></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {pages > 1 && <Pagination page={h.page} pages={pages} href={(p: number) => `${r.bestellhistorie}?page=${p}`} onGo={(p: number) => location.assign(`${r.bestellhistorie}?page=${p}`)} t={t} />}
      </section>
    </>
  );
}

function SlotLink({ s, t, r }: { s: SlotLocation; t: T; r: ReturnType<typeof zahnRoutes> }) {
  return (
    <a href={r.schublade(s.schrankId, s.schubladeId)}>
      {s.artikelnummer} – {s.schrank} / {s.schublade}, {t('zahnlager.position', { zeile: s.zeile, spalte: s.spalte })}
    </a>
  );
}

export function BestellDetailsView({ country, lang, auftrag, vorgang, rechnung, messages }: {
  country: string; lang: string; auftrag: number; vorgang: number; rechnung: number; messages?: Messages;
}) {
  const t = useT(lang, messages);
  const r = zahnRoutes(country, lang);
  const { load } = useCustomerData(t, async () => {
    const o = await zl.order(auftrag);
    // the address carries process and invoice numbers too: a mismatch is an unknown order
    if (o.vorgang !== vorgang || o.rechnung !== rechnung) throw Object.assign(new Error('not_found'), { status: 404 });
    // the order's money (lines, discounts, shipping, VAT) as everywhere else
    return { ...o, money: await loadOrder(auftrag, lang) };
  }, [auftrag, vorgang, rechnung]);
  const o: (HistOrder & { money: OrderDetail }) | null = load.state === 'ok' ? load.data : null;
  return (
    <div className="zl" data-testid="zl-historie-details">
      <Crumbs t={t} items={[{ href: r.zahnlager, label: t('zahnlager.title') }, { href: r.bestellhistorie, label: t('zahnlager.order_history') }, { label: `${t('zahnlager.order_no')} ${auftrag}` }]} />
      <h1 id="zl-order-title">{t('zahnlager.order_no')} {auftrag}</h1>
      <LoadState load={load} t={t} />
      {o && (
        <>
          <dl className="zl-counts">
            <div><dt>{t('zahnlager.date')}</dt><dd>{dateLabel(o.datum, country, lang)}</dd></div>
            <div><dt>{t('zahnlager.process_no')}</dt><dd>{o.vorgang}</dd></div>
            {/* 0 until the order is invoiced (as in the shop's order history) */}
            {o.rechnung ? <div><dt>{t('zahnlager.invoice_no')}</dt><dd>{o.rechnung}</dd></div> : null}
          </dl>
          <ScrollRegion labelledBy="zl-order-title">
            <table className="sh-table zl-hist zl-hist--lines">
              <thead><tr><th scope="col">{t('zahnlager.artikelnummer')}</th><th scope="col">{t('zahnlager.name')}</th><th scope="col">{t('zahnlager.quantity')}</th><th scope="col">{t('zahnlager.state')}</th><th scope="col">{t('zahnlager.storage_place')}</th></tr></thead>
              <tbody>
                {o.positionen.map((p) => (
                  <tr key={p.pos}>
                    <td className="zl-hist__artnr" data-label={t('zahnlager.artikelnummer')}>{p.artnr}</td>
                    <td className="zl-hist__name">{p.bezeichnung}</td>
                    <td className="zl-hist__qty" data-label={t('zahnlager.quantity')}>{p.menge}</td>
                    <td className="zl-hist__state"><StateBadge state={p.state} t={t} />{p.bookedAt && <> {dateLabel(p.bookedAt, country, lang)}</>}</td>
                    <td className="zl-hist__place" data-label={t('zahnlager.storage_place')}>{p.slot ? <SlotLink s={p.slot} t={t} r={r} /> : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <div className="zl-money"><MoneySummaryBox s={o.money.summary} t={t} ctx={{ country, lang, currency: o.money.currency }} showLines={false} /></div>
        </>
      )}
    </div>
  );
}
