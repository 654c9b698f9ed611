// Search rules of section 5: preview from 3 characters, quick suggestion by article number.
import { normalizeArtnr } from '#rules/artnr.ts';
import { isQuickSuggestArtnr } from '#rules/validate.ts';
import { SEARCH_MIN_CHARS } from '#rules/constants.ts';
import type { SearchResult } from '#api/search.ts';
import type { SortKey } from './catalog.ts';

/** Articles per page of the search page. */
export const SEARCH_PAGE_SIZE = 24;

/** The search page's first answer (rendered with the page): the search's, or the already-bought one (no chips, no correction). */
export interface SearchFirst {
  result: Omit<SearchResult, 'categories' | 'corrected'> & Partial<Pick<SearchResult, 'categories' | 'corrected'>>;
  bought: SearchFirst['result'] | null;
  sort: SortKey;
}

/** The preview (and autocomplete) runs from SEARCH_MIN_CHARS characters. */
export function previewTerm(input: string): string | null {
  const t = input.trim();
  return t.length >= SEARCH_MIN_CHARS ? t : null;
}

/**
 * Term for the quick suggestion call, or null when the input cannot be an article number.
 * The typed term is used when it has the shape (1–10 letters, digits, dot, comma, dash; the server
 * also tries its normalised form); otherwise the normalised form (prefix removed, FH- joined,
 * version after a dot or slash cut) when that has the shape.
 */
export function quickSuggestTerm(input: string): string | null {
  const raw = input.trim();
  if (!raw || /\s/.test(raw)) return null;
  if (isQuickSuggestArtnr(raw)) return raw;
  const n = normalizeArtnr(raw);
  return n && isQuickSuggestArtnr(n) ? n : null;
}

export function searchPath(c: string, l: string, q: string, page = 1, topArt = false): string {
  const p = new URLSearchParams({ q });
  if (topArt) p.set('topArt', '1');
  return `/${c}/${l}/shop/suche${page > 1 ? `/${page}` : ''}?${p.toString()}`;
}

/** Debounce helper for typing: the last call wins after `ms`. */
export function debounce<A extends unknown[]>(fn: (...a: A) => void, ms: number): ((...a: A) => void) & { cancel(): void; flush(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last: A | null = null;
  const d = (...a: A) => {
    last = a;
    clearTimeout(timer);
    timer = setTimeout(() => { const x = last; last = null; if (x) fn(...x); }, ms);
  };
  d.cancel = () => { clearTimeout(timer); last = null; };
  d.flush = () => { clearTimeout(timer); const x = last; last = null; if (x) fn(...x); };
  return d;
}
