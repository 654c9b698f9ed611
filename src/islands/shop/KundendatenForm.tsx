// kundendaten-aendern: the customer data with the checks of section 5; only changed fields are sent.
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { showToast } from '../../stores/ui.ts';
import { ApiFailure, request } from '../../lib/api.ts';
import type { Customer } from '../../api/user.ts';
import { INDUSTRY_MAX, SALUTATIONS } from '../../lib/rules/constants.ts';
import { supportedLanguages } from '../../lib/rules/locale.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { ensureCustomer, requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { changedFields, withoutErrorsOf, type Errors, type Values } from './lib/forms.ts';
import { kundendatenErrors } from '../../lib/rules/forms.ts';
import { routes } from './lib/routes.ts';
import { Field, SelectField } from './ui/Field.tsx';
import { countryOptions, useCountries } from './lib/countries.ts';
import './shop.css';

const FIELDS = ['Anrede', 'Titel', 'Vorname', 'Nachname', 'NamensZeile1', 'NamensZeile2', 'NamensZeile3', 'Strasse', 'PLZ', 'Ort', 'LandISO2',
  'TelefonVorwahl', 'TelefonRufnummer', 'MobilVorwahl', 'MobilRufnummer', 'FaxVorwahl', 'FaxRufnummer', 'Geburtsdatum', 'UstIdNr',
  'Internetadresse', 'eMail', 'Branche', 'AnzahlTechniker', 'Sprache'] as const;

function toValues(c: Customer): Values {
  const v: Values = {};
  for (const k of FIELDS) {
    // Branche, AnzahlTechniker and Sprache are not part of the Customer answer (section 3): empty until entered
    const x = k === 'Anrede' ? c.Geschlecht : k in c ? c[k as keyof Customer] : '';
    v[k] = x === null || x === undefined ? '' : String(x);
  }
  v.Newsletter = c.Newsletter ? '1' : '0';
  v.Faxwerbung = c.Faxwerbung ? '1' : '0';
  return v;
}

export default function KundendatenForm({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const [orig, setOrig] = useState<Values | null>(null);
  const [v, setV] = useState<Values>({});
  const [err, setErr] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState('');
  const countries = useCountries(lang);

  // once per customer: a second load would overwrite what the customer has typed since the first
  useSessionLoad((c) => {
    if (!c.kundennummer) { requireLogin(); return; }
    return request('GET /api/user/infos').then((e) => { const x = toValues(e); setOrig(x); setV(x); });
  });

  const set = (k: string) => (val: string) => { setV((x) => ({ ...x, [k]: val })); setErr((e) => withoutErrorsOf(e, k)); };
  const label = (k: string): string => ({
    Anrede: t('form.salutation'), Titel: t('form.title'), Vorname: t('form.firstname'), Nachname: t('form.lastname'), NamensZeile1: t('register.company'),
    NamensZeile2: t('register.company_addition1'), NamensZeile3: t('register.company_addition2'), Strasse: t('checkout.street'), PLZ: t('checkout.plz'),
    Ort: t('checkout.city'), LandISO2: t('checkout.country'), TelefonVorwahl: t('form.area_code'), TelefonRufnummer: t('form.phone'),
    MobilVorwahl: t('form.area_code'), MobilRufnummer: t('form.mobile'), FaxVorwahl: t('form.area_code'), FaxRufnummer: t('form.fax'),
    Geburtsdatum: t('register.birth_date'), UstIdNr: t('register.tax_id'), Internetadresse: t('register.website'), eMail: t('form.email'),
    eMail2: t('form.email_repeat'), Branche: t('register.branche'), AnzahlTechniker: t('register.technicians'), Sprache: t('register.language'),
  } as Record<string, string>)[k] ?? k;
  const msg = (k: string) => (err[k] ? errorMessage(t, err[k]!, { field: label(k) }) : undefined);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!orig) return;
    const errors = kundendatenErrors(v, orig.eMail ?? '');
    setErr(errors); setGeneral('');
    if (Object.keys(errors).length) { document.querySelector<HTMLElement>(`[data-field="${Object.keys(errors)[0]}"]`)?.focus(); return; }
    const body: Values = changedFields(v, orig);
    delete body.eMail2;
    if (body.eMail !== undefined) body.eMail2 = v.eMail2 ?? '';
    if (!Object.keys(body).length) { showToast(t('success_saved'), 'success'); return; }
    if (body.PLZ !== undefined && body.LandISO2 === undefined) body.LandISO2 = v.LandISO2 ?? '';
    setBusy(true);
    try {
      await request('PUT /api/user/kundendaten', { body });
      setOrig({ ...v });
      showToast(t('success_saved'), 'success');
      void ensureCustomer(true);
    } catch (x) {
      const key = failureKey(x);
      if (x instanceof ApiFailure && x.body.fields && typeof x.body.fields === 'object') {
        const f = x.body.fields as Errors;
        // the reason keys (invalid_postal_code, email_exists, …) have texts; anything else is 'field {field} invalid'
        setErr(Object.fromEntries(Object.entries(f).map(([k, r]) => [k, errorMessage(t, r) === errorMessage(t, 'generic') ? 'field_invalid' : r])));
      }
      setGeneral(errorMessage(t, key));
      showToast(errorMessage(t, key), 'error');
    } finally { setBusy(false); }
  };

  if (!orig) return <p className="sh-loading">{t('app.loading')}</p>;
  const F = (k: string, p: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field label={label(k)} name={k} value={v[k]} onChange={set(k)} error={msg(k)} {...p} />
  );
  const emailChanges = (v.eMail ?? '').trim().toLowerCase() !== (orig.eMail ?? '').trim().toLowerCase();
  return (
    <form className="sh-form sh-register" onSubmit={submit} noValidate data-testid="kundendaten">
      <h1>{t('account.change_data')}</h1>
      <p className="sh-muted">{t('app.required_hint')}</p>
      <Field label={t('account.customer_number')} name="Kundennummer" value={String(customer.kundennummer)} readOnly />
      <fieldset className="sh-fieldset">
        <legend>{t('account.customer_data')}</legend>
        <SelectField label={label('Anrede')} name="Anrede" value={v.Anrede || 'ka'} onChange={set('Anrede')} options={SALUTATIONS.map((s) => ({ value: s, label: t(`salutation.${s}`) }))} />
        {F('Titel', { maxLength: 30 })}
        {F('Vorname', { required: true, maxLength: 50 })}
        {F('Nachname', { required: true, maxLength: 50 })}
        {F('NamensZeile1', { required: true, maxLength: 80 })}
        {F('NamensZeile2', { maxLength: 80 })}
        {F('NamensZeile3', { maxLength: 80 })}
        {F('Strasse', { required: true, maxLength: 80 })}
        {F('PLZ', { required: true, maxLength: 12 })}
        {F('Ort', { required: true, maxLength: 60 })}
        <SelectField label={label('LandISO2')} name="LandISO2" value={v.LandISO2 ?? ''} onChange={set('LandISO2')} required error={msg('LandISO2')}
          options={countryOptions(countries, v.LandISO2 ?? '', lang)} />
      </fieldset>
      <fieldset className="sh-fieldset">
        <legend>{t('form.phone')}</legend>
        <div className="sh-row2">{F('TelefonVorwahl', { inputMode: 'tel' })}{F('TelefonRufnummer', { inputMode: 'tel' })}</div>
        <div className="sh-row2">{F('MobilVorwahl', { inputMode: 'tel' })}{F('MobilRufnummer', { inputMode: 'tel' })}</div>
        <div className="sh-row2">{F('FaxVorwahl', { inputMode: 'tel' })}{F('FaxRufnummer', { inputMode: 'tel' })}</div>
        {F('eMail', { required: true, type: 'email', maxLength: 254 })}
        {emailChanges && F('eMail2', { required: true, type: 'email', maxLength: 254 })}
        {F('Internetadresse', { inputMode: 'url' })}
        {F('Geburtsdatum', { type: 'date' })}
        {F('UstIdNr', { maxLength: 20 })}
        <SelectField label={label('Branche')} name="Branche" value={v.Branche ?? ''} onChange={set('Branche')} error={msg('Branche')}
          options={[{ value: '', label: t('form.choose') }, ...Array.from({ length: INDUSTRY_MAX }, (_, i) => ({ value: String(i + 1), label: t(`branche.${i + 1}`) }))]} />
        {F('AnzahlTechniker', { inputMode: 'numeric' })}
        <SelectField label={label('Sprache')} name="Sprache" value={v.Sprache || lang} onChange={set('Sprache')}
          options={supportedLanguages(customer.firma).map((l) => ({ value: l, label: t(`lang.${l}`) }))} />
      </fieldset>
      <label className="sh-check"><input type="checkbox" checked={v.Newsletter === '1'} onChange={(e) => set('Newsletter')(e.target.checked ? '1' : '0')} /><span>{t('account.newsletter_consent')}</span></label>
      <label className="sh-check"><input type="checkbox" checked={v.Faxwerbung === '1'} onChange={(e) => set('Faxwerbung')(e.target.checked ? '1' : '0')} /><span>{t('account.fax_consent')}</span></label>
      {general && <p className="sh-error" role="alert">{general}</p>}
      <div className="sh-actions">
        <a className="sh-btn sh-btn--ghost" href={routes(country, lang).konto}>{t('app.back')}</a>
        <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('app.save')}</button>
      </div>
    </form>
  );
}
