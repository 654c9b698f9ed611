// A label sheet preset as the customer reads it: the API's preset names are the catalogue's German
// ("Etikettenrolle 57 × 32 mm", "99,1 × 38,1 mm"); a French lab reads "Rouleau d'étiquettes 57 × 32 mm".
import type { T } from '../../shop/lib/i18n.ts';
import type { Preset } from './api.ts';

export function presetName(t: T, lang: string, p: Preset): string {
  const mm = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
  const size = { width: mm.format(p.width), height: mm.format(p.height) };
  return p.paper === 'custom'
    ? t('label.preset_roll', size)
    : t('label.preset_sheet', { ...size, paper: p.paper, cols: p.cols, rows: p.rows });
}
