// label/print/{artn?} and label/liste/{id}: chosen articles (with label counts) or an order list are
// printed with a template to a PDF; the start position skips labels already used on the sheet.
// Printing without a template answers 'print template required' (section 5) before any call.
import { useEffect, useState } from 'react';
import { showToast } from '#stores/ui.ts';
import { ApiFailure, request } from '#lib/api.ts';
import { PRINTER_MARGIN_MM } from '#rules/constants.ts';
import { validatePrintTemplate } from '#rules/validate.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { ensureCustomer, requireLogin } from '../../shop/lib/session.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { loadLists, type OrderListInfo } from '../../shop/lib/cart.ts';
import { portalError } from '../lib/errors.ts';
import { portalRoutes } from '../lib/routes.ts';
import { SheetPreview } from './SheetPreview.tsx';
import { templateSummary } from './LabelSelect.tsx';
import { loadTemplates, printLabels, type Template } from './api.ts';
import type { ListItem } from '#api/favoriten.ts';
import '../portal.css';

interface Row { artnr: string; count: string; bezeichnung?: string }

export default function LabelPrint({ country, lang, listId, artn, messages }: { country: string; lang: string; listId?: number; artn?: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = portalRoutes(country, lang);
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [offset, setOffset] = useState('0');
  const [rows, setRows] = useState<Row[]>(artn ? [{ artnr: artn, count: '1' }] : []);
  const [list, setList] = useState<{ name: string; items: ListItem[] } | null>(null);
  const [lists, setLists] = useState<OrderListInfo[]>([]);
  const [newArt, setNewArt] = useState('');
  const [error, setError] = useState('');
  const [tplError, setTplError] = useState('');
  const [result, setResult] = useState('');
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per list; t is only read when an error is shown; it changes when the full message set arrives, which must not refetch
  useEffect(() => {
    void ensureCustomer().then((c) => {
      if (!c.kundennummer) { requireLogin(); return; }
      loadTemplates().then((ts) => {
        setTemplates(ts);
        const wanted = new URLSearchParams(location.search).get('template');
        const tpl = ts.find((x) => String(x.id) === wanted);
        if (tpl) { setTemplateId(String(tpl.id)); setOffset(String(tpl.offset)); }
      }).catch((e) => { setTemplates([]); setError(portalError(t, failureKey(e))); });
      loadLists().then(setLists).catch(() => setLists([]));
      if (listId !== undefined) {
        request('GET /api/favoriten/liste/:listId', { params: { listId }, query: { lang, country } }).then((l) => setList({ name: listId === 0 ? t('account.favorites') : l.name, items: l.items }))
          .catch((e) => setError(e instanceof ApiFailure && e.status === 404 ? t('label.list_not_found') : portalError(t, failureKey(e))));
      }
    });
  }, [listId]);

  const tpl = templates?.find((x) => String(x.id) === templateId) ?? null;
  const chooseTemplate = (v: string) => {
    setTemplateId(v);
    setTplError('');
    const next = templates?.find((x) => String(x.id) === v);
    if (next) setOffset(String(next.offset));
  };
  const addRow = (e: React.FormEvent) => {
    e.preventDefault();
    const a = newArt.trim();
    // the API's article-number shape (server/http/route.ts zArtnr); unknown numbers answer error_artnr on print
    if (!/^[A-Za-z0-9.,\-/ ]{1,40}$/.test(a)) { setError(portalError(t, 'error_artnr')); return; }
    setError('');
    setRows((rs) => (rs.some((x) => x.artnr === a) ? rs : [...rs, { artnr: a, count: '1' }]));
    setNewArt('');
  };
  const labelCount = listId !== undefined ? (list?.items.length ?? 0) : rows.reduce((n, x) => n + (Number(x.count) || 0), 0);

  const print = async () => {
    setResult('');
    const tplErr = validatePrintTemplate(templateId === '' ? null : templateId);
    if (tplErr) { setTplError(portalError(t, tplErr)); document.getElementById('pt-template')?.focus(); return; }
    const off = Number(offset);
    if (!Number.isInteger(off) || off < 0 || (tpl && off >= tpl.labelsPerPage)) { setError(t('label.error_offset', { max: (tpl?.labelsPerPage ?? 1) - 1 })); return; }
    const artnrs = rows.map((x) => ({ artnr: x.artnr, count: Number(x.count) }));
    if (listId === undefined && artnrs.some((a) => !Number.isInteger(a.count) || a.count < 1 || a.count > 999)) { setError(portalError(t, 'error_menge')); return; }
    if (labelCount === 0) { setError(t('label.nothing_to_print')); return; }
    setError('');
    setBusy(true);
    try {
      const d = await printLabels({ templateId: Number(templateId), offset: off, ...(listId !== undefined ? { listId } : { artnrs }) });
      setResult(t('label.printed', { count: d.labels, pages: d.pages }));
      showToast(t('label.pdf_ready'), 'success');
    } catch (e) {
      const key = failureKey(e);
      if (key === 'print_template_required') setTplError(portalError(t, key));
      else setError(key === 'error_artnr' && e instanceof ApiFailure ? `${portalError(t, key)}: ${String(e.body.artnr ?? '')}` : portalError(t, key));
    } finally { setBusy(false); }
  };

  return (
    <div className="pt-print">
      <div className="pt-print__main">
        <div className={`sh-field${tplError ? ' has-error' : ''}`}>
          <label className="sh-field__label" htmlFor="pt-template">{t('label.template')}<span className="sh-req" aria-hidden="true"> *</span></label>
          <select id="pt-template" value={templateId} onChange={(e) => chooseTemplate(e.target.value)} aria-invalid={!!tplError}
            aria-describedby={tplError ? 'pt-template-err' : undefined} data-field="template">
            <option value="">{t('label.choose_template')}</option>
            {templates?.map((x) => <option key={x.id} value={x.id}>{x.name}</option>)}
          </select>
          {tplError && <span id="pt-template-err" className="sh-field__error" role="alert" data-testid="template-error">{tplError}</span>}
        </div>
        {templates?.length === 0 && <p className="sh-note">{t('label.no_templates')} <a href={r.labelCreate}>{t('label.create')}</a></p>}
        {tpl && <p className="sh-muted">{templateSummary(t, tpl)} · {t('label.per_page', { count: tpl.labelsPerPage })}</p>}
        <div className="sh-field">
          <label className="sh-field__label" htmlFor="pt-offset">{t('label.offset')}</label>
          <input id="pt-offset" type="number" min={0} max={tpl ? tpl.labelsPerPage - 1 : undefined} step={1} value={offset}
            onChange={(e) => setOffset(e.target.value)} data-field="offset" />
          <span className="sh-field__hint">{t('label.offset_hint', { n: (Number(offset) || 0) + 1 })}</span>
        </div>

        {listId !== undefined ? (
          <section aria-labelledby="pt-src">
            <h2 id="pt-src" className="sh-section__title">{t('label.source_list', { name: list?.name ?? '' })}</h2>
            {!list && !error && <p aria-busy="true">{t('app.loading')}</p>}
            {list && list.items.length === 0 && <p className="sh-empty">{t('label.list_empty')}</p>}
            {list && list.items.length > 0 && (
              <ul className="pt-artlist" data-testid="print-items">
                {list.items.map((i) => <li key={i.Artikelnummer}><span className="sh-num">{i.Artikelnummer}</span> {i.Bezeichnung}</li>)}
              </ul>
            )}
          </section>
        ) : (
          <section aria-labelledby="pt-src">
            <h2 id="pt-src" className="sh-section__title">{t('label.choose_articles')}</h2>
            {rows.length === 0 && <p className="sh-empty">{t('label.no_articles')}</p>}
            {rows.length > 0 && (
              <table className="sh-table" data-testid="print-items">
                <thead><tr><th scope="col">{t('form.product')}</th><th scope="col">{t('label.count')}</th><th scope="col"><span className="sh-sr">{t('label.remove')}</span></th></tr></thead>
                <tbody>
                  {rows.map((x, i) => (
                    <tr key={x.artnr}>
                      <td className="sh-num">{x.artnr}</td>
                      <td><input type="number" min={1} max={999} value={x.count} aria-label={`${t('label.count')} ${x.artnr}`}
                        onChange={(e) => setRows(rows.map((y, j) => (j === i ? { ...y, count: e.target.value } : y)))} /></td>
                      <td><button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={() => setRows(rows.filter((_, j) => j !== i))}
                        aria-label={`${t('label.remove')}${t('app.colon')} ${x.artnr}`}>×</button></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <form className="sh-form--inline" onSubmit={addRow}>
              <label className="sh-field">
                <span className="sh-field__label">{t('form.product')}</span>
                <input value={newArt} onChange={(e) => setNewArt(e.target.value)} maxLength={40} data-field="artnr" autoComplete="off" />
              </label>
              <button type="submit" className="sh-btn">{t('label.add_article')}</button>
            </form>
            {lists.length > 0 && (
              <p className="sh-muted">{t('label.or_list')}{' '}
                {lists.map((l, i) => <span key={l.id}>{i > 0 && ', '}<a href={r.labelListe(l.id)}>{l.id === 0 ? t('account.favorites') : l.name}</a></span>)}
              </p>
            )}
          </section>
        )}
        {error && <p className="sh-error" role="alert" data-testid="print-error">{error}</p>}
        <p className="sh-muted">{t('label.printer_margin_hint', { mm: PRINTER_MARGIN_MM })}</p>
        <div className="pt-actions">
          <button type="button" className="sh-btn sh-btn--primary" onClick={() => void print()} disabled={busy} data-testid="print-pdf">
            {busy ? t('label.printing') : t('label.print_pdf', { count: labelCount })}
          </button>
          <a className="sh-btn sh-btn--ghost" href={r.labelSelect}>{t('label.back_to_templates')}</a>
        </div>
        {result && <p className="sh-ok" role="status" data-testid="print-result">{result}</p>}
      </div>
      {tpl && <SheetPreview t={t} geometry={tpl} offset={Math.max(0, Number(offset) || 0)} used={labelCount} />}
    </div>
  );
}
