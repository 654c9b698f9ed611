// Checkout (wk/kasse): delivery address (choose or enter; 'field {field} invalid'), shipping method,
// desired date, comment, payment method, benefit code (invalid, empty, already redeemed, not
// removable), free gift, instant discount, freeway return ticket (≥ 170 EUR, once a month).
import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '../../stores/customer.ts';
import { showToast } from '../../stores/ui.ts';
import { ApiFailure } from '../../lib/api.ts';
import { validateBenefitCode, validateFreeway, parseDate } from '../../lib/rules/validate.ts';
import { ADDRESS_FIELDS, ADDRESS_REQUIRED, addressErrors } from '../../lib/rules/forms.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { requireLogin } from './lib/session.ts';
import { useSessionLoad } from './lib/useSessionLoad.ts';
import { activeUserMay } from '../../lib/rules/permissions.ts';
import { addressLines } from '../../lib/rules/address.ts';
import { errorMessage, failureKey } from './lib/errors.ts';
import { $checkout, checkoutApi, patchCheckout, type Address, type CheckoutInfo } from './lib/checkout.ts';
import { money, type Ctx } from './lib/article.ts';
import { routes } from './lib/routes.ts';
import { Field, SelectField } from './ui/Field.tsx';
import { countryOptions, useCountries } from './lib/countries.ts';
import { withoutErrorsOf } from './lib/forms.ts';
import { MoneySummaryBox } from './ui/MoneySummary.tsx';
import './shop.css';


export default function CheckoutView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const st = useStore($checkout);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const r = routes(country, lang);
  const co = useMemo(() => checkoutApi({ lang, country }), [lang, country]);
  const [info, setInfo] = useState<CheckoutInfo | null>(null);
  const [error, setError] = useState('');
  const [code, setCode] = useState('');
  const [codeErr, setCodeErr] = useState('');
  const [adding, setAdding] = useState(false);
  const countries = useCountries(lang, { enabled: adding });
  const [addr, setAddr] = useState<Partial<Address>>({ land_iso2: country.toUpperCase() });
  const [addrErr, setAddrErr] = useState<Record<string, string>>({});
  const [fwtErr, setFwtErr] = useState('');

  const take = (i: CheckoutInfo) => {
    setInfo(i);
    const s = $checkout.get();
    patchCheckout({
      addressId: s.addressId ?? i.state.addressId ?? i.addresses.find((a) => a.is_default)?.id ?? i.addresses[0]?.id ?? null,
      versandart: s.versandart || i.state.versandart || i.versandarten[0]?.id || '',
      zahlungsart: s.zahlungsart || i.state.zahlungsart || i.zahlungsarten[0]?.id || '',
      versanddatum: s.versanddatum || i.state.versanddatum || '',
      kommentar: s.kommentar || i.state.kommentar || '',
      fwt: s.fwt || i.state.fwt,
    });
  };

  useSessionLoad((c) => {
    if (!c.kundennummer) { requireLogin(); return; }
    co.load().then(take).catch((e) => setError(errorMessage(t, failureKey(e))));
  });

  const label = (k: string) => ({
    firma_name: t('checkout.company'), zusatz1: `${t('checkout.addition')} 1`, zusatz2: `${t('checkout.addition')} 2`, ansprechpartner: t('checkout.contact_person'),
    strasse: t('checkout.street'), plz: t('checkout.plz'), ort: t('checkout.city'), land_iso2: t('checkout.country'),
  } as Record<string, string>)[k] ?? k;
  const addrMsg = (k: string) => (addrErr[k] ? errorMessage(t, addrErr[k]!, { field: label(k) }) : undefined);

  const saveAddress = async (e: React.FormEvent) => {
    e.preventDefault();
    const errs = addressErrors(addr);
    setAddrErr(errs);
    if (Object.keys(errs).length) return;
    try {
      const a = await co.addAddress({ ...addr, land_iso2: String(addr.land_iso2 ?? '').toUpperCase() });
      setInfo((i) => i && { ...i, addresses: [...i.addresses, a] });
      patchCheckout({ addressId: a.id ?? null });
      setAdding(false); setAddr({ land_iso2: country.toUpperCase() });
    } catch (x) {
      // the server runs the same rules and names each field's key; the shop's countries only it knows
      const reasons = x instanceof ApiFailure ? (x.body.reasons as Record<string, string> | undefined) : undefined;
      const field = x instanceof ApiFailure ? String(x.body.field ?? '') : '';
      if (reasons || field) setAddrErr(reasons ?? { [field]: 'field_invalid' });
      else showToast(errorMessage(t, failureKey(x)), 'error');
    }
  };

  const redeem = async () => {
    const v = validateBenefitCode(code);
    if (v) { setCodeErr(errorMessage(t, v)); return; }
    try { take(await co.redeem(code.trim())); setCode(''); setCodeErr(''); showToast(t('checkout.benefit_code_applied', { code: code.trim() }), 'success'); }
    catch (x) { setCodeErr(errorMessage(t, failureKey(x))); }
  };
  const removeCode = async () => {
    try { take(await co.removeCode()); setCodeErr(''); }
    catch (x) { setCodeErr(errorMessage(t, failureKey(x) === 'generic' ? 'benefit_code_not_removable' : failureKey(x))); }
  };

  // shipping changes the total: the server prices it, the summary shows its answer at once
  const chooseShipping = async (id: string) => {
    patchCheckout({ versandart: id });
    try { take(await co.save({ versandart: id })); } catch (x) { showToast(errorMessage(t, failureKey(x)), 'error'); }
  };

  const toggleFwt = (on: boolean) => {
    if (on && info) {
      const v = validateFreeway(info.fwt.valueEur, null);
      if (v || !info.fwt.available) { setFwtErr(errorMessage(t, v ?? info.fwt.reason ?? 'freeway_once_per_month')); return; }
    }
    setFwtErr('');
    patchCheckout({ fwt: on });
  };

  const next = async () => {
    if (!info) return;
    if (st.versanddatum && !parseDate(st.versanddatum)) { showToast(errorMessage(t, 'invalid_date'), 'error'); return; }
    if (st.addressId === null && info.addresses.length === 0) { setAdding(true); return; }
    try {
      await co.save({ addressId: st.addressId, versandart: st.versandart, versanddatum: st.versanddatum || null, kommentar: st.kommentar, zahlungsart: st.zahlungsart, fwt: st.fwt });
      location.assign(r.submit);
    } catch (x) {
      const k = failureKey(x);
      if (k === 'freeway_min_value' || k === 'freeway_once_per_month') setFwtErr(errorMessage(t, k));
      else showToast(errorMessage(t, k), 'error');
    }
  };

  if (error) return <div className="sh-checkout"><h1>{t('checkout.title')}</h1><p className="sh-error" role="alert">{error}</p><a className="sh-btn" href={r.wk}>{t('checkout.edit_cart')}</a></div>;
  if (!info) return <p className="sh-loading">{t('app.loading')}</p>;
  if (!info.lines.length) return <div className="sh-checkout"><h1>{t('checkout.title')}</h1><p className="sh-empty">{errorMessage(t, 'cart_no_products')}</p><a className="sh-btn" href={r.home}>{t('continue_shopping')}</a></div>;
  const mayOrder = activeUserMay(customer.activeUser, 'order');
  return (
    <div className="sh-checkout" data-testid="checkout">
      <h1>{t('checkout.title')}</h1>
      <div className="sh-checkout__grid">
        <div className="sh-checkout__main">
          <fieldset className="sh-box">
            <legend>{t('checkout.delivery_address')}</legend>
            {info.addresses.map((a) => (
              <label key={a.id} className="sh-radio">
                <input type="radio" name="address" checked={st.addressId === a.id} onChange={() => patchCheckout({ addressId: a.id ?? null })} />
                <span>{addressLines(a, lang).join(', ')}</span>
              </label>
            ))}
            {!adding && <button type="button" className="sh-btn sh-btn--ghost" onClick={() => setAdding(true)}>+ {t('checkout.new_address')}</button>}
            {adding && (
              <form className="sh-fieldset" onSubmit={saveAddress} noValidate data-testid="new-address">
                {ADDRESS_FIELDS.map((k) => {
                  const common = { label: label(k), name: k, value: String(addr[k] ?? ''), required: (ADDRESS_REQUIRED as readonly string[]).includes(k), error: addrMsg(k),
                    onChange: (v: string) => { setAddr((x) => ({ ...x, [k]: v })); setAddrErr((e) => withoutErrorsOf(e, k)); } };
                  return k === 'land_iso2'
                    ? <SelectField key={k} {...common} options={countryOptions(countries, common.value, lang)} />
                    : <Field key={k} {...common} maxLength={80} />;
                })}
                <div className="sh-actions">
                  <button type="button" className="sh-btn sh-btn--ghost" onClick={() => { setAdding(false); setAddrErr({}); }}>{t('dialog.cancel')}</button>
                  <button type="submit" className="sh-btn sh-btn--primary">{t('app.save')}</button>
                </div>
              </form>
            )}
          </fieldset>

          <fieldset className="sh-box">
            <legend>{t('checkout.shipping_method')}</legend>
            {info.versandarten.map((v) => (
              <label key={v.id} className="sh-radio">
                <input type="radio" name="versandart" checked={st.versandart === v.id} onChange={() => void chooseShipping(v.id)} />
                <span>{v.label ?? t(`checkout.shipping.${v.id}`)}{v.price ? ` (${money(v.price, ctx, info.summary.currency)})` : ''}</span>
              </label>
            ))}
            <Field label={t('checkout.desired_date')} name="versanddatum" type="date" value={st.versanddatum} onChange={(v) => patchCheckout({ versanddatum: v })} />
          </fieldset>

          <fieldset className="sh-box">
            <legend>{t('checkout.payment_method')}</legend>
            {info.zahlungsarten.map((z) => (
              <label key={z.id} className="sh-radio">
                <input type="radio" name="zahlungsart" checked={st.zahlungsart === z.id} onChange={() => patchCheckout({ zahlungsart: z.id })} />
                <span>{z.label ?? t(`checkout.payment.${z.id}`)}</span>
              </label>
            ))}
          </fieldset>

          <fieldset className="sh-box">
            <legend>{t('checkout.benefit_code')}</legend>
            {info.benefit ? (
              <p className="sh-benefit" data-testid="benefit-applied">
                <strong>{info.benefit.code}</strong> {info.benefit.error ? errorMessage(t, info.benefit.error) : info.benefit.kind === 'percent' ? `−${info.benefit.value}\u00a0%` : ''}
                {info.benefit.removable && <button type="button" className="sh-link" onClick={() => void removeCode()}>{t('app.remove')}</button>}
              </p>
            ) : (
              <div className="sh-form--inline">
                <Field label={t('checkout.benefit_code')} name="code" value={code} onChange={(v) => { setCode(v); setCodeErr(''); }} error={codeErr || undefined} maxLength={40} />
                <button type="button" className="sh-btn" onClick={() => void redeem()} data-testid="redeem">{t('checkout.benefit_code_redeem')}</button>
              </div>
            )}
            {info.benefit && codeErr && <p className="sh-field__error" role="alert">{codeErr}</p>}
            {info.benefit?.freeGift && <p className="sh-note">{t('checkout.free_gift')}{t('app.colon')} <strong>{info.benefit.freeGift.bezeichnung}</strong> ({info.benefit.freeGift.artnr})</p>}
          </fieldset>

          <fieldset className="sh-box">
            <legend>{t('checkout.fwt')}</legend>
            <label className="sh-check">
              <input type="checkbox" checked={st.fwt} onChange={(e) => toggleFwt(e.target.checked)} data-testid="fwt" />
              <span>{t('checkout.fwt_text')}</span>
            </label>
            {fwtErr && <p className="sh-field__error" role="alert">{fwtErr}</p>}
          </fieldset>

          <div className="sh-field">
            <label className="sh-field__label" htmlFor="sh-kommentar">{t('checkout.comment')}</label>
            <textarea id="sh-kommentar" rows={3} maxLength={500} value={st.kommentar} onChange={(e) => patchCheckout({ kommentar: e.target.value })} />
          </div>
        </div>

        <aside className="sh-checkout__side sh-box" aria-label={t('checkout.summary')}>
          <h2>{t('checkout.summary')}</h2>
          <MoneySummaryBox s={info.summary} t={t} ctx={ctx} />
          {!mayOrder && <p className="sh-note" role="note" data-testid="no-order-right">{t('cart.no_order_right')}</p>}
          <button type="button" className="sh-btn sh-btn--primary sh-btn--big sh-btn--block" onClick={() => void next()} disabled={!mayOrder} data-testid="checkout-next">{t('app.next')}</button>
          <a className="sh-btn sh-btn--ghost sh-btn--block" href={r.wk}>{t('checkout.edit_cart')}</a>
        </aside>
      </div>
    </div>
  );
}
