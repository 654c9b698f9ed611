// register and fast-register (both blocked when logged in: the server redirects to 404, and so does
// this island when a login in another tab happened meanwhile), with every check of section 5; the
// server answers email_exists, the registration errors and sends the verification mail.
import { useEffect, useState } from 'react';
import { ApiFailure, request } from '../../lib/api.ts';
import type { RegisterBody } from '../../api/auth.ts';
import { HONEYPOT_FIELD, INDUSTRY_MAX, SALUTATIONS } from '../../lib/rules/constants.ts';
import { supportedLanguages } from '../../lib/rules/locale.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { ensureCustomer } from './lib/session.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { withoutErrorsOf, type Errors, type Values } from './lib/forms.ts';
import { fastRegisterErrors, registerErrors } from '../../lib/rules/forms.ts';
import { Field, PasswordField, SelectField } from './ui/Field.tsx';
import { countryOptions, useCountries } from './lib/countries.ts';
import { Honeypot } from './ui/Honeypot.tsx';
import './shop.css';


export default function RegisterForm({ mode = 'full', country, lang, messages }: { mode?: 'full' | 'fast'; country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const [v, setV] = useState<Values>({ LandISO2: country.toUpperCase(), Anrede: 'ka', Sprache: lang, Branche: '' });
  const [err, setErr] = useState<Errors>({});
  const countries = useCountries(lang);
  const [busy, setBusy] = useState(false);
  const [hp, setHp] = useState('');
  const [done, setDone] = useState(false);
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [general, setGeneral] = useState('');

  useEffect(() => {
    void ensureCustomer().then((c) => {
      if (c.kundennummer) { setBlocked(true); location.replace(`/${country}/${lang}/404/`); } else setBlocked(false);
    });
  }, [country, lang]);

  const set = (k: string) => (val: string) => { setV((x) => ({ ...x, [k]: val })); setErr((e) => withoutErrorsOf(e, k)); };
  const msg = (k: string) => (err[k] ? errorMessage(t, err[k]!, { field: k }) : undefined);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const errors = mode === 'fast' ? fastRegisterErrors(v) : registerErrors(v);
    setErr(errors); setGeneral('');
    if (Object.keys(errors).length) {
      document.querySelector<HTMLElement>(`[data-field="${Object.keys(errors)[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    const body: RegisterBody = {
      ...Object.fromEntries(Object.entries(v).filter(([, x]) => x.trim() !== '')),
      Newsletter: v.Newsletter === '1' ? 1 : 0,
      ...(hp ? { [HONEYPOT_FIELD]: hp } : {}),
    };
    const args = { query: { country, lang }, body };
    try {
      await (mode === 'fast' ? request('POST /api/guest/register/fast', args) : request('POST /api/guest/register', args));
      setDone(true);
      window.scrollTo({ top: 0 });
    } catch (x) {
      const key = failureKey(x);
      const field = x instanceof ApiFailure ? String(x.body.field ?? '') : '';
      const fields = x instanceof ApiFailure ? (x.body.fields as Errors | undefined) : undefined;
      const fieldErrors: Errors = fields ?? (field ? { [field]: key } : {});
      // each error once: under its field when the form has that field, else in the general line
      const shown = Object.keys(fieldErrors).filter((k) => document.querySelector(`[data-field="${k}"]`));
      setErr(Object.fromEntries(shown.map((k) => [k, fieldErrors[k]!])));
      if (shown.length) document.querySelector<HTMLElement>(`[data-field="${shown[0]}"]`)?.focus();
      else setGeneral(errorMessage(t, key, { field }));
    } finally { setBusy(false); }
  };

  if (blocked) return <p className="sh-note" role="status">{t('already_logged_in')}</p>;
  if (done) {
    return (
      <div className="sh-success" role="status" data-testid="register-success">
        <h1>{mode === 'fast' ? t('register.fast_title') : t('register.title')}</h1>
        <p>{t('register.success')}</p>
      </div>
    );
  }
  const full = mode === 'full';
  return (
    <form className="sh-form sh-register" onSubmit={submit} noValidate data-testid={`register-${mode}`}>
      <h1>{full ? t('register.title') : t('register.fast_title')}</h1>
      <p>{full ? t('register.intro') : t('register.fast_intro')}</p>
      <p className="sh-muted">{t('app.required_hint')}</p>
      {full && (
        <fieldset className="sh-fieldset">
          <legend>{t('register.customer_number')}</legend>
          <p className="sh-field__hint">{t('register.existing_hint')}</p>
          <Field label={t('register.customer_number')} name="Kundennummer" value={v.Kundennummer} onChange={set('Kundennummer')} error={msg('Kundennummer')} inputMode="numeric" maxLength={9} />
        </fieldset>
      )}
      <fieldset className="sh-fieldset">
        <legend>{t('form.email')}</legend>
        <Field label={t('form.email')} name="eMail" type="email" value={v.eMail} onChange={set('eMail')} error={msg('eMail')} required autoComplete="email" maxLength={254} />
        <Field label={t('form.email_repeat')} name="eMail2" type="email" value={v.eMail2} onChange={set('eMail2')} error={msg('eMail2')} required autoComplete="email" maxLength={254} />
        <PasswordField label={t('password.new')} name="Kennwort" value={v.Kennwort ?? ''} onChange={set('Kennwort')} error={msg('Kennwort')} required t={t} />
        <PasswordField label={t('password.repeat')} name="Kennwort2" value={v.Kennwort2 ?? ''} onChange={set('Kennwort2')} error={msg('Kennwort2')} required t={t} />
        <p className="sh-field__hint">{t('password.rules')}</p>
      </fieldset>
      <fieldset className="sh-fieldset">
        <legend>{t('register.company')}</legend>
        {full && (
          <>
            <SelectField label={t('form.salutation')} name="Anrede" value={v.Anrede ?? 'ka'} onChange={set('Anrede')}
              options={SALUTATIONS.map((s) => ({ value: s, label: t(`salutation.${s}`) }))} />
            <Field label={t('form.title')} name="Titel" value={v.Titel} onChange={set('Titel')} maxLength={30} />
            <Field label={t('form.firstname')} name="Vorname" value={v.Vorname} onChange={set('Vorname')} error={msg('Vorname')} required autoComplete="given-name" maxLength={50} />
            <Field label={t('form.lastname')} name="Nachname" value={v.Nachname} onChange={set('Nachname')} error={msg('Nachname')} required autoComplete="family-name" maxLength={50} />
          </>
        )}
        <Field label={t('register.company')} name="NamensZeile1" value={v.NamensZeile1} onChange={set('NamensZeile1')} error={msg('NamensZeile1')} required={!v.Kundennummer} autoComplete="organization" maxLength={80} />
        {full && (
          <>
            <Field label={t('register.company_addition1')} name="NamensZeile2" value={v.NamensZeile2} onChange={set('NamensZeile2')} maxLength={80} />
            <Field label={t('register.company_addition2')} name="NamensZeile3" value={v.NamensZeile3} onChange={set('NamensZeile3')} maxLength={80} />
            <Field label={t('checkout.street')} name="Strasse" value={v.Strasse} onChange={set('Strasse')} error={msg('Strasse')} required={!v.Kundennummer} autoComplete="street-address" maxLength={80} />
          </>
        )}
        <Field label={t('checkout.plz')} name="PLZ" value={v.PLZ} onChange={set('PLZ')} error={msg('PLZ')} required autoComplete="postal-code" maxLength={12} />
        {full && <Field label={t('checkout.city')} name="Ort" value={v.Ort} onChange={set('Ort')} error={msg('Ort')} required={!v.Kundennummer} autoComplete="address-level2" maxLength={60} />}
        <SelectField label={t('checkout.country')} name="LandISO2" value={v.LandISO2 ?? ''} onChange={set('LandISO2')} error={msg('LandISO2')} required options={countryOptions(countries, v.LandISO2 ?? '', lang)} />
      </fieldset>
      {full && (
        <fieldset className="sh-fieldset">
          <legend>{t('form.phone')}</legend>
          <div className="sh-row2">
            <Field label={t('form.area_code')} name="TelefonVorwahl" value={v.TelefonVorwahl} onChange={set('TelefonVorwahl')} inputMode="tel" maxLength={12} />
            <Field label={t('form.phone')} name="TelefonRufnummer" value={v.TelefonRufnummer} onChange={set('TelefonRufnummer')} error={msg('TelefonRufnummer')} required={!v.Kundennummer} inputMode="tel" maxLength={30} />
          </div>
          <div className="sh-row2">
            <Field label={t('form.area_code')} name="MobilVorwahl" value={v.MobilVorwahl} onChange={set('MobilVorwahl')} inputMode="tel" maxLength={12} />
            <Field label={t('form.mobile')} name="MobilRufnummer" value={v.MobilRufnummer} onChange={set('MobilRufnummer')} error={msg('MobilRufnummer')} inputMode="tel" maxLength={30} />
          </div>
          <div className="sh-row2">
            <Field label={t('form.area_code')} name="FaxVorwahl" value={v.FaxVorwahl} onChange={set('FaxVorwahl')} inputMode="tel" maxLength={12} />
            <Field label={t('form.fax')} name="FaxRufnummer" value={v.FaxRufnummer} onChange={set('FaxRufnummer')} error={msg('FaxRufnummer')} inputMode="tel" maxLength={30} />
          </div>
          <Field label={t('register.birth_date')} name="Geburtsdatum" type="date" value={v.Geburtsdatum} onChange={set('Geburtsdatum')} error={msg('Geburtsdatum')} />
          <Field label={t('register.tax_id')} name="UstIdNr" value={v.UstIdNr} onChange={set('UstIdNr')} maxLength={20} />
          <Field label={t('register.website')} name="Internetadresse" value={v.Internetadresse} onChange={set('Internetadresse')} error={msg('Internetadresse')} inputMode="url" maxLength={100} />
          <SelectField label={t('register.branche')} name="Branche" value={v.Branche ?? ''} onChange={set('Branche')} error={msg('Branche')} required={!v.Kundennummer}
            options={[{ value: '', label: t('form.choose') }, ...Array.from({ length: INDUSTRY_MAX }, (_, i) => ({ value: String(i + 1), label: t(`branche.${i + 1}`) }))]} />
          <Field label={t('register.technicians')} name="AnzahlTechniker" value={v.AnzahlTechniker} onChange={set('AnzahlTechniker')} error={msg('AnzahlTechniker')} inputMode="numeric" maxLength={6} />
          <SelectField label={t('register.language')} name="Sprache" value={v.Sprache ?? lang} onChange={set('Sprache')}
            options={supportedLanguages(1).map((l) => ({ value: l, label: t(`lang.${l}`) }))} />
        </fieldset>
      )}
      <label className="sh-check">
        <input type="checkbox" checked={v.Newsletter === '1'} onChange={(e) => set('Newsletter')(e.target.checked ? '1' : '0')} />
        <span>{t('register.newsletter')}</span>
      </label>
      {general && <p className="sh-error" role="alert">{general}</p>}
      <Honeypot value={hp} onChange={setHp} label={t('form.honeypot')} />
      <button type="submit" className="sh-btn sh-btn--primary sh-btn--big" disabled={busy || blocked === null}>{busy ? t('form.sending') : t('register.submit')}</button>
    </form>
  );
}
