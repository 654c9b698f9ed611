// konto: my account with the hash sections meine_topartikel (also meine_top_artikel),
// meine_bestelllisten, meine_bestellungen, meine_newsletter (consent), online_features, plus
// einstellungen (country and language: the pre-navbar offers the country to guests only). The sections exist in
// the server render so the hash scroll and the sub-navigation find them.
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { $userSelectOpen, showToast } from '../../stores/ui.ts';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { ensureCustomer, logout, requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { loadLists, type OrderListInfo } from './lib/cart.ts';
import { loadOrders, type OrderSummary } from './lib/orders.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { routes } from './lib/routes.ts';
import { activeUserMay } from '../../lib/rules/permissions.ts';
import { activate } from './lib/activate.ts';
import type { Ctx } from './lib/article.ts';
import { OrdersTable } from './ui/Orders.tsx';
import { PendingReleases } from './ui/PendingReleases.tsx';
import { LocaleSettings } from './ui/LocaleSettings.tsx';
import TopArtikelView from './TopArtikelView.tsx';
import './shop.css';


export default function KontoView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const r = routes(country, lang);
  const [lists, setLists] = useState<OrderListInfo[] | null>(null);
  const [orders, setOrders] = useState<OrderSummary[] | null>(null);
  const [ordersErr, setOrdersErr] = useState('');
  const [newsletter, setNewsletter] = useState<boolean | null>(null);

  useSessionLoad((c) => {
    if (!c.kundennummer) { requireLogin(); return; }
    setNewsletter(c.newsletter);
    loadLists().then(setLists).catch(() => setLists([]));
    loadOrders(10).then(setOrders).catch((e) => { setOrders([]); setOrdersErr(errorMessage(t, failureKey(e))); });
  });

  const toggleNewsletter = async (on: boolean) => {
    setNewsletter(on);
    try { await request('PUT /api/user/kundendaten', { body: { Newsletter: on ? 1 : 0 } }); showToast(t('success_saved'), 'success'); void ensureCustomer(true); }
    catch (e) { setNewsletter(!on); showToast(errorMessage(t, failureKey(e)), 'error'); }
  };

  const name = [customer.titel, customer.vorname, customer.nachname].filter(Boolean).join(' ');
  return (
    <div className="sh-konto" data-testid="konto">
      <header className="sh-konto__head">
        <h1>{t('account.title')}</h1>
        {/* the greeting's line is held (hidden) until the session is known: the page below must not jump */}
        {customer.kundennummer > 0 ? (
          <p>{t('account.welcome', { name: customer.activeUser ? `${customer.activeUser.vorname} ${customer.activeUser.nachname}` : name })}
            {' · '}{t('account.customer_number')}{t('app.colon')} <strong>{customer.kundennummer}</strong></p>
        ) : <p className="sh-placeholder" aria-hidden="true">{t('account.welcome', { name: 'Max Mustermann' })} · {t('account.customer_number')}{t('app.colon')} <strong>000000</strong></p>}
        <div className="sh-actions sh-konto__actions">
          <a className="sh-btn" href={r.kundendatenAendern}>{t('account.change_data')}</a>
          <button type="button" className="sh-btn" onClick={() => { $userSelectOpen.set(true); activate('user-select'); }}>{t('nav.change_user')}</button>
          <a className="sh-btn" href={r.meinlabor}>{t('nav.my_lab')}</a>
          <button type="button" className="sh-btn sh-btn--ghost" onClick={async () => { await logout(); location.assign(r.home); }}>{t('nav.logout')}</button>
        </div>
      </header>

      <section id="meine_topartikel" className="sh-section sh-konto__sect">
        <span id="meine_top_artikel" aria-hidden="true" />
        <TopArtikelView country={country} lang={lang} limit={8} embedded title={t('account.meine_topartikel')} />
      </section>

      <section id="meine_bestelllisten" className="sh-section sh-konto__sect" aria-labelledby="sh-k-lists">
        <h2 id="sh-k-lists">{t('account.meine_bestelllisten')}</h2>
        <p className="sh-konto__quick">
          <a className="sh-btn sh-btn--primary" href={r.schnellbestellung} data-testid="konto-quick-order">{t('nav.quick_order')}</a>
          <span>{t('quick.konto_text')}</span>
        </p>
        {lists === null ? <p className="sh-loading">{t('app.loading')}</p> : (
          <ul className="sh-konto__lists">
            {lists.map((l) => (
              <li key={l.id}><a className="sh-tile" href={r.bestellliste(l.id)}>{l.id === 0 ? t('account.favorites') : l.name} <span className="sh-count">{l.count}</span></a></li>
            ))}
          </ul>
        )}
      </section>

      <section id="meine_bestellungen" className="sh-section sh-konto__sect" aria-labelledby="sh-k-orders">
        <h2 id="sh-k-orders">{t('account.meine_bestellungen')}</h2>
        {ordersErr && <p className="sh-error">{ordersErr}</p>}
        <PendingReleases t={t} ctx={ctx} mayRelease={activeUserMay(customer.activeUser, 'release')} onReleased={() => void loadOrders(10).then(setOrders).catch(() => undefined)} />
        {orders === null ? <p className="sh-loading">{t('app.loading')}</p> : <OrdersTable orders={orders} t={t} ctx={ctx} />}
      </section>

      <section id="meine_newsletter" className="sh-section sh-konto__sect" aria-labelledby="sh-k-news">
        <h2 id="sh-k-news">{t('account.meine_newsletter')}</h2>
        <label className="sh-check">
          <input type="checkbox" checked={!!newsletter} disabled={newsletter === null} onChange={(e) => void toggleNewsletter(e.target.checked)} />
          <span>{t('account.newsletter_consent')}</span>
        </label>
      </section>

      <section id="einstellungen" className="sh-section sh-konto__sect" aria-labelledby="sh-k-settings">
        <h2 id="sh-k-settings">{t('account.settings')}</h2>
        {customer.kundennummer > 0 && <LocaleSettings country={country} lang={lang} t={t} />}
      </section>

      <section id="online_features" className="sh-section sh-konto__sect" aria-labelledby="sh-k-features">
        <h2 id="sh-k-features">{t('account.online_features')}</h2>
        <ul className="sh-tiles">
          <li><a className="sh-tile" href={r.vorschlag}>{t('account.suggestions')}</a></li>
          <li><a className="sh-tile" href={r.topartikel()}>{t('meinlabor.top_articles')}</a></li>
          <li><a className="sh-tile" href={`/${country}/${lang}/zahnlager`}>{t('zahnlager.title')}</a></li>
          <li><a className="sh-tile" href={`/${country}/${lang}/kamera`}>{t('scanner.title')}</a></li>
          <li><a className="sh-tile" href={`/${country}/${lang}/label/select`}>{t('label.title')}</a></li>
          <li><a className="sh-tile" href={`/${country}/${lang}/loesungen/dokumente`}>{t('documents.title')}</a></li>
        </ul>
      </section>
    </div>
  );
}
