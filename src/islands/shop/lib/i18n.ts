// How islands get their texts: the translate function is src/i18n/translate.ts (the same one pages
// use); messages come from the server (props or the page's JSON block) or load lazily per language.
import { atom, type ReadableAtom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { makeT, type Messages, type T } from '#i18n/translate.ts';

export { makeT };

export type { Messages, T } from '#i18n/translate.ts';

const loaders = import.meta.glob<{ default: Messages }>('../../../i18n/locales/*.json');
// Server render: the texts come from src/islands/shop/server/messages.ts (server-only module).
function ssrMessages(lang: string): Messages | null {
  if (!import.meta.env.SSR) return null;
  const f = (globalThis as { __shopMessages?: (l: string) => Messages }).__shopMessages;
  return f ? f(lang) : null;
}

export interface I18nState { lang: string; messages: Messages; ready: boolean }
const $i18n = atom<I18nState>({ lang: '', messages: {}, ready: false });
export const i18nStore: ReadableAtom<I18nState> = $i18n;

let pageCache: Messages | null | undefined;
/** Messages the page embedded once for all islands (<script type="application/json" id="shop-i18n">). */
function pageMessages(): Messages | null {
  if (pageCache !== undefined) return pageCache;
  if (typeof document === 'undefined') return null;
  const el = document.getElementById('shop-i18n');
  try { pageCache = el?.textContent ? (JSON.parse(el.textContent) as Messages) : null; } catch { pageCache = null; }
  return pageCache;
}

const loading = new Map<string, Promise<void>>();

/** Publishes messages for `lang` (merged), or loads the language file when none are known yet. */
export function ensureMessages(lang: string, given?: Messages | null): Promise<void> {
  const cur = $i18n.get();
  if (given && Object.keys(given).length) {
    // props add to the page's block (they do not replace it)
    const base = { ...(pageMessages() ?? {}), ...(cur.lang === lang ? cur.messages : {}) };
    const have = cur.lang === lang ? cur.messages : {};
    const next = { ...base, ...given };
    if (Object.keys(next).some((k) => have[k] === undefined)) $i18n.set({ lang, messages: next, ready: true });
    return Promise.resolve();
  }
  if (cur.ready && cur.lang === lang) return Promise.resolve();
  const fromPage = pageMessages();
  if (fromPage) { $i18n.set({ lang, messages: fromPage, ready: true }); return Promise.resolve(); }
  let p = loading.get(lang);
  if (!p) {
    const loader = loaders[`../../../i18n/locales/${lang}.json`] ?? loaders['../../../i18n/locales/de.json'];
    p = loader ? loader().then((m) => { $i18n.set({ lang, messages: { ...m.default, ...($i18n.get().lang === lang ? $i18n.get().messages : {}) }, ready: true }); }) : Promise.resolve();
    loading.set(lang, p);
  }
  return p;
}

/**
 * The island's translate function. `m` are messages the server passed as props: they make the
 * server render and the first client render identical. Without them the page's JSON block or the
 * lazily loaded language file is used.
 */
export function useT(lang: string, m?: Messages | null): T {
  const st = useStore($i18n);
  useEffect(() => { void ensureMessages(lang, m); }, [lang, m]);
  return useMemo(() => {
    const fromStore = st.lang === lang && st.ready ? st.messages : null;
    const base = fromStore ?? pageMessages() ?? ssrMessages(lang) ?? {};
    // the island's own messages first, the full set as fallback (no copy of ~700 keys per render:
    // every page of the static build renders four header islands)
    return m ? makeT(m, lang, base) : makeT(base, lang);
  }, [st, lang, m]);
}

/** The whole language file (a chunk loaded on demand) for a text outside every island's set, e.g. the
 * site script's auto-booking dialog. */
export async function languageT(lang: string): Promise<T> {
  const load = loaders[`../../../i18n/locales/${lang}.json`] ?? loaders['../../../i18n/locales/de.json'];
  return makeT(load ? (await load()).default : {}, lang);
}

/** Translate outside components (toasts, dialogs): the messages known right now. */
export function tNow(lang?: string): T {
  const st = $i18n.get();
  const l = lang ?? (st.lang || (typeof document !== 'undefined' ? document.documentElement.lang : '') || 'de');
  return makeT(st.ready && st.lang === l ? st.messages : pageMessages() ?? st.messages, l);
}
