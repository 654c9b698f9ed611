// Build-time product groups (shop categories) from the plain reference table
// (src/data/reference/groups.ts, also seeded): navigation order of section 3 — group 9 skipped, the reserved
// groups 90, 91, 0, 888 last in that order.
import { GROUPS } from './reference/groups.ts';
import { NAME_LANGS, splitLangs } from './reference/languages.ts';
import { RESERVED_CATEGORY_IDS, SKIPPED_PRODUCT_GROUP } from '../lib/rules/constants.ts';

export interface Subcategory { katId: number; names: Record<string, string> }
export interface ProductGroup { pg: number; names: Record<string, string>; categories: Subcategory[] }

const RESERVED_PG = RESERVED_CATEGORY_IDS.map((id) => Number(id.slice(2)));

function toGroup(g: (typeof GROUPS)[number]): ProductGroup {
  return {
    pg: g.pg,
    names: splitLangs(g.names, NAME_LANGS),
    categories: g.cats.map(([, names], i) => ({ katId: g.pg * 100 + i + 1, names: splitLangs(names, NAME_LANGS) })),
  };
}

/** Every navigation category in menu order. */
export const PRODUCT_GROUPS: readonly ProductGroup[] = [
  ...GROUPS.filter((g) => g.pg !== SKIPPED_PRODUCT_GROUP && !RESERVED_PG.includes(g.pg)).sort((a, b) => a.sort - b.sort),
  ...RESERVED_PG.map((pg) => GROUPS.find((g) => g.pg === pg)).filter((g) => g !== undefined),
].map(toGroup);

/**
 * Items of product groups (e.g. the content service's category banners) in menu order; items of
 * groups outside the menu (the skipped group 9, unknown ids) are left out.
 */
export function inMenuOrder<T>(items: readonly T[], pgOf: (item: T) => number): T[] {
  const rank = new Map(PRODUCT_GROUPS.map((g, i) => [g.pg, i]));
  return items.filter((x) => rank.has(pgOf(x))).sort((a, b) => rank.get(pgOf(a))! - rank.get(pgOf(b))!);
}

export function findGroup(pg: number): ProductGroup | undefined {
  return PRODUCT_GROUPS.find((g) => g.pg === pg);
}

/** Name in the language, falling back to en then de (hu/cs names exist, others too). */
export function groupName(names: Record<string, string>, lang: string): string {
  return names[lang] ?? names.en ?? names.de ?? '';
}
