// Site content for the build (and on-demand shells): every collection is loaded once, resolved per
// country/language/brand once (README rules) and memoised, so per-page work stays a few lookups.
import { createHash } from 'node:crypto';
import { getCollection } from 'astro:content';
import { COLLECTION_DEFS, COLLECTION_NAMES, type CollectionName } from '../content/collections.ts';
import { resolveEntries, type Entry } from '../content/resolve.ts';
import { typesetDeep } from '../rules/typeset.ts';
import type { SiteLocale } from './locales.ts';

export type { Entry };

let loaded: Promise<Record<CollectionName, Entry[]>> | null = null;

/** All entries of every collection (one load per process). */
export function allContent(): Promise<Record<CollectionName, Entry[]>> {
  loaded ??= (async () => {
    const out = {} as Record<CollectionName, Entry[]>;
    await Promise.all(COLLECTION_NAMES.map(async (n) => {
      out[n] = (await getCollection(n)).map((e) => e.data as Entry);
    }));
    return out;
  })();
  return loaded;
}

const memo = new Map<string, Entry[]>();

/** A collection resolved for a country, language and brand. */
export async function content(name: CollectionName, loc: Pick<SiteLocale, 'country' | 'lang' | 'firma'>): Promise<Entry[]> {
  const key = `${name}|${loc.country}|${loc.lang}|${loc.firma}`;
  let hit = memo.get(key);
  if (!hit) {
    const all = await allContent();
    hit = resolveEntries(all[name], COLLECTION_DEFS[name].identity, { country: loc.country, language: loc.lang, firma: loc.firma })
      .map((e) => typesetDeep(e, typeof e.language === 'string' && e.language !== '*' ? e.language : loc.lang));
    memo.set(key, hit);
  }
  return hit;
}

/** Entries of every language (no fallback): the live-chat switch needs the exact (firma, language) pairs. */
export async function rawContent(name: CollectionName): Promise<Entry[]> {
  return (await allContent())[name];
}

/** Stable digest of the data a page renders (the incremental build's cacheKey). */
export function digest(...parts: unknown[]): string {
  const h = createHash('sha1');
  for (const p of parts) h.update(typeof p === 'string' ? p : JSON.stringify(p) ?? '').update('\u0000');
  return h.digest('base64url');
}

export const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
