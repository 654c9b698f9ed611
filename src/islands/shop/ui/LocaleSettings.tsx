// Country and language change of a logged-in customer (konto): the pre-navbar's country selector is
// for guests only (section 2), so customers change the country here. PUT user/settings stores it on
// the session and as the customer's language; the persisted stores follow, then the route parameters
// are replaced (the same page under the new prefix).
import { useId, useState } from 'react';
import { request } from '#lib/api.ts';
import { supportedLanguages } from '#rules/locale.ts';
import { $country, $language } from '#stores/settings.ts';
import { showToast } from '#stores/ui.ts';
import type { T } from '../lib/i18n.ts';
import { useCountries } from '../lib/countries.ts';
import { errorMessage, failureKey } from '../lib/errors.ts';


export function LocaleSettings({ country, lang, t }: { country: string; lang: string; t: T }) {
  const id = useId();
  const countries = useCountries(lang, { onError: (e) => showToast(errorMessage(t, failureKey(e)), 'error') });
  const [c, setC] = useState(country);
  const [l, setL] = useState(lang);
  const [busy, setBusy] = useState(false);

  const firma = countries?.find((x) => x.iso2country === c)?.fi ?? 1;
  const languages = supportedLanguages(firma);
  const language = languages.includes(l) ? l : languages.includes('en') ? 'en' : languages[0]!;

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const r = await request('PUT /api/user/settings', { body: { country: c, language } });
      $country.set(r.country);
      $language.set(r.language);
      const rest = location.pathname.split('/').slice(3).join('/');
      location.assign(`/${r.country}/${r.language}/${rest}${location.hash}`);
    } catch (x) {
      setBusy(false);
      showToast(errorMessage(t, failureKey(x)), 'error');
    }
  };

  return (
    <form className="sh-form sh-locale-settings" onSubmit={save} data-testid="konto-settings">
      <p className="sh-muted">{t('account.settings_text')}</p>
      <div className="sh-locale-settings__fields">
        <div className="sh-field">
          <label className="sh-field__label" htmlFor={`${id}-c`}>{t('nav.country')}</label>
          <select id={`${id}-c`} name="country" value={c} onChange={(e) => setC(e.target.value)} disabled={!countries?.length}>
            {(countries?.length ? countries : [{ iso2country: country, lndname: country.toUpperCase(), fi: 1 }]).map((x) => (
              <option key={x.iso2country} value={x.iso2country}>{x.lndname}</option>
            ))}
          </select>
        </div>
        <div className="sh-field">
          <label className="sh-field__label" htmlFor={`${id}-l`}>{t('nav.language')}</label>
          <select id={`${id}-l`} name="language" value={language} onChange={(e) => setL(e.target.value)}>
            {languages.map((x) => <option key={x} value={x}>{t(`lang.${x}`)}</option>)}
          </select>
        </div>
      </div>
      <button type="submit" className="sh-btn sh-btn--primary" disabled={busy || (c === country && language === lang)}>
        {busy ? t('app.loading') : t('app.save')}
      </button>
    </form>
  );
}
