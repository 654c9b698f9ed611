// Content calls (guest): page content collections, FAQ, team, company data, phone numbers.
// The data comes from server/lib/content.ts (embedded JSON or a Strapi-compatible CMS).
import type { Db } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import type { Session } from '../http/session.ts';
import { getAllLanguages, getCollection, } from '../lib/content.ts';
import { cachePerDb } from '../lib/cache.ts';
import { TOPIC } from '../lib/cache-topics.ts';
import { COMPANY_DEFAULT } from '#rules/constants.ts';
import * as calls from '#api/content.ts';
// the collections' entries (files and CMS) carry the fields their schema names; the test run's answer check holds them to it
import type { CompanyData, FaqEntry, TeamMember } from '#api/content.ts';
import { STRAPI_COLLECTIONS } from '#api/content.ts';

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

export const routes: AnyRoute[] = [
  defineRoute(calls.collection, async ({ db, session, params }) => {
    const name = BY_LOWER.get(params.collection.toLowerCase());
    if (!name) throw notFound();
    if (name === 'service-chatwoots') return getAllLanguages(name, { country: params.country });
    const firma = await firmaFor(db, session, params.country);
    return getCollection(name, { country: params.country, language: params.language, firma });
  }),

  defineRoute(calls.faq, async ({ db, session, params }) =>
    getCollection('faq', { country: params.country, language: params.language, firma: await firmaFor(db, session, params.country) }) as Promise<FaqEntry[]>),

  defineRoute(calls.team, async ({ db, session, params, body }) => {
    const firma = await firmaFor(db, session, params.country);
    const people = await getCollection('mitarbeiter', { country: params.country, language: params.language, firma }) as TeamMember[];
    if (!body.grouped) return body.randomize ? shuffle(people) : people;
    const groups = new Map<string, { abteilung: string; abteilung_name: string; mitarbeiter: TeamMember[] }>();
    for (const p of people) {
      const key = String(p.abteilung ?? '');
      if (!groups.has(key)) groups.set(key, { abteilung: key, abteilung_name: String(p.abteilung_name ?? key), mitarbeiter: [] });
      groups.get(key)!.mitarbeiter.push(p);
    }
    return [...groups.values()].map((g) => (body.randomize ? { ...g, mitarbeiter: shuffle(g.mitarbeiter) } : g));
  }),

  defineRoute(calls.companyData, async ({ db, session, params }) => {
    const firma = await firmaFor(db, session, params.country);
    const all = await getCollection('firmendaten', { country: params.country, language: params.language, firma }) as CompanyData[];
    const hit = all.find((e) => Number(e.firmennummer) === firma);
    if (!hit) throw notFound();
    return hit;
  }),

  defineRoute(calls.telefon, async ({ db, session, params }) => {
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
  }),
];
