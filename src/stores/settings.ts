// Persisted in local storage (section 3): language, country, settings, last seen.
import { persistentAtom, persistentMap } from '@nanostores/persistent';
import { pushLastSeen } from '../lib/rules/lastSeen.ts';

export const $language = persistentAtom<string>('language', '');
export const $country = persistentAtom<string>('country', '');

export type Settings = {
  showEZDialog: string; scannerSize: string; scannerCheckInverted: string; scannerMode: string;
  scannerPatientenarbeit: string; scannerUser: string; scannerDevice: string; scannerTutorialRead: string;
  scannerMdrTutorialRead: string; analyticsActivated: string;
};
/** persistentMap stores strings; helpers below give typed access. */
export const $settings = persistentMap<Settings>('settings:', {
  showEZDialog: '1', scannerSize: '0.5', scannerCheckInverted: '0', scannerMode: 'info',
  scannerPatientenarbeit: '', scannerUser: '0', scannerDevice: '', scannerTutorialRead: '0',
  scannerMdrTutorialRead: '0', analyticsActivated: '0',
});

export type LastSeenKind = 'art' | 'suchbegriff' | 'bestellliste' | 'patientenarbeit';
const json = { encode: JSON.stringify, decode: JSON.parse };
export const $lastSeen = persistentAtom<Record<LastSeenKind, string[]>>('lastSeen',
  { art: [], suchbegriff: [], bestellliste: [], patientenarbeit: [] }, json);

/** newest last, no duplicates, at most LAST_SEEN_MAX */
export function rememberSeen(kind: LastSeenKind, value: string): void {
  const cur = $lastSeen.get();
  $lastSeen.set({ ...cur, [kind]: pushLastSeen(cur[kind], value) });
}

/**
 * The stored country and language are mirrored into the `shop_locale` cookie ("{country}-{language}"),
 * which the server's root redirect reads (section 2: "/" goes to the stored settings first).
 */
export const LOCALE_COOKIE = 'shop_locale';
export function mirrorLocale(): void {
  const c = $country.get(), l = $language.get();
  if (typeof document === 'undefined' || !/^[a-z]{2}$/.test(c) || !/^[a-z]{2}$/.test(l)) return;
  document.cookie = `${LOCALE_COOKIE}=${c}-${l}; path=/; max-age=${365 * 86400}; samesite=lax`;
}
$country.listen(mirrorLocale);
$language.listen(mirrorLocale);
