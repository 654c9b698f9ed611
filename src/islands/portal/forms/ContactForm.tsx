// Contact form of the kontakt page (section 3 entity, section 5 rules): salutation, first and last name,
// e-mail, phone, desired date and time, subject, message, article number, customer number. Required:
// date, e-mail, first and last name, message, phone, article number, salutation, time.
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import type { FieldErrors } from '#api/form-schemas.ts';
import { ApiFailure, request } from '#lib/api.ts';
import { HONEYPOT_FIELD, SALUTATIONS } from '#rules/constants.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { customerEntity, ensureCustomer } from '../../shop/lib/session.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { Field, SelectField } from '../../shop/ui/Field.tsx';
import { Honeypot } from '../../shop/ui/Honeypot.tsx';
import { portalError } from '../lib/errors.ts';
import { contactErrors } from './rules.ts';
import { TextArea } from './TextArea.tsx';
import '../portal.css';

const ORDER = ['anrede', 'vorname', 'nachname', 'email', 'telefon', 'date', 'time', 'betreff', 'artikelnummer', 'kundennummer', 'nachricht'];

export default function ContactForm({ lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const [v, setV] = useState<Record<string, string>>({ anrede: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [hp, setHp] = useState('');
  const [done, setDone] = useState('');
  const ref = useRef<HTMLFormElement>(null);

  // customers: name, e-mail and customer number from the account
  useEffect(() => {
    void ensureCustomer().then((c) => {
      if (!c.kundennummer) return;
      const e = customerEntity();
      setV((x) => ({
        ...x, anrede: x.anrede || ((SALUTATIONS as readonly string[]).includes(c.anrede) ? c.anrede : ''),
        vorname: x.vorname ?? c.vorname, nachname: x.nachname ?? c.nachname, email: x.email ?? (e?.eMail || ''), kundennummer: String(c.kundennummer),
      }));
    });
  }, []);

  /** the API's keys as texts; a missing salutation reads as "please choose a salutation" */
  const messagesOf = (keys: FieldErrors) => Object.fromEntries(Object.entries(keys)
    .map(([k, key]) => [k, portalError(t, k === 'anrede' && key === 'please_fill_in' ? 'error_salutation_required' : key)]));
  const set = (k: string) => (val: string) => { setV((x) => ({ ...x, [k]: val })); setErrors((e) => ({ ...e, [k]: '' })); };
  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const body: Record<string, string> = Object.fromEntries(ORDER.map((k) => [k, (v[k] ?? '').trim()]).filter(([, x]) => x !== ''));
    const e = messagesOf(contactErrors(body));
    setErrors(e);
    const first = ORDER.find((k) => e[k]);
    if (first) { requestAnimationFrame(() => ref.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus()); return; }
    setBusy(true);
    try {
      if (hp) body[HONEYPOT_FIELD] = hp;
      const res = await request('POST /api/kontakt', { body });
      setDone(res.referenz);
    } catch (err) {
      const fields = err instanceof ApiFailure ? (err.body.fields as Record<string, string> | undefined) : undefined;
      if (fields) setErrors(messagesOf(fields));
      else setErrors({ form: portalError(t, failureKey(err)) });
    } finally { setBusy(false); }
  };

  if (done) {
    return (
      <div className="sh-success pt-done" role="status" data-testid="contact-success">
        <h3>{t('form.success_title')}</h3>
        <p>{t('form.reference')}{t('app.colon')} <strong data-testid="referenz">{done}</strong></p>
        {/* guests get no mail (it would go to an address nobody proved): they keep the reference */}
        <p>{t(customer.kundennummer > 0 ? 'form.success_text' : 'form.success_text_guest')}</p>
      </div>
    );
  }
  return (
    <form ref={ref} className="sh-form pt-contact" onSubmit={(e) => void submit(e)} noValidate data-testid="contact-form" aria-label={t('form.kontakt')}>
      <SelectField label={t('form.salutation')} name="anrede" value={v.anrede ?? ''} onChange={set('anrede')} error={errors.anrede} required
        options={[{ value: '', label: t('form.choose') }, ...SALUTATIONS.map((s) => ({ value: s, label: t(`salutation.${s}`) }))]} />
      <div className="pt-row">
        <Field label={t('form.firstname')} name="vorname" value={v.vorname} onChange={set('vorname')} error={errors.vorname} required autoComplete="given-name" maxLength={100} />
        <Field label={t('form.lastname')} name="nachname" value={v.nachname} onChange={set('nachname')} error={errors.nachname} required autoComplete="family-name" maxLength={100} />
      </div>
      <div className="pt-row">
        <Field label={t('form.email')} name="email" type="email" value={v.email} onChange={set('email')} error={errors.email} required autoComplete="email" maxLength={254} />
        <Field label={t('form.phone')} name="telefon" type="tel" value={v.telefon} onChange={set('telefon')} error={errors.telefon} required autoComplete="tel" inputMode="tel" maxLength={40} />
      </div>
      <div className="pt-row">
        <Field label={t('form.date')} name="date" type="date" value={v.date} onChange={set('date')} error={errors.date} required />
        <Field label={t('form.time')} name="time" type="time" value={v.time} onChange={set('time')} error={errors.time} required />
      </div>
      <Field label={t('form.subject')} name="betreff" value={v.betreff} onChange={set('betreff')} error={errors.betreff} maxLength={200} />
      <div className="pt-row">
        <Field label={t('form.product')} name="artikelnummer" value={v.artikelnummer} onChange={set('artikelnummer')} error={errors.artikelnummer} required maxLength={40} />
        <Field label={t('form.customer_number')} name="kundennummer" value={v.kundennummer} onChange={set('kundennummer')} error={errors.kundennummer}
          readOnly={customer.kundennummer > 0} inputMode="numeric" maxLength={12} />
      </div>
      <TextArea label={t('form.message')} name="nachricht" value={v.nachricht ?? ''} onChange={set('nachricht')} error={errors.nachricht} required />
      <Honeypot value={hp} onChange={setHp} label={t('form.honeypot')} />
      {errors.form && <p className="sh-error" role="alert">{errors.form}</p>}
      <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{busy ? t('form.sending') : t('form.submit')}</button>
    </form>
  );
}
