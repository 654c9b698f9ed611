// Patient work fields (section 3): order number (required, section 5), client (the prescribing dentist or
// practice) with name, reference and further info, and the MDR case file's facts for the Annex XIII statement.
import { useId } from 'react';
import { validateOrderNumber } from '#rules/validate.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { errorMessage } from '#islands/shop/lib/errors.ts';
import { Field } from '#islands/shop/ui/Field.tsx';
import type { Work, WorkInput } from '../lib/logbook.ts';

export interface WorkValues {
  auftragsnummer: string; name: string; referenz: string; info: string;
  geraet: string; patientCode: string; implantierbar: boolean; arzneimittel: boolean; gewebe: boolean; abweichungen: string;
}
export const EMPTY_WORK: WorkValues = {
  auftragsnummer: '', name: '', referenz: '', info: '', geraet: '', patientCode: '', implantierbar: false, arzneimittel: false, gewebe: false, abweichungen: '',
};

export function workValues(w: Work): WorkValues {
  return {
    auftragsnummer: w.auftragsnummer, name: w.auftraggeber.name, referenz: w.auftraggeber.referenz, info: w.auftraggeber.info,
    geraet: w.geraet, patientCode: w.patientCode, implantierbar: w.implantierbar, arzneimittel: w.arzneimittel, gewebe: w.gewebe, abweichungen: w.abweichungen,
  };
}

/** Field errors of the form (translated), empty when it may be sent. */
export function checkWork(t: T, v: WorkValues): Record<string, string> {
  const e = validateOrderNumber(v.auftragsnummer);
  return e ? { auftragsnummer: errorMessage(t, e) } : {};
}

export function workInput(v: WorkValues): WorkInput {
  return {
    auftragsnummer: v.auftragsnummer.trim(), auftraggeber: { name: v.name.trim(), referenz: v.referenz.trim(), info: v.info.trim() },
    geraet: v.geraet.trim(), patientCode: v.patientCode.trim(), implantierbar: v.implantierbar, arzneimittel: v.arzneimittel, gewebe: v.gewebe,
    abweichungen: v.abweichungen.trim(),
  };
}

export function WorkFields({ t, v, onChange, errors }: {
  t: T; v: WorkValues; onChange: (v: WorkValues) => void; errors: Record<string, string>;
}) {
  const id = useId();
  const set = (k: keyof WorkValues) => (x: string) => onChange({ ...v, [k]: x });
  const flag = (k: 'implantierbar' | 'arzneimittel' | 'gewebe', label: string) => (
    <label className="sc-check"><input type="checkbox" name={k} checked={v[k]} onChange={(e) => onChange({ ...v, [k]: e.target.checked })} /> {t(label)}</label>
  );
  return (
    <div className="sc-fields">
      <Field label={t('order.number')} name="auftragsnummer" value={v.auftragsnummer} onChange={set('auftragsnummer')} required maxLength={60}
        error={errors.auftragsnummer} />
      <Field label={t('scanner.client')} name="auftraggeber_name" value={v.name} onChange={set('name')} maxLength={200} />
      <Field label={t('scanner.client_reference')} name="auftraggeber_referenz" value={v.referenz} onChange={set('referenz')} maxLength={200} />
      <div className="sh-field">
        <label className="sh-field__label" htmlFor={`${id}-info`}>{t('scanner.client_info')}</label>
        <textarea id={`${id}-info`} name="auftraggeber_info" value={v.info} onChange={(e) => set('info')(e.target.value)} maxLength={2000} rows={2}
          data-field="auftraggeber_info" />
      </div>
      <fieldset className="sc-mdr-fields">
        <legend>{t('scanner.mdr_case_file')}</legend>
        <Field label={t('scanner.mdr_device')} name="geraet" value={v.geraet} onChange={set('geraet')} maxLength={300} placeholder={t('scanner.mdr_device_placeholder')} />
        <Field label={t('scanner.mdr_patient_code')} name="patientCode" value={v.patientCode} onChange={set('patientCode')} maxLength={60} />
        {flag('implantierbar', 'scanner.mdr_implantable')}
        {flag('arzneimittel', 'scanner.mdr_medicinal')}
        {flag('gewebe', 'scanner.mdr_tissues')}
        <div className="sh-field">
          <label className="sh-field__label" htmlFor={`${id}-dev`}>{t('scanner.mdr_deviations')}</label>
          <textarea id={`${id}-dev`} name="abweichungen" value={v.abweichungen} onChange={(e) => set('abweichungen')(e.target.value)} maxLength={4000} rows={2} />
        </div>
      </fieldset>
    </div>
  );
}
