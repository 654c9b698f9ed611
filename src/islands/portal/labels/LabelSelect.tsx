// label/select (hash QRTemplates): the customer's print templates with print, edit and delete, the
// ways to create one, and the print entries (chosen articles or an order list).
import { useEffect, useState } from 'react';
import { closeDialog, openDialog, showToast } from '#stores/ui.ts';
import { PRINTER_MARGIN_MM } from '#rules/constants.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { ensureCustomer, requireLogin } from '../../shop/lib/session.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { loadLists, type OrderListInfo } from '../../shop/lib/cart.ts';
import { portalError } from '../lib/errors.ts';
import { portalRoutes } from '../lib/routes.ts';
import { deleteTemplate, loadTemplates, type Template } from './api.ts';
import '../portal.css';

export function templateSummary(t: (k: string, p?: Record<string, string | number>) => string, tpl: Template): string {
  const paper = tpl.paper === 'custom' ? t('label.paper_custom') : tpl.paper;
  return t('label.summary', {
    paper, orientation: t(`label.${tpl.orientation}`), rows: tpl.rows, cols: tpl.cols,
    w: String(tpl.width).replace('.', ','), h: String(tpl.height).replace('.', ','),
  });
}

export default function LabelSelect({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = portalRoutes(country, lang);
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [lists, setLists] = useState<OrderListInfo[]>([]);
  const [listId, setListId] = useState('');
  const [error, setError] = useState('');

  const reload = () => {
    setError('');
    loadTemplates().then(setTemplates).catch((e) => { setTemplates([]); setError(portalError(t, failureKey(e))); });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only: reload is a plain closure also used by the delete action
  useEffect(() => {
    void ensureCustomer().then((c) => {
      if (!c.kundennummer) { requireLogin(); return; }
      reload();
      loadLists().then(setLists).catch(() => setLists([]));
    });
  }, []);

  const remove = (tpl: Template) => {
    openDialog({
      title: t('label.delete'), text: t('label.delete_confirm', { name: tpl.name }), showCancel: true,
      onConfirm: () => {
        closeDialog();
        deleteTemplate(tpl.id).then(() => { showToast(t('label.deleted'), 'success'); reload(); })
          .catch((e) => showToast(portalError(t, failureKey(e)), 'error'));
      },
    });
  };

  return (
    <div className="pt-labels" id="QRTemplates">
      <p className="sh-note">{t('label.intro')}</p>
      <div className="pt-actions">
        <a className="sh-btn sh-btn--primary" href={r.labelCreate}>{t('label.create')}</a>
        <a className="sh-btn" href={r.labelCreateAdvanced}>{t('label.create_advanced')}</a>
        <a className="sh-btn" href={r.labelPrint()}>{t('label.print_articles')}</a>
      </div>
      <form className="sh-form--inline pt-listprint" onSubmit={(e) => { e.preventDefault(); if (listId !== '') location.href = r.labelListe(Number(listId)); }}>
        <label className="sh-field">
          <span className="sh-field__label">{t('label.print_list')}</span>
          <select value={listId} onChange={(e) => setListId(e.target.value)} data-field="list">
            <option value="">{t('label.choose_list')}</option>
            {lists.map((l) => <option key={l.id} value={l.id}>{l.id === 0 ? t('account.favorites') : l.name} ({l.count})</option>)}
          </select>
        </label>
        <button type="submit" className="sh-btn" disabled={listId === ''}>{t('label.to_list_print')}</button>
      </form>

      <h2 className="sh-section__title">{t('label.templates')}</h2>
      <p className="sh-muted">{t('label.printer_margin_hint', { mm: PRINTER_MARGIN_MM })}</p>
      {error && <p className="sh-error" role="alert">{error}</p>}
      {templates === null && <p aria-busy="true">{t('app.loading')}</p>}
      {templates?.length === 0 && !error && <p className="sh-empty" data-testid="no-templates">{t('label.no_templates')}</p>}
      {templates && templates.length > 0 && (
        <ul className="pt-cards" data-testid="template-list">
          {templates.map((tpl) => (
            <li key={tpl.id} className="sh-card pt-card" data-template={tpl.id}>
              <div className="sh-card__body">
                <h3 className="sh-card__title">{tpl.name}</h3>
                <p className="sh-card__meta">{templateSummary(t, tpl)}</p>
                <p className="sh-card__meta">
                  {t('label.per_page', { count: tpl.labelsPerPage })} · {t(`label.code_${tpl.code_type}`)} · {t(`label.sort_${tpl.sort}`)}
                </p>
                {tpl.warnings.includes('printerMarginWarning') && <p className="sh-note pt-warn">{t('label.printer_margin_warning', { mm: PRINTER_MARGIN_MM })}</p>}
              </div>
              <div className="sh-card__actions">
                <a className="sh-btn sh-btn--small sh-btn--primary" href={r.labelPrint(undefined, tpl.id)}>{t('label.print')}</a>
                <a className="sh-btn sh-btn--small" href={r.labelEdit(tpl.id)} aria-label={`${t('label.edit')}${t('app.colon')} ${tpl.name}`}>{t('label.edit')}</a>
                <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={() => remove(tpl)} aria-label={`${t('label.delete')}${t('app.colon')} ${tpl.name}`}>
                  {t('label.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
