// The scanner islands' own texts (the shop's page block leaves out the scanner.* section): picked on
// the server and passed as props, so no language file reaches the browser.
import de from '../../../../i18n/locales/de.json' with { type: 'json' };
import { pickMessages } from '../../../shop/server/messages.ts';

const KEYS = Object.keys(de).filter((k) => k.startsWith('scanner.'));

export function scannerMessages(lang: string): Record<string, string> {
  return pickMessages(lang, KEYS);
}
