// Server side of the category variants shop/{katName} and shop/{pg}/{aw?} (section 2): resolves the
// URL segments to a product group and category. katName is a category's slug (else a group's
// slug, from its name in any language); aw is a category of group pg by id or slug.
import { slugify } from '#data/reference/languages.ts';
import { findGroup, PRODUCT_GROUPS } from '#data/productGroups.ts';
import { SKIPPED_PRODUCT_GROUP } from '#rules/constants.ts';
import { ssrDb } from './product.ts';

export interface CategoryRef { pg: number; katId: number | null }
interface Cat { katId: number; pg: number; slug: string }

const TTL_MS = 60_000;
let cached: { at: number; v: Promise<Cat[]> } | null = null;

function categories(): Promise<Cat[]> {
  const now = Date.now();
  if (cached && now - cached.at < TTL_MS) return cached.v;
  const v = ssrDb().then((db) => db.selectFrom('categories').select(['kat_id', 'pg', 'slug']).execute())
    .then((rows) => rows.map((r) => ({ katId: Number(r.kat_id), pg: Number(r.pg), slug: String(r.slug) })));
  v.catch(() => { cached = null; });
  cached = { at: now, v };
  return v;
}

const dec = (s: string) => { try { return decodeURIComponent(s); } catch { return s; } };
const visible = (pg: number) => pg !== SKIPPED_PRODUCT_GROUP && !!findGroup(pg);

/** null = no such category (the page answers 404). */
export async function resolveCategory(segments: readonly string[]): Promise<CategoryRef | null> {
  const parts = segments.map((s) => dec(s).trim().toLowerCase()).filter(Boolean);
  if (parts.length === 0 || parts.length > 2) return null;
  const cats = await categories();
  const [first, aw] = parts as [string, string | undefined];
  if (/^\d{1,5}$/.test(first)) {
    const pg = Number(first);
    if (!visible(pg)) return null;
    if (aw === undefined) return { pg, katId: null };
    const hit = cats.find((c) => c.pg === pg && (String(c.katId) === aw || c.slug === aw));
    return hit ? { pg, katId: hit.katId } : null;
  }
  if (aw !== undefined) return null;
  const cat = cats.find((c) => c.slug === first);
  if (cat && visible(cat.pg)) return { pg: cat.pg, katId: cat.katId };
  const group = PRODUCT_GROUPS.find((g) => Object.values(g.names).some((n) => slugify(n) === first));
  return group && visible(group.pg) ? { pg: group.pg, katId: null } : null;
}
