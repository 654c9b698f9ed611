// Automatic booking of delivered tooth sets (section 4): at start-up of every page, only for
// logged-in customers, at most every 15 minutes (the last run is kept in local storage, section 3
// "tooth-storage state"). One or more booked positions open the 'notice' dialog with the count.
// Framework-free: the site script of every page imports it.
import { persistentAtom } from '@nanostores/persistent';
import type { OutPosition } from '#api/zahnlager.ts';
import { ApiFailure, request } from '#lib/api.ts';
import { ZAHNLAGER_AUTO_MS } from '#rules/constants.ts';
import { openDialog } from '#stores/ui.ts';

const json = { encode: JSON.stringify, decode: JSON.parse };
export const $zahnlagerState = persistentAtom<{ lastAuto: number }>('zahnlager', { lastAuto: 0 }, json);

/** Is a check due at `now` (ms)? A stored time in the future (clock changed) counts as due. */
export function autoBookDue(last: number, now: number): boolean {
  return !(last > 0 && now >= last && now - last < ZAHNLAGER_AUTO_MS);
}

let running = false;

/** Runs the check when due; resolves to the booked positions (empty when skipped or failed). */
export async function autoBook(lang: string): Promise<OutPosition[]> {
  const now = Date.now();
  if (running || !autoBookDue($zahnlagerState.get().lastAuto, now)) return [];
  running = true;
  $zahnlagerState.set({ lastAuto: now }); // claimed before the call: other tabs and islands skip
  try {
    const out = (await request('GET /api/zahnlager/zubuchen/auto')).outPositionen;
    if (out.length > 0) {
      const { languageT } = await import('#islands/shop/lib/i18n.ts');
      const t = await languageT(lang);
      openDialog({ title: t('notice'), text: t('zahnlager.auto_booked', { count: out.length }) });
      document.dispatchEvent(new CustomEvent('zahnlager:booked', { detail: out }));
    }
    return out;
  } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) $zahnlagerState.set({ lastAuto: 0 }); // stale login hint: check after the next login
    return [];
  } finally {
    running = false;
  }
}
