// The content collections of the site: Astro collection name → content service collection (file and
// CMS name) and identity fields. Identities are the API server's table (server/lib/content.ts), so
// the static pages resolve entries exactly like the content calls do.
import { COLLECTIONS as SERVICE_COLLECTIONS } from '#server/lib/content.ts';

/** Astro collection name → name of the content call (the key of the server's table). */
const NAMES = {
  banners: 'banners',
  categoryBanners: 'category-banners',
  solutionsFeatures: 'solutions-features',
  sidemenus: 'ls-sidemenus',
  services: 'Services',
  serviceNavMenus: 'service-nav-menus',
  kundenservices: 'kundenservices',
  serviceChatwoots: 'service-chatwoots',
  pageMetadatas: 'ls-page-metadatas',
  faq: 'faq',
  mitarbeiter: 'mitarbeiter',
  firmendaten: 'firmendaten',
  telefon: 'telefon',
  legal: 'legal',
  videos: 'videos',
  aktionen: 'aktionen',
} as const;

export type CollectionName = keyof typeof NAMES;
export const COLLECTION_NAMES = Object.keys(NAMES) as CollectionName[];

export interface CollectionDef { file: string; identity: readonly string[] }

function collectionDefs(): Record<CollectionName, CollectionDef> {
  const defs = {} as Record<CollectionName, CollectionDef>;
  for (const n of COLLECTION_NAMES) {
    const def = SERVICE_COLLECTIONS[NAMES[n]];
    if (!def) throw new Error(`content collection ${NAMES[n]} is unknown to the content service`);
    defs[n] = { file: def.file, identity: def.identity };
  }
  return defs;
}

export const COLLECTION_DEFS: Readonly<Record<CollectionName, CollectionDef>> = collectionDefs();

/** The Astro collection that a CMS model / file name belongs to (webhook payloads name either). */
export function collectionOfModel(model: string): CollectionName | undefined {
  const m = model.toLowerCase().replace(/^api::|\..*$/g, '');
  return COLLECTION_NAMES.find((n) => n.toLowerCase() === m || COLLECTION_DEFS[n].file.toLowerCase() === m
    || NAMES[n].toLowerCase() === m);
}
