// Content calls (guest): page content collections, FAQ, team, company data, phone numbers.
// The data comes from server/lib/content.ts (embedded JSON or a Strapi-compatible CMS).
import { z } from 'zod';
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, zCountry, zLanguage, type AnyRoute } from '../http/route.ts';
import type { Session } from '../http/session.ts';
import { getAllLanguages, getCollection, type Entry } from '../lib/content.ts';
import { cachePerDb } from '../lib/cache.ts';
import { TOPIC } from '../lib/cache-topics.ts';
import { COMPANY_DEFAULT } from '../../src/lib/rules/constants.ts';

/** The content calls of spec section 7 (strapicontent/{collection}); lower-case names work too. */
const STRAPI_COLLECTIONS = ['banners', 'category-banners', 'solutions-features', 'ls-sidemenus', 'Services', 'service-nav-menus',
  'kundenservices', 'service-chatwoots', 'ls-page-metadatas'];
const BY_LOWER = new Map(STRAPI_COLLECTIONS.map((c) => [c.toLowerCase(), c]));

const brandOf = cachePerDb<string, number>({ ttlMs: 60_000, max: 500, topics: [TOPIC.countries] });

/** The brand: the session's company, else the company serving the country, else the default. */
async function firmaFor(db: Db, session: Session | null, country: string): Promise<number> {
  if (session) return session.firma;
  const iso2 = country.toUpperCase();
  return brandOf(db).getOrLoad(iso2, async () => {
    const row = await db.selectFrom('countries').select('fi').where('iso2', '=', iso2).executeTakeFirst();
    return row?.fi ?? COMPANY_DEFAULT;
  });
}

function shuffle<T>(a: T[]): T[] {
  const out = [...a];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const cl = { country: zCountry, language: zLanguage };

export const routes: AnyRoute[] = [
  defineRoute({
    method: 'get', path: '/strapicontent/:collection/:country/:language', access: 'guest', tag: 'content',
    summary: `Content collection (${STRAPI_COLLECTIONS.join(', ')}) for country/language; country entries override "*" ones; unknown collection → 404`,
    params: z.object({ collection: z.string().max(40, 'not_found'), ...cl }),
    response: z.array(z.record(z.string(), z.unknown())),
    handler: async ({ db, session, params }) => {
      const name = BY_LOWER.get(params.collection.toLowerCase());
      if (!name) throw notFound();
      if (name === 'service-chatwoots') return getAllLanguages(name, { country: params.country });
      const firma = await firmaFor(db, session, params.country);
      return getCollection(name, { country: params.country, language: params.language, firma });
    },
  }),

  defineRoute({
    method: 'get', path: '/faq/:country/:language', access: 'guest', tag: 'content',
    summary: 'FAQ entries (slug, category, category_title, question, answer) in sort order',
    params: z.object(cl),
    handler: async ({ db, session, params }) =>
      getCollection('faq', { country: params.country, language: params.language, firma: await firmaFor(db, session, params.country) }),
  }),

  defineRoute({
    method: 'post', path: '/mitarbeiter/:country/:language', access: 'guest', tag: 'content',
    summary: 'Team members; grouped → [{ abteilung, abteilung_name, mitarbeiter }] by department; randomize → shuffled (within groups)',
    params: z.object(cl),
    body: z.object({
      randomize: z.boolean({ error: 'invalid_input' }).optional(),
      grouped: z.boolean({ error: 'invalid_input' }).optional(),
    }),
    handler: async ({ db, session, params, body }) => {
      const firma = await firmaFor(db, session, params.country);
      const people = await getCollection('mitarbeiter', { country: params.country, language: params.language, firma });
      if (!body.grouped) return body.randomize ? shuffle(people) : people;
      const groups = new Map<string, { abteilung: string; abteilung_name: string; mitarbeiter: Entry[] }>();
      for (const p of people) {
        const key = String(p.abteilung ?? '');
        if (!groups.has(key)) groups.set(key, { abteilung: key, abteilung_name: String(p.abteilung_name ?? key), mitarbeiter: [] });
        groups.get(key)!.mitarbeiter.push(p);
      }
      return [...groups.values()].map((g) => (body.randomize ? { ...g, mitarbeiter: shuffle(g.mitarbeiter) } : g));
    },
  }),

  defineRoute({
    method: 'get', path: '/content/Firmendaten/:country/:language', access: 'guest', tag: 'content',
    summary: 'Company data of the brand (firmennummer = the session\'s or the country\'s company)',
    params: z.object(cl),
    handler: async ({ db, session, params }) => {
      const firma = await firmaFor(db, session, params.country);
      const all = await getCollection('firmendaten', { country: params.country, language: params.language, firma });
      const hit = all.find((e) => Number(e.firmennummer) === firma);
      if (!hit) throw notFound();
      return hit;
    },
  }),

  defineRoute({
    method: 'get', path: '/telefon/:country', access: 'guest', tag: 'content',
    summary: 'Phone numbers { data: [{ company_telephone1, company_telephone2, company_telephone3 }] }; the brand\'s fallback numbers when the country has none',
    params: z.object({ country: zCountry }),
    response: z.object({ data: z.array(z.object({ company_telephone1: z.string(), company_telephone2: z.string(), company_telephone3: z.string() })) }),
    handler: async ({ db, session, params }) => {
      const firma = await firmaFor(db, session, params.country);
      const all = await getCollection('telefon', { country: params.country, language: 'de', firma });
      const e = all.find((x) => x.country === params.country) ?? all.find((x) => x.country === '*');
      if (!e) return { data: [] };
      return {
        data: [{
          company_telephone1: String(e.company_telephone1 ?? ''),
          company_telephone2: String(e.company_telephone2 ?? ''),
          company_telephone3: String(e.company_telephone3 ?? ''),
        }],
      };
    },
  }),
];
