// Content collections: the embedded content service (src/content/data/*.json via the file() loader)
// or, when CMS_URL is set at build time, the same collections from a Strapi-compatible REST API.
import { defineCollection } from 'astro:content';
import { file } from 'astro/loaders';
import { z } from 'astro/zod';
import { COLLECTION_DEFS, COLLECTION_NAMES, type CollectionName } from './lib/content/collections.ts';
import { strapiLoader } from './lib/content/strapi-loader.ts';

// Every entry carries these fields (src/content/README.md); the rest is collection-specific.
const entry = z.looseObject({
  id: z.union([z.string(), z.number()]).optional(),
  country: z.string(),
  language: z.string(),
  firma: z.number().nullable().optional(),
});

const cmsUrl = process.env.CMS_URL ?? '';

function loaderFor(name: CollectionName) {
  const { file: f } = COLLECTION_DEFS[name];
  return cmsUrl ? strapiLoader({ url: cmsUrl, token: process.env.CMS_TOKEN ?? '', collection: f }) : file(`src/content/data/${f}.json`);
}

export const collections = Object.fromEntries(
  COLLECTION_NAMES.map((name) => [name, defineCollection({ loader: loaderFor(name), schema: entry })]),
) as Record<CollectionName, ReturnType<typeof defineCollection>>;
