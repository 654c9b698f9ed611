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
