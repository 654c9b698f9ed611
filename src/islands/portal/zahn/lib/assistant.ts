// Tooth-assistant calls (server/modules/catalog.ts): tooth lines with manufacturer, and the set
// articles matching line, set type, jaw, shade and mould with the remaining facet values.
import { api } from '#lib/api.ts';
import type { ArticleItem } from '#islands/shop/lib/article.ts';

export interface ToothLine { zahnlinie: string; hersteller: { id: number; name: string }; count: number }
export interface FacetValue { value: string; count: number }
export interface SetItem extends ArticleItem { properties: Record<string, string> }
export interface SetAnswer {
  items: SetItem[]; total: number;
  facets: { hersteller: { id: number; name: string; count: number }[]; zahnlinie: FacetValue[]; kiefer: FacetValue[]; zahnart: FacetValue[]; farbe: FacetValue[]; form: FacetValue[] };
}
export interface SetFilter { zahnlinie?: string; zahnart?: string; kiefer?: string; farbe?: string; form?: string }

/** Set types of the seed's 'zahnart' property → label keys; 'Front/Seite' sets cover both jaws. */
export const KIND_LABEL: Record<string, string> = { Front: 'zahnassistent.anterior', Seite: 'zahnassistent.posterior', 'Front/Seite': 'zahnassistent.full_set' };
export const BOTH_JAWS = 'OK/UK';

export function loadLines(country: string, lang: string): Promise<{ zahnlinien: ToothLine[] }> {
  return api.get(`zahnassistent/zahnlinien/${country}/${lang}`);
}

export function loadSets(f: SetFilter, country: string, lang: string, limit = 60): Promise<SetAnswer> {
  const q = new URLSearchParams({ country, lang, limit: String(limit) });
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  return api.get(`zahnassistent/garnituren?${q}`);
}

/** Shades sort in the shade guide's order (A1 … D4), moulds numerically. */
export function sortValues(vals: FacetValue[]): FacetValue[] {
  return [...vals].sort((a, b) => a.value.localeCompare(b.value, 'de', { numeric: true }));
}
