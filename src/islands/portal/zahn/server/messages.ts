// The translations of the tooth islands (assistant, storage, digitisation): the shop page block
// leaves out the zahnlager./zahnassistent. sections, so the pages pass these keys as island props.
import de from '../../../../i18n/locales/de.json' with { type: 'json' };
import { pickMessages } from '../../../shop/server/messages.ts';

const PREFIXES = ['zahnlager.', 'zahnassistent.', 'form.photos', 'form.add_photo', 'form.upload_progress', 'form.send_individually'];
const KEYS = Object.keys(de).filter((k) => PREFIXES.some((p) => k.startsWith(p)));

export function zahnMessages(lang: string): Record<string, string> {
  return pickMessages(lang, KEYS);
}
