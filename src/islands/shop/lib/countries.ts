// The countries a customer can choose (registration, customer data, a new delivery address, the locale
// settings), named and sorted in the page's language.
import { useEffect, useState } from 'react';
import type { Country } from '#api/user.ts';
import { request } from '#lib/api.ts';
import { countryName } from '#rules/address.ts';

/** The list, null while it loads or until `enabled`; `onError` hears a failed load (the list is then empty). */
export function useCountries(lang: string, { enabled = true, onError }: { enabled?: boolean; onError?: (e: unknown) => void } = {}): Country[] | null {
  const [list, setList] = useState<Country[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new onError per render must not load again
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    request('GET /api/guest/user/countries', { query: { lang } })
      .then((l) => { if (live) setList([...l].sort((a, b) => a.lndname.localeCompare(b.lndname, lang))); })
      .catch((e) => { if (live) { setList([]); onError?.(e); } });
    return () => { live = false; };
  }, [lang, enabled]);
  return list;
}

/** Select options by upper-case code; the current code stays choosable while the list loads or lacks it. */
export function countryOptions(list: Country[] | null, current: string, lang: string): { value: string; label: string }[] {
  const opts = (list ?? []).map((c) => ({ value: c.iso2country.toUpperCase(), label: c.lndname }));
  const cur = current.toUpperCase();
  if (cur && !opts.some((o) => o.value === cur)) opts.unshift({ value: cur, label: countryName(cur, lang) });
  return opts;
}
