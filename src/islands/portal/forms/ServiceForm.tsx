// service/retoure?form={typ}: the service requests — return, repair, transport damage, special order,
// spare part, callback. Each has its fields; all but the callback need at least one photo and a text
// (section 5). The request is stored with a reference number and confirmed by mail (API: forms.ts).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import { isServiceType, SERVICE_TYPES, servicePhotoRequired, type ServiceType } from '#api/form-schemas.ts';
import { ApiFailure, request } from '#lib/api.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { customerEntity, ensureCustomer } from '../../shop/lib/session.ts';
import { failureKey } from '../../shop/lib/errors.ts';
import { Field, SelectField } from '../../shop/ui/Field.tsx';
import { Honeypot } from '../../shop/ui/Honeypot.tsx';
import { HONEYPOT_FIELD } from '#rules/constants.ts';
import { portalError } from '../lib/errors.ts';
import { PhotoPicker } from './PhotoPicker.tsx';
import { serviceErrors } from './rules.ts';
import { TextArea } from './TextArea.tsx';
import '../portal.css';

type Kind = 'short' | 'long' | 'qty' | 'artnr' | 'phone' | 'reason';
interface FieldDef { name: string; label: string; kind: Kind; required?: boolean }
interface FormDef { fields: FieldDef[] }

/** Layout per type: labels and inputs (`required` marks the field; the rule is ServiceForm in src/api/form-schemas.ts). */
export const SERVICE_FORMS: Record<ServiceType, FormDef> = {
  retoure: { fields: [
    { name: 'lieferschein', label: 'form.order_number', kind: 'short', required: true }, { name: 'artnr', label: 'form.product', kind: 'artnr', required: true },
    { name: 'menge', label: 'form.quantity', kind: 'qty', required: true }, { name: 'grund', label: 'form.reason', kind: 'reason', required: true },
    { name: 'text', label: 'form.description', kind: 'long', required: true }] },
  reparatur: { fields: [
    { name: 'geraet', label: 'form.device_name', kind: 'short', required: true }, { name: 'seriennummer', label: 'form.serial', kind: 'short' },
    { name: 'fehlerbeschreibung', label: 'form.fault', kind: 'long', required: true }] },
  transportschaden: { fields: [
    { name: 'lieferschein', label: 'form.order_number', kind: 'short', required: true }, { name: 'paketnummer', label: 'form.package_number', kind: 'short' },
    { name: 'schaden', label: 'form.damage', kind: 'long', required: true }] },
  sonderbestellung: { fields: [
    { name: 'hersteller', label: 'form.manufacturer', kind: 'short' }, { name: 'menge', label: 'form.quantity', kind: 'qty', required: true },
    { name: 'artikelbeschreibung', label: 'form.article_description', kind: 'long', required: true }] },
  ersatzteil: { fields: [
    { name: 'geraet', label: 'form.device_name', kind: 'short', required: true }, { name: 'menge', label: 'form.quantity', kind: 'qty', required: true },
    { name: 'teil', label: 'form.part', kind: 'long', required: true }] },
  rueckruf: { fields: [
    { name: 'name', label: 'form.name', kind: 'short', required: true }, { name: 'telefon', label: 'form.phone', kind: 'phone', required: true },
    { name: 'wunschtermin', label: 'form.callback_time', kind: 'short' }, { name: 'thema', label: 'form.topic', kind: 'long', required: true }] },
};
const REASONS = ['wrong_article', 'wrong_order', 'defective', 'other'];

export default function ServiceForm({ country, lang, initialType, messages }: { country: string; lang: string; initialType: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const [typ, setTyp] = useState<ServiceType>(isServiceType(initialType) ? initialType : 'retoure');
  const [values, setValues] = useState<Record<string, string>>({});
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [hp, setHp] = useState('');
  const [done, setDone] = useState<{ referenz: string; email: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const def = SERVICE_FORMS[typ]!;
  useEffect(() => { void ensureCustomer(); }, []);
  const loggedIn = customer.kundennummer > 0;
  // callback requests carry their own name and phone; the others ask for contact data (customers: optional, account data is used)
  const contactFields = useMemo(() => (typ === 'rueckruf'
    ? [{ name: 'email', label: 'form.email', required: false }]
    : [{ name: 'name', label: 'form.name', required: !loggedIn }, { name: 'email', label: 'form.email', required: !loggedIn }, { name: 'telefon', label: 'form.phone', required: false }]), [typ, loggedIn]);

  const set = (k: string) => (v: string) => { setValues((x) => ({ ...x, [k]: v })); setErrors((e) => ({ ...e, [k]: '' })); };
  const changeType = (v: string) => {
    setTyp(v as ServiceType); setErrors({});
    const url = new URL(location.href);
    url.searchParams.set('form', v);
    history.replaceState(null, '', url);
  };

  /** The text fields as they are sent (the non-empty ones of this form). */
  const sentFields = (): Record<string, string> => {
    const names = new Set([...def.fields.map((f) => f.name), ...contactFields.map((c) => c.name), 'kdnr']);
    return Object.fromEntries([...names].map((n) => [n, values[n]?.trim() ?? '']).filter(([, v]) => v !== ''));
  };
  /** The form's rule on what the server will see: a customer's number and empty contact fields come from the account. */
  const check = (): Record<string, string> => {
    const sent = sentFields();
    const fields: Record<string, unknown> = { ...sent, typ, photos: photos.length };
    if (loggedIn) {
      if (typ === 'retoure') fields.kdnr = String(customer.kundennummer);
      fields.email = sent.email || customerEntity()?.eMail || '';
      if (typ !== 'rueckruf') fields.name = sent.name || `${customer.vorname} ${customer.nachname}`.trim();
    }
    return Object.fromEntries(Object.entries(serviceErrors(fields)).map(([k, key]) => [k, portalError(t, key)]));
  };

  const submit = async (ev: React.FormEvent) => {
    ev.preventDefault();
    const e = check();
    setErrors(e);
    if (Object.keys(e).length) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .pt-photos.has-error input')?.focus());
      return;
    }
    const fd = new FormData();
    for (const [n, v] of Object.entries(sentFields())) fd.append(n, v);
    for (const p of photos) fd.append('photos', p, p.name);
    if (hp) fd.append(HONEYPOT_FIELD, hp);
    setBusy(true);
    try {
      const res = await request('POST /api/forms/:typ', { params: { typ }, body: fd });
      setDone({ referenz: res.referenz, email: values.email?.trim() || '' });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch (err) {
      const key = failureKey(err);
      const field = err instanceof ApiFailure ? String(err.body.field ?? '') : '';
      const text = key === 'network' && photos.length > 1 ? t('images_connection_error') : portalError(t, key);
      if (field && /^photo/.test(field)) setErrors({ photo: text });
      else if (field) setErrors({ [field]: text });
      else setErrors({ form: text });
    } finally { setBusy(false); }
  };

  if (done) {
    return (
      <div className="sh-success pt-done" role="status" data-testid="service-success">
        <h2>{t('form.success_title')}</h2>
        <p>{t('form.reference')}{t('app.colon')} <strong data-testid="referenz">{done.referenz}</strong></p>
        {/* guests get no mail (it would go to an address nobody proved): they keep the reference */}
        <p>{t(loggedIn ? 'form.success_text' : 'form.success_text_guest')}</p>
        <button type="button" className="sh-btn" onClick={() => { setDone(null); setValues({}); setPhotos([]); }}>{t('form.new_request')}</button>
      </div>
    );
  }
  return (
    <form ref={formRef} className="sh-form pt-service" onSubmit={(e) => void submit(e)} noValidate data-testid="service-form" data-type={typ}>
      <SelectField label={t('form.request_type')} name="typ" value={typ} onChange={changeType}
        options={SERVICE_TYPES.map((k) => ({ value: k, label: t(`form.${k}`) }))} />
      <p className="sh-muted">{t(`form.intro.${typ}`)}</p>
      {typ === 'retoure' && (loggedIn
        ? <Field label={t('form.customer_number')} name="kdnr" value={String(customer.kundennummer)} readOnly />
        : <Field label={t('form.customer_number')} name="kdnr" value={values.kdnr} onChange={set('kdnr')} error={errors.kdnr} required inputMode="numeric" maxLength={12} />)}
      {def.fields.map((f) => {
        const label = t(f.label);
        if (f.kind === 'long') return <TextArea key={`${typ}-${f.name}`} label={label} name={f.name} value={values[f.name] ?? ''} onChange={set(f.name)} error={errors[f.name]} required={f.required} />;
        if (f.kind === 'reason') {
          return <SelectField key={f.name} label={label} name={f.name} value={values[f.name] ?? ''} onChange={set(f.name)} error={errors[f.name]} required
            options={[{ value: '', label: t('form.choose') }, ...REASONS.map((r) => ({ value: t(`form.reason.${r}`), label: t(`form.reason.${r}`) }))]} />;
        }
        return <Field key={`${typ}-${f.name}`} label={label} name={f.name} value={values[f.name]} onChange={set(f.name)} error={errors[f.name]} required={f.required}
          inputMode={f.kind === 'qty' ? 'numeric' : f.kind === 'phone' ? 'tel' : undefined} type={f.kind === 'phone' ? 'tel' : 'text'} maxLength={f.kind === 'qty' ? 5 : 200} />;
      })}
      {servicePhotoRequired(typ) && <PhotoPicker t={t} files={photos} onChange={(fs) => { setPhotos(fs); setErrors((e) => ({ ...e, photo: '' })); }} error={errors.photo} />}
      <fieldset className="sh-fieldset">
        <legend>{t('form.contact_data')}</legend>
        {loggedIn && typ !== 'rueckruf' && <p className="sh-muted">{t('form.contact_from_account')}</p>}
        {contactFields.map((c) => (
          <Field key={`${typ}-${c.name}`} label={t(c.label)} name={c.name} value={values[c.name]} onChange={set(c.name)} error={errors[c.name]} required={c.required}
            type={c.name === 'email' ? 'email' : c.name === 'telefon' ? 'tel' : 'text'} autoComplete={c.name === 'email' ? 'email' : c.name === 'telefon' ? 'tel' : 'name'} maxLength={200} />
        ))}
      </fieldset>
      <Honeypot value={hp} onChange={setHp} label={t('form.honeypot')} />
      {errors.form && <p className="sh-error" role="alert">{errors.form}</p>}
      <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{busy ? t('form.sending') : t('form.submit')}</button>
    </form>
  );
}
