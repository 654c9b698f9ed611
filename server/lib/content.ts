// The content service: the embedded collections in src/content/data/*.json (default) or, with
// CMS_URL set, the same collections from a Strapi-compatible REST API (cached for 60 s at most; every
// instance drops the cache when any of them gets the CMS webhook: bus topic `content`).
// Resolution rules are those of src/content/README.md: filter by language/country/firma, the most
// specific entry of the same identity wins, sort by sort/sort_id; missing language → en → de.
import fs from 'node:fs';
import path from 'node:path';
import { config, ROOT } from '../config.ts';
import { supportedLanguages } from '#rules/locale.ts';
import { typesetDeep } from '#rules/typeset.ts';
import { Cache } from './cache.ts';
import { TOPIC } from './cache-topics.ts';

export type Entry = Record<string, unknown> & { id?: string | number; country?: string; language?: string; firma?: number | null };

export const CONTENT_DIR = path.join(ROOT, 'src', 'content', 'data');
const CACHE_MS = 60_000;

/** Collection name of the API → file (and CMS collection) name and identity fields. */
export const COLLECTIONS: Record<string, { file: string; identity: string[] }> = {
  banners: { file: 'banners', identity: ['kind', 'route', 'hash'] },
  'category-banners': { file: 'category-banners', identity: ['Category_Id'] },
  'solutions-features': { file: 'solutions-features', identity: ['route'] },
  'ls-sidemenus': { file: 'ls-sidemenus', identity: ['section', 'key'] },
  Services: { file: 'services', identity: ['hash'] },
  'service-nav-menus': { file: 'service-nav-menus', identity: ['hash'] },
  kundenservices: { file: 'kundenservices', identity: ['form'] },
  'service-chatwoots': { file: 'service-chatwoots', identity: ['firmennummer', 'language'] },
  'ls-page-metadatas': { file: 'ls-page-metadatas', identity: ['route_path_name'] },
  faq: { file: 'faq', identity: ['slug'] },
  mitarbeiter: { file: 'mitarbeiter', identity: ['mitarbeiter_id'] },
  firmendaten: { file: 'firmendaten', identity: ['firmennummer'] },
  telefon: { file: 'telefon', identity: ['country'] },
  legal: { file: 'legal', identity: ['kind'] },
  videos: { file: 'videos', identity: ['video_id'] },
  aktionen: { file: 'aktionen', identity: ['aktion_id'] },
};

// ---- embedded source ----
const files = new Map<string, { mtimeMs: number; entries: Entry[] }>();

function embedded(file: string): Entry[] {
  const p = path.join(CONTENT_DIR, `${file}.json`);
  let st: fs.Stats;
  try {
    st = fs.statSync(p);
  } catch {
    return [];
  }
  const hit = files.get(file);
  if (hit && hit.mtimeMs === st.mtimeMs) return hit.entries;
  const parsed = JSON.parse(fs.readFileSync(p, 'utf8')) as unknown;
  const entries = Array.isArray(parsed) ? (parsed as Entry[]) : [];
  files.set(file, { mtimeMs: st.mtimeMs, entries });
  return entries;
}

// ---- CMS source ----
const cmsCache = new Cache<string, Entry[]>({ ttlMs: CACHE_MS, max: 2000, topics: [TOPIC.content] });
/** The last answer per address, served while the CMS does not answer (stale data beats none). */
const lastGood = new Cache<string, Entry[]>({ ttlMs: 24 * 3600_000, max: 2000 });

/** Strapi v4 ({ id, attributes }) and v5 (flat) entries → flat entries. */
function flatten(item: unknown): Entry {
  const o = (item ?? {}) as Record<string, unknown>;
  const attrs = o.attributes as Record<string, unknown> | undefined;
  return (attrs ? { id: o.id, ...attrs } : o) as Entry;
}

async function cmsFetch(file: string, country: string, language: string): Promise<Entry[]> {
  const url = `${config.cmsUrl.replace(/\/+$/, '')}/api/${encodeURIComponent(file)}`
    + `?filters[country]=${encodeURIComponent(country)}&filters[language]=${encodeURIComponent(language)}&pagination[pageSize]=1000`;
  try {
    return await cmsCache.getOrLoad(url, async () => {
      const res = await fetch(url, {
        headers: { accept: 'application/json', ...(config.cmsToken ? { authorization: `Bearer ${config.cmsToken}` } : {}) },
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`CMS ${res.status}`);
      const body = (await res.json()) as { data?: unknown };
      const data = Array.isArray(body.data) ? body.data.map(flatten) : [];
      lastGood.set(url, data);
      return data;
    });
  } catch (e) {
    // stale data beats none; without any, the embedded collection stands in
    console.error('[content] CMS fetch failed', url, e instanceof Error ? e.message : e);
    return lastGood.get(url) ?? embedded(file).filter((x) => x.country === country && x.language === language);
  }
}

/** Entries of one collection for the countries and languages given (exact values, "*" included explicitly). */
async function load(file: string, countries: string[], languages: string[]): Promise<Entry[]> {
  if (!config.cmsUrl) {
    return embedded(file).filter((x) => countries.includes(String(x.country)) && languages.includes(String(x.language)));
  }
  const parts = await Promise.all(countries.flatMap((c) => languages.map((l) => cmsFetch(file, c, l))));
  return parts.flat();
}

/** Forgets this process's cached CMS answers (tests; the webhook invalidates the topic on every instance). */
export function clearContentCache(): void {
  cmsCache.clear();
  files.clear();
}

// ---- resolution ----
const firmaOk = (x: Entry, firma: number) => x.firma === undefined || x.firma === null || Number(x.firma) === firma;
const sortKey = (x: Entry) => Number(x.sort ?? x.sort_id ?? 0);

function dedupe(entries: Entry[], identity: string[], country: string, firma: number): Entry[] {
  const best = new Map<string, { e: Entry; score: number; i: number }>();
  entries.forEach((e, i) => {
    const key = JSON.stringify(identity.map((f) => e[f] ?? null));
    const score = (e.country === country ? 2 : 0) + (e.firma !== undefined && e.firma !== null && Number(e.firma) === firma ? 1 : 0);
    const cur = best.get(key);
    if (!cur || score > cur.score) best.set(key, { e, score, i: cur?.i ?? i });
  });
  return [...best.values()].sort((a, b) => a.i - b.i).map((v) => v.e);
}

export interface ContentQuery { country: string; language: string; firma: number }

/**
 * Resolves a collection for country/language/firma: the first of language, en, de that has entries
 * for the brand; "*" entries are included; the most specific entry per identity wins; sorted.
 */
export async function getCollection(name: string, q: ContentQuery): Promise<Entry[]> {
  const col = COLLECTIONS[name];
  if (!col) return [];
  const country = q.country.toLowerCase();
  const countries = [...new Set([country, '*'])];
  // a language the brand does not offer (nl/pl for isLS, hu, cs) starts at en
  const wanted = q.language.toLowerCase();
  const order = [...new Set([...(supportedLanguages(q.firma).includes(wanted) ? [wanted] : []), 'en', 'de'])];
  for (const lang of order) {
    const entries = (await load(col.file, countries, [lang, '*'])).filter((x) => firmaOk(x, q.firma));
    const hasLanguage = entries.some((x) => x.language === lang) || (lang === order[order.length - 1] && entries.length > 0);
    if (!hasLanguage) continue;
    return typesetAll(dedupe(entries, col.identity, country, q.firma), lang).sort((a, b) => sortKey(a) - sortKey(b));
  }
  // only "*"-language entries (e.g. telefon)
  const any = (await load(col.file, countries, ['*'])).filter((x) => firmaOk(x, q.firma));
  return typesetAll(dedupe(any, col.identity, country, q.firma), wanted).sort((a, b) => sortKey(a) - sortKey(b));
}

/** Entries typeset in their language ("*" entries in the one asked for), as the static pages show them. */
function typesetAll(entries: Entry[], lang: string): Entry[] {
  return entries.map((e) => typesetDeep(e, typeof e.language === 'string' && e.language !== '*' ? e.language : lang));
}

/** Entries in every language (no fallback): the live-chat switch needs the exact (firma, language) pairs. */
export async function getAllLanguages(name: string, q: { country: string }): Promise<Entry[]> {
  const col = COLLECTIONS[name];
  if (!col) return [];
  const country = q.country.toLowerCase();
  const langs = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'];
  const entries = await load(col.file, [...new Set([country, '*'])], langs);
  return dedupe(entries, [...col.identity, 'firma'], country, -1).sort((a, b) => sortKey(a) - sortKey(b));
}
