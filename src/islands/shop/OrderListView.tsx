// Order lists (meinlabor/bestellliste/{id}; id 0 = favourites): create, rename, delete, add by
// article number (409 → error_art_in_liste, 400 → error_artnr), remove, quantities, all to cart
// with a progress dialog and a success toast.
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { $wkCounter } from '../../stores/basket.ts';
import { closeDialog, openDialog, setProgress, showToast } from '../../stores/ui.ts';
import { rememberSeen } from '../../stores/settings.ts';
import { ApiFailure, request } from '../../lib/api.ts';
import type { ListItem } from '../../api/favoriten.ts';
import { validateListName } from '../../lib/rules/validate.ts';
import { normalizeArtnr } from '../../lib/rules/artnr.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { addToCart, addToList, loadLists, type OrderListInfo } from './lib/cart.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { canOrder, productPath, type Ctx } from './lib/article.ts';
import { packSize } from '#rules/packSize.ts';
import { routes } from './lib/routes.ts';
import { Availability } from './ui/ArticleCard.tsx';
import { Img } from './ui/Img.tsx';
import { Price } from './ui/Price.tsx';
import { QtyStepper } from './ui/QtyStepper.tsx';
import './shop.css';

type Item = ListItem;

export default function OrderListView({ id, country, lang, messages }: { id: number; country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const r = routes(country, lang);
  const [lists, setLists] = useState<OrderListInfo[] | null>(null);
  const [items, setItems] = useState<Item[] | null>(null);
  const [name, setName] = useState('');
  const [notFound, setNotFound] = useState(false);
  const [newName, setNewName] = useState('');
  const [newErr, setNewErr] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [renameErr, setRenameErr] = useState('');
  const [artnr, setArtnr] = useState('');
  const [busy, setBusy] = useState(false);

  const listName = (l: { id: number; name: string }) => (l.id === 0 ? t('account.favorites') : l.name);
  const reload = () => {
    loadLists().then(setLists).catch(() => setLists([]));
    request('GET /api/favoriten/liste/:listId', { params: { listId: id }, query: { lang, country } })
      .then((l) => { setItems(l.items); setName(listName(l)); setNotFound(false); })
      .catch((e) => { if (e instanceof ApiFailure && e.status === 404) setNotFound(true); else showToast(errorMessage(t, failureKey(e)), 'error'); setItems([]); });
  };
  useEffect(() => rememberSeen('bestellliste', String(id)), [id]);
  useSessionLoad((c) => { if (c.kundennummer) reload(); else requireLogin(); }, [id]);

  const create = async (e: React.FormEvent) => {
    e.preventDefault();
    const err = validateListName(newName);
    if (err) { setNewErr(errorMessage(t, err)); return; }
    try {
      const l = await request('POST /api/favoriten/listen', { body: { name: newName.trim() } });
      setNewName(''); setNewErr('');
      location.assign(r.bestellliste(l.id));
    } catch (x) { setNewErr(errorMessage(t, failureKey(x))); }
  };

  const rename = async (e: React.FormEvent) => {
    e.preventDefault();
    if (renaming === null) return;
    const err = validateListName(renaming);
    if (err) { setRenameErr(errorMessage(t, err)); return; }
    try {
      await request('PUT /api/favoriten/listen/:id', { params: { id }, body: { name: renaming.trim() } });
      setName(renaming.trim()); setRenaming(null); setRenameErr('');
      loadLists().then(setLists).catch(() => {});
      showToast(t('success_saved'), 'success');
    } catch (x) { setRenameErr(errorMessage(t, failureKey(x))); }
  };

  const del = () => openDialog({
    title: t('app.delete'), text: t('account.list_delete_confirm', { name }), showCancel: true,
    onConfirm: async () => {
      try { await request('DELETE /api/favoriten/listen/:id', { params: { id } }); location.assign(r.bestellliste(0)); } catch (x) { showToast(errorMessage(t, failureKey(x)), 'error'); }
    },
  });

  const addByNumber = async (e: React.FormEvent) => {
    e.preventDefault();
    const nr = normalizeArtnr(artnr);
    if (!nr) { showToast(errorMessage(t, 'error_artnr'), 'error'); return; }
    if (await addToList(id, nr)) { setArtnr(''); reload(); }
  };

  const setMenge = async (a: Item, n: number) => {
    if (n < 1) return;
    setItems((xs) => xs && xs.map((x) => (x.Artikelnummer === a.Artikelnummer ? { ...x, menge: n } : x)));
    try { await request('PUT /api/favoriten/:listId/:artnr/:qty', { params: { listId: id, artnr: a.Artikelnummer, qty: n } }); } catch (x) { showToast(errorMessage(t, failureKey(x)), 'error'); }
  };

  const remove = async (a: Item) => {
    try {
      await request('DELETE /api/favoriten/:listId/:artnr', { params: { listId: id, artnr: a.Artikelnummer } });
      setItems((xs) => xs && xs.filter((x) => x.Artikelnummer !== a.Artikelnummer));
      loadLists().then(setLists).catch(() => {});
    } catch (x) { showToast(errorMessage(t, failureKey(x)), 'error'); }
  };

  const allToCart = async () => {
    if (busy) return;
    setBusy(true);
    openDialog({ title: t('account.list_to_cart'), text: t('dialog.please_wait'), progress: 0 });
    setProgress(30);
    try {
      const res = await request('POST /api/favoriten/liste/:listId/wk', { params: { listId: id } });
      $wkCounter.set(res.wkcounter);
      setProgress(100);
      showToast(t('success_liste_to_wk'), 'success');
    } catch (x) {
      closeDialog();
      showToast(errorMessage(t, x instanceof ApiFailure && x.status === 401 ? 'unauthorized' : 'generic'), 'error');
    } finally { closeDialog(); setBusy(false); }
  };

  return (
    <div className="sh-lists" data-testid="order-list">
      <aside className="sh-lists__nav" aria-label={t('account.meine_bestelllisten')}>
        <h2>{t('account.meine_bestelllisten')}</h2>
        <ul>
          {(lists ?? []).map((l) => (
            <li key={l.id}>
              <a href={r.bestellliste(l.id)} aria-current={l.id === id ? 'page' : undefined} className={l.id === id ? 'is-active' : ''}>
                {listName(l)} <span className="sh-count">{l.count}</span>
              </a>
            </li>
          ))}
        </ul>
        <form className="sh-form sh-lists__new" onSubmit={create} noValidate>
          <label className="sh-field">
            <span className="sh-field__label">{t('account.list_new')}</span>
            <input value={newName} onChange={(e) => setNewName(e.target.value)} maxLength={60} placeholder={t('account.list_name')}
              aria-invalid={!!newErr} data-testid="new-list-name" />
            {newErr && <span className="sh-field__error" role="alert">{newErr}</span>}
          </label>
          <button type="submit" className="sh-btn">{t('app.add')}</button>
        </form>
      </aside>
      <section className="sh-lists__main">
        {notFound ? <p className="sh-empty">{t('not_found')}</p> : (
          <>
            <div className="sh-lists__head">
              {renaming === null ? (
                <>
                  <h1>{name || t('app.loading')}</h1>
                  {id !== 0 && <button type="button" className="sh-btn sh-btn--ghost" onClick={() => setRenaming(name)}>{t('app.edit')}</button>}
                  {id !== 0 && <button type="button" className="sh-btn sh-btn--ghost" onClick={del}>{t('app.delete')}</button>}
                </>
              ) : (
                <form className="sh-form sh-form--inline" onSubmit={rename} noValidate>
                  <label className="sh-field">
                    <span className="sh-field__label">{t('account.list_name')}</span>
                    <input value={renaming} onChange={(e) => setRenaming(e.target.value)} maxLength={60} autoFocus aria-invalid={!!renameErr} data-testid="rename-list" />
                    {renameErr && <span className="sh-field__error" role="alert">{renameErr}</span>}
                  </label>
                  <button type="submit" className="sh-btn sh-btn--primary">{t('app.save')}</button>
                  <button type="button" className="sh-btn sh-btn--ghost" onClick={() => { setRenaming(null); setRenameErr(''); }}>{t('dialog.cancel')}</button>
                </form>
              )}
            </div>
            <form className="sh-form sh-form--inline" onSubmit={addByNumber}>
              <label className="sh-field">
                <span className="sh-field__label">{t('shop.article_number')}</span>
                <input value={artnr} onChange={(e) => setArtnr(e.target.value)} maxLength={40} data-testid="list-add-artnr" />
              </label>
              <button type="submit" className="sh-btn">{t('app.add')}</button>
            </form>
            {items === null && <p className="sh-loading">{t('app.loading')}</p>}
            {items && items.length === 0 && <p className="sh-empty">{t('account.list_empty')}</p>}
            {items && items.length > 0 && (
              <>
                <ul className="sh-rows">
                  {items.map((a) => (
                    <li key={a.Artikelnummer} className="sh-row" data-artnr={a.Artikelnummer}>
                      <Img a={a} sizes="72px" alt="" />
                      <div className="sh-row__main">
                        <a href={productPath(country, lang, a, a.PG)}>{a.Bezeichnung}</a>
                        <div className="sh-card__meta"><span>{a.Artikelnummer}</span>{a.Gebinde && <span>{packSize(a.Gebinde, lang)}</span>}</div>
                        <Availability a={a} t={t} />
                      </div>
                      <Price a={a} ctx={ctx} t={t} />
                      <QtyStepper value={a.menge} onChange={(n) => void setMenge(a, n)} t={t} min={1} />
                      {canOrder(a) && (
                        <button type="button" className="sh-btn sh-btn--primary" onClick={() => void addToCart(a.Artikelnummer, a.menge)}>
                          {t('shop.add_to_cart')}
                        </button>
                      )}
                      <button type="button" className="sh-iconbtn" onClick={() => void remove(a)} aria-label={`${t('app.remove')}${t('app.colon')} ${a.Bezeichnung}`} title={t('app.remove')}>×</button>
                    </li>
                  ))}
                </ul>
                <div className="sh-actions">
                  <button type="button" className="sh-btn sh-btn--primary sh-btn--big" onClick={() => void allToCart()} disabled={busy} data-testid="list-to-cart">
                    {t('account.list_to_cart')}
                  </button>
                  <a className="sh-btn" href={`/api/favoriten/liste/${id}/export.csv?country=${country}&lang=${lang}`} download data-testid="list-export-csv">{t('account.list_export_csv')}</a>
                  <a className="sh-btn sh-btn--ghost" href={r.schnellbestellung}>{t('nav.quick_order')}</a>
                </div>
              </>
            )}
          </>
        )}
      </section>
    </div>
  );
}
