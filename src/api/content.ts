// Content calls of section 7 (CMS collections, FAQ, team, company data, phone numbers).
// Handlers: server/modules/content.ts.
import { zCountry, zLanguage } from './common.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

/** The content calls of spec section 7 (strapicontent/{collection}); lower-case names work too. */
export const STRAPI_COLLECTIONS = ['banners', 'category-banners', 'solutions-features', 'ls-sidemenus', 'Services', 'service-nav-menus',
  'kundenservices', 'service-chatwoots', 'ls-page-metadatas'];
export const cl = { country: zCountry, language: zLanguage };

/**
 * A content entry as the CMS delivers it. The fields named are the ones pages and islands read; an editor's
 * collection may carry more (images, rich text), so the rest passes through (loose).
 */
const Entry = z.object({
  id: z.union([z.string(), z.number()]).optional(), country: z.string().optional(), language: z.string().optional(),
  firma: z.number().nullable().optional(),
}).loose();
export const FaqEntry = Entry.extend({
  slug: z.string(), category: z.string(), category_title: z.string().optional(), question: z.string(), answer: z.string(), sort: z.number().optional(),
});
export type FaqEntry = z.infer<typeof FaqEntry>;
export const TeamMember = Entry.extend({
  mitarbeiter_id: z.number(), vorname: z.string(), nachname: z.string(), titel: z.string().optional(), anrede: z.string().optional(),
  funktion: z.string().optional(), abteilung: z.string().optional(), abteilung_name: z.string().optional(),
  telefon: z.string().optional(), email: z.string().optional(), image: z.string().optional(), sort: z.number().optional(),
});
export type TeamMember = z.infer<typeof TeamMember>;
export const TeamGroup = z.object({ abteilung: z.string(), abteilung_name: z.string(), mitarbeiter: z.array(TeamMember) });
export const CompanyData = Entry.extend({
  firmennummer: z.number(), name: z.string(), strasse: z.string().optional(), plz: z.string().optional(), ort: z.string().optional(),
  land_iso2: z.string().optional(), telefon: z.string().optional(), fax: z.string().optional(), email: z.string().optional(),
  web: z.string().optional(), ust_id: z.string().optional(),
});
export type CompanyData = z.infer<typeof CompanyData>;

export const collection = contract({
  method: 'get', path: '/strapicontent/:collection/:country/:language', access: 'guest', tag: 'content',
  summary: `Content collection (${STRAPI_COLLECTIONS.join(', ')}) for country/language; country entries override "*" ones; unknown collection → 404`,
  params: z.object({ collection: z.string().max(40, 'not_found'), ...cl }),
  response: z.array(z.record(z.string(), z.unknown())),
});

export const faq = contract({
  method: 'get', path: '/faq/:country/:language', access: 'guest', tag: 'content',
  summary: 'FAQ entries (slug, category, category_title, question, answer) in sort order',
  params: z.object(cl),
  response: z.array(FaqEntry),
});

export const team = contract({
  method: 'post', path: '/mitarbeiter/:country/:language', access: 'guest', tag: 'content',
  summary: 'Team members; grouped → [{ abteilung, abteilung_name, mitarbeiter }] by department; randomize → shuffled (within groups)',
  params: z.object(cl),
  body: z.object({
    randomize: z.boolean({ error: 'invalid_input' }).optional(),
    grouped: z.boolean({ error: 'invalid_input' }).optional(),
  }),
  response: z.union([z.array(TeamMember), z.array(TeamGroup)]).describe('grouped: the groups; else the members'),
});

export const companyData = contract({
  method: 'get', path: '/content/Firmendaten/:country/:language', access: 'guest', tag: 'content',
  summary: 'Company data of the brand (firmennummer = the session\'s or the country\'s company)',
  params: z.object(cl),
  response: CompanyData,
});

export const telefon = contract({
  method: 'get', path: '/telefon/:country', access: 'guest', tag: 'content',
  summary: 'Phone numbers { data: [{ company_telephone1, company_telephone2, company_telephone3 }] }; the brand\'s fallback numbers when the country has none',
  params: z.object({ country: zCountry }),
  response: z.object({ data: z.array(z.object({ company_telephone1: z.string(), company_telephone2: z.string(), company_telephone3: z.string() })) }),
});
