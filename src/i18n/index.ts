// i18next with one resource bundle per language, loaded on demand (a separate chunk per language).
import i18next, { type TFunction, type i18n as I18n } from 'i18next';

export const UI_LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');
const instances = new Map<string, Promise<I18n>>();

export function isUiLanguage(l: string): l is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(l);
}

async function load(lang: string): Promise<Record<string, unknown>> {
  const loader = loaders[`./locales/${lang}.json`];
  return loader ? (await loader()).default : {};
}

/** An i18next instance for one language, German as the fallback. */
export function getI18n(lang: string): Promise<I18n> {
  const l = isUiLanguage(lang) ? lang : 'en';
  let p = instances.get(l);
  if (!p) {
    p = (async () => {
      const inst = i18next.createInstance();
      const resources: Record<string, { translation: Record<string, unknown> }> = { [l]: { translation: await load(l) } };
      if (l !== 'de') resources.de = { translation: await load('de') };
      await inst.init({ lng: l, fallbackLng: 'de', resources, interpolation: { escapeValue: false }, keySeparator: false, nsSeparator: false, returnNull: false });
      return inst;
    })();
    instances.set(l, p);
  }
  return p;
}

const memoT = new Map<string, Promise<TFunction>>();

/**
 * The language's t(). Plain lookups (a key, no options) are memoised: layouts call t() hundreds of times
 * per page and the bundles never change at run time; calls with options go to i18next as they are.
 */
export function getT(lang: string): Promise<TFunction> {
  const l = isUiLanguage(lang) ? lang : 'en';
  let p = memoT.get(l);
  if (!p) {
    p = getI18n(l).then((inst) => {
      const t = inst.t;
      const plain = new Map<string, string>();
      const wrapped = ((key: unknown, ...rest: unknown[]) => {
        if (rest.length > 0 || typeof key !== 'string') return (t as unknown as (...a: unknown[]) => unknown)(key, ...rest);
        let v = plain.get(key);
        if (v === undefined) plain.set(key, (v = String(t(key))));
        return v;
      }) as unknown as TFunction;
      return wrapped;
    });
    memoT.set(l, p);
  }
  return p;
}
