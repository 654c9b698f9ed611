// label/create (from a common label sheet), label/create/advanced and label/edit/{id}: every field of
// a print template (section 3) in mm, a live drawing of the sheet and the 3 mm printer-margin advice.
import { useEffect, useMemo, useState } from 'react';
import { showToast } from '#stores/ui.ts';
import { ApiFailure } from '#lib/api.ts';
import { PRINTER_MARGIN_MM } from '#rules/constants.ts';
import { useT, type Messages, type T } from '../../shop/lib/i18n.ts';
import { presetName } from './presetName.ts';
import { ensureCustomer, requireLogin } from '../../shop/lib/session.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { Field, SelectField } from '../../shop/ui/Field.tsx';
import { portalError } from '../lib/errors.ts';
import { portalRoutes } from '../lib/routes.ts';
import { SheetPreview } from './SheetPreview.tsx';
import { templateErrors } from '../forms/rules.ts';
import {
  CODE_TYPES, PAPERS, SORTS, createTemplate, loadPresets, loadTemplate, updateTemplate, type Preset, type TemplateFields,
} from './api.ts';
import '../portal.css';

type Mode = 'simple' | 'advanced' | 'edit';
const NUM_FIELDS = ['rows', 'cols', 'width', 'height', 'padding', 'non_printable', 'offset', 'margin_top', 'margin_right', 'margin_bottom', 'margin_left'] as const;
type Num = (typeof NUM_FIELDS)[number];
type Form = Omit<TemplateFields, 'rows' | 'cols' | 'width' | 'height' | 'padding' | 'non_printable' | 'offset' | 'margins'> & Record<Num, string>;

const DEFAULTS: TemplateFields = {
  name: '', paper: 'A4', orientation: 'portrait', rows: 8, cols: 3, margins: { top: 5, right: 5, bottom: 5, left: 5 },
  padding: 3, non_printable: 3, width: 66, height: 35, sort: 'standard', offset: 0, code_type: 'qr',
};
const dec = (v: number) => String(v).replace('.', ',');
const num = (s: string) => Number(String(s).trim().replace(',', '.'));

function toForm(f: TemplateFields): Form {
  const { margins, rows, cols, width, height, padding, non_printable, offset, ...rest } = f;
  return {
    ...rest, rows: String(rows), cols: String(cols), width: dec(width), height: dec(height), padding: dec(padding),
    non_printable: dec(non_printable), offset: String(offset), margin_top: dec(margins.top), margin_right: dec(margins.right),
    margin_bottom: dec(margins.bottom), margin_left: dec(margins.left),
  };
}
function fromForm(f: Form): TemplateFields {
  return {
    name: f.name.trim(), paper: f.paper, orientation: f.orientation, sort: f.sort, code_type: f.code_type,
    rows: num(f.rows), cols: num(f.cols), width: num(f.width), height: num(f.height), padding: num(f.padding),
    non_printable: num(f.non_printable), offset: num(f.offset),
    margins: { top: num(f.margin_top), right: num(f.margin_right), bottom: num(f.margin_bottom), left: num(f.margin_left) },
  };
}

/** The template rule's keys (src/api/form-schemas.ts TemplateForm, the server's) as the editor's texts. */
function messageOf(t: T, key: string, v: TemplateFields): string {
  switch (key) {
    case 'invalid_name': return portalError(t, 'please_fill_in');
    case 'invalid_rows': case 'invalid_cols': return t('label.error_count');
    case 'invalid_size': return t('label.error_size');
    case 'invalid_padding': case 'invalid_non_printable': case 'invalid_margin': return t('label.error_mm');
    case 'invalid_offset': return t('label.error_offset', { max: Math.max(0, v.rows * v.cols - 1) });
    case 'label_does_not_fit': return t('label.does_not_fit');
    default: return portalError(t, key);
  }
}
const check = (t: T, v: TemplateFields): Record<string, string> =>
  Object.fromEntries(Object.entries(templateErrors(v)).map(([field, key]) => [field, messageOf(t, key, v)]));

export default function TemplateForm({ country, lang, mode, id, messages }: { country: string; lang: string; mode: Mode; id?: number; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = portalRoutes(country, lang);
  const [form, setForm] = useState<Form | null>(mode === 'edit' ? null : toForm(DEFAULTS));
  const [presets, setPresets] = useState<Preset[]>([]);
  const [preset, setPreset] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loadError, setLoadError] = useState('');
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per mode/id; t is only read when an error is shown; it changes when the full message set arrives, which must not refetch
  useEffect(() => {
    void ensureCustomer().then((c) => {
      if (!c.kundennummer) { requireLogin(); return; }
      if (mode === 'edit' && id !== undefined) {
        loadTemplate(id).then((tpl) => setForm(toForm(tpl)))
          .catch((e) => setLoadError(e instanceof ApiFailure && e.status === 404 ? t('label.not_found') : portalError(t, failureKey(e))));
      } else {
        loadPresets().then((loaded) => {
          const ps = loaded.map((p) => ({ ...p, name: presetName(t, lang, p) }));
          setPresets(ps);
          if (mode === 'simple' && ps[0]) { setPreset(ps[0].key); setForm(toForm({ ...ps[0], name: ps[0].name })); }
        }).catch((e) => setLoadError(portalError(t, failureKey(e))));
      }
    });
  }, [mode, id]);

  const values = useMemo(() => (form ? fromForm(form) : null), [form]);
  if (loadError) return <p className="sh-error" role="alert">{loadError} <a href={r.labelSelect}>{t('label.back_to_templates')}</a></p>;
  if (!form || !values) return <p aria-busy="true">{t('app.loading')}</p>;

  const set = (k: keyof Form) => (v: string) => { setForm({ ...form, [k]: v }); setErrors((e) => ({ ...e, [k]: '', layout: '' })); };
  const choosePreset = (key: string) => {
    setPreset(key);
    const p = presets.find((x) => x.key === key);
    if (p) setForm(toForm({ ...p, name: p.name, code_type: form.code_type as TemplateFields['code_type'], sort: form.sort as TemplateFields['sort'] }));
  };
  const lowMargin = Math.min(values.margins.top, values.margins.right, values.margins.bottom, values.margins.left) < PRINTER_MARGIN_MM;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs = check(t, values);
    setErrors(errs);
    if (Object.keys(errs).length) {
      document.querySelector<HTMLElement>('.pt-tplform [aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = mode === 'edit' && id !== undefined ? await updateTemplate(id, values) : await createTemplate(values);
      showToast(t(mode === 'edit' ? 'label.saved' : 'label.created', { name: saved.name }), 'success');
      location.href = r.labelSelect;
    } catch (err) {
      const key = failureKey(err);
      const field = err instanceof ApiFailure ? err.body.field as string | undefined : undefined;
      if (key === 'label_does_not_fit') setErrors({ layout: messageOf(t, key, values) });
      else if (field) setErrors({ [field === 'margins' ? 'margin_top' : field]: messageOf(t, key, values) });
      else showToast(portalError(t, key), 'error');
      setBusy(false);
    }
  };

  const numField = (k: Num, label: string) => (
    <Field label={label} name={k} value={form[k]} onChange={set(k)} error={errors[k]} required inputMode="decimal" maxLength={7}
      hint={k === 'offset' ? t('label.offset_hint', { n: (Number(form.offset) || 0) + 1 }) : undefined} />
  );
  const advanced = mode !== 'simple';

  return (
    <form className="pt-tplform" onSubmit={(e) => void submit(e)} noValidate data-testid="template-form">
      <div className="pt-tplform__fields">
        {mode === 'simple' && (
          <SelectField label={t('label.preset')} name="preset" value={preset} onChange={choosePreset}
            options={presets.map((p) => ({ value: p.key, label: p.name }))} />
        )}
        <Field label={t('label.name')} name="name" value={form.name} onChange={set('name')} error={errors.name} required maxLength={60} />
        {advanced && (
          <>
            <div className="pt-row">
              <SelectField label={t('label.paper')} name="paper" value={form.paper} onChange={set('paper')}
                options={PAPERS.map((p) => ({ value: p, label: p === 'custom' ? t('label.paper_custom') : p }))} />
              <SelectField label={t('label.orientation')} name="orientation" value={form.orientation} onChange={set('orientation')}
                options={[{ value: 'portrait', label: t('label.portrait') }, { value: 'landscape', label: t('label.landscape') }]} />
            </div>
            <div className="pt-row">{numField('rows', t('label.rows'))}{numField('cols', t('label.columns'))}</div>
            <div className="pt-row">{numField('width', t('label.width'))}{numField('height', t('label.height'))}</div>
            <fieldset className="sh-fieldset">
              <legend>{t('label.margins')}</legend>
              <div className="pt-row">
                {numField('margin_top', t('label.margin_top'))}{numField('margin_right', t('label.margin_right'))}
                {numField('margin_bottom', t('label.margin_bottom'))}{numField('margin_left', t('label.margin_left'))}
              </div>
            </fieldset>
            <div className="pt-row">{numField('padding', t('label.padding'))}{numField('non_printable', t('label.non_printable'))}</div>
          </>
        )}
        <div className="pt-row">
          <SelectField label={t('label.sort')} name="sort" value={form.sort} onChange={set('sort')}
            options={SORTS.map((s) => ({ value: s, label: t(`label.sort_${s}`) }))} />
          <SelectField label={t('label.code_type')} name="code_type" value={form.code_type} onChange={set('code_type')}
            options={CODE_TYPES.map((c) => ({ value: c, label: t(`label.code_${c}`) }))} />
        </div>
        {numField('offset', t('label.offset'))}
        <p className={lowMargin ? 'sh-note pt-warn' : 'sh-muted'} role={lowMargin ? 'status' : undefined}>
          {t(lowMargin ? 'label.printer_margin_warning' : 'label.printer_margin_hint', { mm: PRINTER_MARGIN_MM })}
        </p>
        {errors.layout && <p className="sh-error" role="alert" data-testid="layout-error">{errors.layout}</p>}
        <div className="pt-actions">
          <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{busy ? t('form.sending') : t(mode === 'edit' ? 'label.save' : 'label.create')}</button>
          <a className="sh-btn sh-btn--ghost" href={r.labelSelect}>{t('dialog.cancel')}</a>
          {mode === 'simple' && <a className="sh-link" href={r.labelCreateAdvanced}>{t('label.create_advanced')}</a>}
        </div>
      </div>
      <SheetPreview t={t} geometry={values} offset={Number.isInteger(values.offset) ? values.offset : 0} />
    </form>
  );
}
