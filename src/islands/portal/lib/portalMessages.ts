// Server side (imported by .astro pages only): the translations a portal island needs, picked by key
// prefix from the locale files (the shop's page block leaves out the portal sections).
import de from '../../../i18n/locales/de.json' with { type: 'json' };
import { pickMessages } from '../../shop/server/messages.ts';

const keysByPrefix = new Map<string, string[]>();

export function portalMessages(lang: string, prefixes: readonly string[]): Record<string, string> {
  const id = prefixes.join('|');
  let keys = keysByPrefix.get(id);
  if (!keys) {
    keys = Object.keys(de).filter((k) => prefixes.some((p) => k === p || k.startsWith(p)));
    keysByPrefix.set(id, keys);
  }
  return pickMessages(lang, keys);
}
