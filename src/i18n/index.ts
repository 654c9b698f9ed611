// i18next with one resource bundle per language, loaded on demand (a separate chunk per language).
import i18next, { type TFunction, type i18n as I18n } from 'i18next';
import { isUiLanguage } from './languages.ts';

export { UI_LANGUAGES, isUiLanguage, type UiLanguage } from './languages.ts';

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*.json');
const instances = new Map<string, Promise<I18n>>();

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
/** The t function of a language; plain key look-ups are memoised (the build calls it ~100 times per page). */
export function getT(lang: string): Promise<TFunction> {
  let p = memoT.get(lang);
  if (!p) {
    p = getI18n(lang).then((inst) => {
      const seen = new Map<string, string>();
      const t = (...args: Parameters<TFunction>) => {
        const [key, opts] = args;
        if (args.length > 1 || opts !== undefined || typeof key !== 'string') return inst.t(...args);
        let v = seen.get(key);
        if (v === undefined) { v = String(inst.t(key)); seen.set(key, v); }
        return v;
      };
      return t as TFunction;
    });
    memoT.set(lang, p);
  }
  return p;
}
