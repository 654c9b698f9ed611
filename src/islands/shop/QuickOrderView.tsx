// Quick order (shop/schnellbestellung, issue 11): a grid of (article number, quantity) lines fed by
// typing, pasting a block, a CSV/XLSX file or the camera. Every change checks all lines with ONE call
// that resolves each number like the quick suggestion of section 5 (the resolved number shows under
// the input, with suggestions for wrong lines); valid lines go into the cart (one transaction) or an
// order list, invalid ones stay for correction.
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { $wkCounter } from '../../stores/basket.ts';
import { showToast } from '../../stores/ui.ts';
import { request } from '../../lib/api.ts';
import type { ResultOf } from '../../api/contract.ts';
import type * as quickorder from '../../api/quickorder.ts';
import { QUICK_ORDER_MAX_LINES } from '../../lib/rules/constants.ts';
import { formatPrice, localeFor } from '../../lib/rules/locale.ts';
import { packSize } from '../../lib/rules/packSize.ts';
import { isBlock, linesFromRows, parseOrderBlock, type OrderLineInput, type ParsedBlock } from '../../lib/rules/quickOrder.ts';
import { validateListName } from '../../lib/rules/validate.ts';
import { useT, type Messages, type T } from './lib/i18n.ts';
import { loadLists, type OrderListInfo } from './lib/cart.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { routes } from './lib/routes.ts';
import { readXlsxRows } from './lib/xlsx.ts';
import { Availability } from './ui/ArticleCard.tsx';
import type { Decoded } from '../portal/scanner/lib/decoder.ts';
import './shop.css';
import './quick/quick.css';

const QuickScan = lazy(() => import('./quick/QuickScan.tsx'));
const CHECK_DEBOUNCE_MS = 350;

interface Row { id: number; artnr: string; menge: string }
type Checked = ResultOf<typeof quickorder.check>['lines'][number];

let nextId = 1;
const row = (artnr = '', menge = ''): Row => ({ id: nextId++, artnr, menge });
const filled = (r: Row) => r.artnr.trim() !== '';
/** The grid always ends with one empty line to type into. */
const withBlank = (rows: Row[]) => (rows.length && !filled(rows[rows.length - 1]!) ? rows : [...rows, row()]);

export default function QuickOrderView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const r = routes(country, lang);
  const locale = localeFor(country, lang);
  const [rows, setRows] = useState<Row[]>(() => [row()]);
  const [checked, setChecked] = useState<Map<number, Checked>>(new Map());
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [paste, setPaste] = useState('');
  const [scan, setScan] = useState(false);
  const [lists, setLists] = useState<OrderListInfo[]>([]);
  const [listName, setListName] = useState('');
  const [listErr, setListErr] = useState('');
  const [importTo, setImportTo] = useState('');
  const seq = useRef(0);

  useSessionLoad((c) => { if (c.kundennummer) loadLists().then(setLists).catch(() => setLists([])); else requireLogin(); });

  // ONE check call for every filled line, a moment after the last change
  const sent = useMemo(() => rows.filter(filled), [rows]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one check per change of the filled lines; t is only read when an error is shown; it changes when the full message set arrives, which must not refetch
  useEffect(() => {
    if (!sent.length) { setChecked(new Map()); return; }
    const my = ++seq.current;
    setChecking(true);
    const timer = setTimeout(() => {
      request('POST /api/schnellbestellung/pruefen', { query: { country, lang }, body: { lines: sent.map((x) => ({ artnr: x.artnr, menge: x.menge })) } })
        .then((res) => { if (my === seq.current) setChecked(new Map(res.lines.map((l) => [sent[l.index]!.id, l]))); })
        .catch((e) => { if (my === seq.current) showToast(errorMessage(t, failureKey(e), { max: QUICK_ORDER_MAX_LINES }), 'error'); })
        .finally(() => { if (my === seq.current) setChecking(false); });
    }, CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sent, country, lang]);

  const current = (x: Row) => { const c = checked.get(x.id); return c && c.input === x.artnr.trim() ? c : undefined; };
  const valid = sent.filter((x) => { const c = current(x); return c && !c.error; });
  const invalidCount = sent.filter((x) => current(x)?.error).length;
  const total = valid.reduce((s, x) => { const c = current(x)!; return s + c.article!.Preis * c.menge!; }, 0);
  const currency = valid.map((x) => current(x)!.article!.Waehrung)[0] ?? customer.currency ?? 'EUR';

  /** Puts lines in at row `at` (replacing it when empty); more than the limit → error, nothing taken. */
  const insert = (block: ParsedBlock, at?: number): boolean => {
    const keep = rows.filter(filled);
    if (block.tooMany || keep.length + block.lines.length > QUICK_ORDER_MAX_LINES) {
      showToast(errorMessage(t, 'error_too_many_lines', { max: QUICK_ORDER_MAX_LINES }), 'error');
      return false;
    }
    const added = block.lines.map((l: OrderLineInput) => row(l.artnr, l.menge));
    setRows((xs) => {
      const i = at === undefined ? xs.length : xs.findIndex((x) => x.id === at);
      const before = xs.slice(0, i < 0 ? xs.length : i).filter(filled);
      const after = xs.slice(i < 0 ? xs.length : i).filter((x) => filled(x) && x.id !== at);
      return withBlank([...before, ...added, ...after]);
    });
    return true;
  };

  const setCell = (id: number, patch: Partial<Row>) => setRows((xs) => withBlank(xs.map((x) => (x.id === id ? { ...x, ...patch } : x))));
  const remove = (id: number) => setRows((xs) => withBlank(xs.filter((x) => x.id !== id)));

  const onFile = async (file: File) => {
    try {
      const buf = new Uint8Array(await file.arrayBuffer());
      const zip = buf[0] === 0x50 && buf[1] === 0x4b; // "PK": an XLSX workbook
      let block: ParsedBlock;
      if (zip) block = linesFromRows(await readXlsxRows(buf));
      else {
        let text = new TextDecoder('utf-8').decode(buf);
        if (text.includes('\uFFFD')) text = new TextDecoder('windows-1252').decode(buf); // older spreadsheet exports
        block = parseOrderBlock(text);
      }
      if (!block.lines.length && !block.tooMany) { showToast(t('quick.file_empty'), 'warn'); return; }
      if (insert(block)) showToast(t('quick.taken', { count: block.lines.length }), 'success');
    } catch {
      showToast(t('quick.file_error'), 'error');
    }
  };

  const onScan = async (d: Decoded) => {
    try {
      const res = await request('GET /api/scan/resolve', { query: { code: d.text } });
      if (!res.article) { showToast(errorMessage(t, 'no_product_found'), 'error'); return; }
      insert({ lines: [{ artnr: res.article.Artikelnummer, menge: res.scan.quantity ? String(res.scan.quantity) : '' }], tooMany: false });
      showToast(`${res.article.Artikelnummer} · ${t('quick.taken', { count: 1 })}`, 'success');
    } catch (e) { showToast(errorMessage(t, failureKey(e)), 'error'); }
  };

  const validLines = () => valid.map((x) => ({ artnr: x.artnr, menge: x.menge }));
  const failed = (e: unknown) => {
    const key = failureKey(e);
    showToast(errorMessage(t, key, { max: QUICK_ORDER_MAX_LINES }), 'error');
    setRows((xs) => [...xs]); // check again: the answer's line errors show in the grid
  };

  const addAll = async () => {
    if (busy || !valid.length) return;
    setBusy(true);
    try {
      const res = await request('POST /api/schnellbestellung/wk', { query: { country, lang }, body: { lines: validLines() } });
      $wkCounter.set(res.wkcounter);
      const done = new Set(valid.map((x) => x.id));
      setRows((xs) => withBlank(xs.filter((x) => !done.has(x.id))));
      showToast(t('quick.added', { count: res.count }), 'success');
    } catch (e) { failed(e); } finally { setBusy(false); }
  };

  const toList = async (target: { name: string } | { listId: number }) => {
    if (busy || !valid.length) return;
    setBusy(true);
    try {
      const res = await request('POST /api/schnellbestellung/liste', { body: { ...target, lines: validLines() } });
      setListName(''); setListErr('');
      loadLists().then(setLists).catch(() => undefined);
      showToast(t('quick.list_saved', { name: res.name === 'favoriten' ? t('account.favorites') : res.name, count: res.added }), 'success');
    } catch (e) { failed(e); } finally { setBusy(false); }
  };

  const saveList = (e: React.FormEvent) => {
    e.preventDefault();
    const err = validateListName(listName);
    if (err) { setListErr(errorMessage(t, err)); return; }
    void toList({ name: listName.trim() });
  };

  return (
    <div className="sh-quick" data-testid="quick-order">
      <header className="sh-quick__head">
        <h1>{t('quick.title')}</h1>
        <p>{t('quick.intro', { max: QUICK_ORDER_MAX_LINES })}</p>
      </header>

      <div className="sh-quick__inputs">
        <form className="sh-form sh-quick__paste" onSubmit={(e) => { e.preventDefault(); if (paste.trim() && insert(parseOrderBlock(paste))) setPaste(''); }}>
          <label className="sh-field">
            <span className="sh-field__label">{t('quick.paste_label')}</span>
            <textarea rows={4} value={paste} onChange={(e) => setPaste(e.target.value)} placeholder={'123456\t2\n234567;5\nFH-1234.2'} data-testid="quick-paste" />
          </label>
          <button type="submit" className="sh-btn" data-testid="quick-paste-apply">{t('quick.paste_apply')}</button>
        </form>
        <div className="sh-quick__sources">
          <label className="sh-btn sh-quick__file">
            {t('quick.upload')}
            <input type="file" accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="quick-file" onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void onFile(f); }} />
          </label>
          <button type="button" className="sh-btn" aria-pressed={scan} onClick={() => setScan((s) => !s)} data-testid="quick-scan">
            {scan ? t('quick.scan_close') : t('quick.scan')}
          </button>
          <a className="sh-btn sh-btn--ghost" href={`${r.bestellliste(0)}`}>{t('account.meine_bestelllisten')}</a>
        </div>
      </div>
      {scan && (
        <div className="sh-quick__scan">
          <Suspense fallback={<p className="sh-loading">{t('app.loading')}</p>}><QuickScan t={t} onCode={(d) => void onScan(d)} /></Suspense>
          <p className="sh-note">{t('scanner.codes')}</p>
        </div>
      )}

      <div className="sh-quick__grid" role="table" aria-label={t('quick.title')} aria-busy={checking}>
        <div className="sh-quick__row sh-quick__row--head" role="row">
          <span role="columnheader">#</span>
          <span role="columnheader">{t('shop.article_number')}</span>
          <span role="columnheader">{t('shop.quantity')}</span>
          <span role="columnheader" className="sh-quick__info">{t('shop.description')}</span>
          <span role="columnheader" className="sh-quick__sum">{t('cart.total_price')}</span>
          <span role="columnheader"><span className="sr-only">{t('quick.remove_line')}</span></span>
        </div>
        {rows.map((x, i) => (
          <GridRow key={x.id} n={i + 1} x={x} c={current(x)} t={t} lang={lang} locale={locale} last={i === rows.length - 1}
            onArtnr={(v) => setCell(x.id, { artnr: v })}
            onMenge={(v) => setCell(x.id, { menge: v })}
            onPaste={(text) => insert(parseOrderBlock(text), x.id)}
            onTake={(artnr) => setCell(x.id, { artnr })}
            onRemove={() => remove(x.id)} />
        ))}
      </div>

      <div className="sh-quick__foot">
        <p className="sh-quick__summary" role="status" data-testid="quick-summary">
          {checking && sent.length ? t('quick.checking') : t('quick.summary', { valid: valid.length, invalid: invalidCount })}
          {valid.length > 0 && <> · {t('quick.total')} <strong data-testid="quick-total">{formatPrice(total, currency, locale)}</strong></>}
        </p>
        <div className="sh-actions">
          <button type="button" className="sh-btn sh-btn--primary sh-btn--big" disabled={busy || checking || !valid.length} onClick={() => void addAll()} data-testid="quick-add-all">
            {t('quick.add_all', { count: valid.length })}
          </button>
          <a className="sh-btn" href={r.wk}>{t('to_cart')}</a>
          {rows.some(filled) && <button type="button" className="sh-btn sh-btn--ghost" onClick={() => setRows([row()])}>{t('quick.clear')}</button>}
        </div>
        <div className="sh-quick__lists">
          <form className="sh-form sh-form--inline" onSubmit={saveList} noValidate>
            <label className="sh-field">
              <span className="sh-field__label">{t('quick.save_list')}</span>
              <input value={listName} onChange={(e) => setListName(e.target.value)} maxLength={60} placeholder={t('account.list_name')}
                aria-invalid={!!listErr} data-testid="quick-list-name" />
              {listErr && <span className="sh-field__error" role="alert">{listErr}</span>}
            </label>
            <button type="submit" className="sh-btn" disabled={busy || checking || !valid.length} data-testid="quick-save-list">{t('app.save')}</button>
          </form>
          <form className="sh-form sh-form--inline" onSubmit={(e) => { e.preventDefault(); if (importTo !== '') void toList({ listId: Number(importTo) }); }}>
            <label className="sh-field">
              <span className="sh-field__label">{t('quick.import_list')}</span>
              <select value={importTo} onChange={(e) => setImportTo(e.target.value)} data-testid="quick-import-list">
                <option value="">{t('shop.choose_list')}</option>
                {lists.map((l) => <option key={l.id} value={l.id}>{l.id === 0 ? t('account.favorites') : l.name}</option>)}
              </select>
            </label>
            <button type="submit" className="sh-btn" disabled={busy || checking || !valid.length || importTo === ''} data-testid="quick-import">{t('quick.import')}</button>
          </form>
        </div>
      </div>
    </div>
  );
}

function GridRow({ n, x, c, t, lang, locale, last, onArtnr, onMenge, onPaste, onTake, onRemove }: {
  n: number; x: Row; c: Checked | undefined; t: T; lang: string; locale: string; last: boolean;
  onArtnr: (v: string) => void; onMenge: (v: string) => void; onPaste: (text: string) => void; onTake: (artnr: string) => void; onRemove: () => void;
}) {
  const err = c?.error ?? null;
  const a = c?.article ?? null;
  const state = !filled(x) ? 'empty' : !c ? 'pending' : err ? 'error' : 'ok';
  return (
    <div className={`sh-quick__row is-${state}`} role="row" data-testid="quick-row" data-state={state} data-artnr={c?.artnr ?? ''}>
      <span role="cell" className="sh-quick__n">{n}</span>
      <span role="cell" className="sh-quick__artnr">
        <input value={x.artnr} aria-label={`${t('shop.article_number')} ${n}`} maxLength={60} autoComplete="off" spellCheck={false}
          aria-invalid={err === 'error_artnr' || err === 'error_request_price' || err === 'error_out_of_range' || err === 'error_variant_parent'}
          data-testid="quick-artnr" onChange={(e) => onArtnr(e.target.value)}
          onPaste={(e) => { const text = e.clipboardData.getData('text'); if (isBlock(text)) { e.preventDefault(); onPaste(text); } }} />
      </span>
      <span role="cell" className="sh-quick__menge">
        <input value={x.menge} inputMode="numeric" placeholder="1" aria-label={`${t('shop.quantity')} ${n}`} maxLength={6}
          aria-invalid={err === 'error_menge'} data-testid="quick-menge" onChange={(e) => onMenge(e.target.value)} />
      </span>
      <span role="cell" className="sh-quick__info">
        {a && (
          <span className="sh-quick__article">
            <strong>{a.Bezeichnung}</strong>
            <span className="sh-card__meta">
              {c!.artnr !== x.artnr.trim() && <span>{c!.artnr}</span>}
              {a.Gebinde && <span>{packSize(a.Gebinde, lang)}</span>}
              {!err && <span>{formatPrice(a.Preis, a.Waehrung, locale)}</span>}
            </span>
            {!err && <Availability a={a} t={t} />}
          </span>
        )}
        {err && (
          <span className="sh-quick__error" role="alert" data-testid="quick-error" data-error={err}>
            {errorMessage(t, err)}
            {c!.suggestions.length > 0 && (
              <span className="sh-quick__suggestions">
                {t(err === 'error_variant_parent' ? 'quick.variants' : 'quick.did_you_mean')}
                {c!.suggestions.map((s) => (
                  <button key={s} type="button" className="sh-chip" onClick={() => onTake(s)} data-testid="quick-suggestion">{s}</button>
                ))}
              </span>
            )}
          </span>
        )}
      </span>
      <span role="cell" className="sh-quick__sum">{a && !err && c!.menge ? formatPrice(a.Preis * c!.menge, a.Waehrung, locale) : ''}</span>
      <span role="cell">
        {!last && <button type="button" className="sh-iconbtn" onClick={onRemove} aria-label={`${t('quick.remove_line')} ${n}`} title={t('quick.remove_line')}>×</button>}
      </span>
    </div>
  );
}
