// Tooth-assistant calls (server/modules/catalog.ts): tooth lines with manufacturer, and the set
// articles matching line, set type, jaw, shade and mould with the remaining facet values.
import { request, type ApiResult } from '#lib/api.ts';

type LinesAnswer = ApiResult<'GET /api/zahnassistent/zahnlinien/:country/:language'>;
export type ToothLine = LinesAnswer['zahnlinien'][number];
export type SetAnswer = ApiResult<'GET /api/zahnassistent/garnituren'>;
export type SetItem = SetAnswer['items'][number];
type FacetValue = SetAnswer['facets']['zahnart'][number];
export interface SetFilter { zahnlinie?: string; zahnart?: string; kiefer?: string; farbe?: string; form?: string }

/** Set types of the seed's 'zahnart' property → label keys; 'Front/Seite' sets cover both jaws. */
export const KIND_LABEL: Record<string, string> = { Front: 'zahnassistent.anterior', Seite: 'zahnassistent.posterior', 'Front/Seite': 'zahnassistent.full_set' };
export const BOTH_JAWS = 'OK/UK';

export function loadLines(country: string, lang: string): Promise<LinesAnswer> {
  return request('GET /api/zahnassistent/zahnlinien/:country/:language', { params: { country, language: lang } });
}

export function loadSets(f: SetFilter, country: string, lang: string, limit = 60): Promise<SetAnswer> {
  const filter = Object.fromEntries(Object.entries(f).filter(([, v]) => v)); // an empty choice is no filter
  return request('GET /api/zahnassistent/garnituren', { query: { country, lang, limit, ...filter } });
}

/** Shades sort in the shade guide's order (A1 … D4), moulds numerically. */
export function sortValues(vals: FacetValue[]): FacetValue[] {
  return [...vals].sort((a, b) => a.value.localeCompare(b.value, 'de', { numeric: true }));
}
