// Pack sizes ("Gebinde", section 3 list item) as a customer reads them. The catalogue stores them in
// its German short notation, "6 Stk", "28 Z" (a tooth set of 28), "2.5 g", "5x1 kg": shown as stored,
// a French lab read "6 Z" and "1 Stk". Units of measure (g, kg, ml, l) stay; counted units take the
// language's word and plural; the decimal separator follows the language.

/** A stored pack size: optional multiplier, quantity, unit. */
export interface PackSize { times: number | null; qty: number; unit: string }

export function parsePackSize(gebinde: string): PackSize | null {
  const m = /^(?:(\d+)x)?(\d+(?:\.\d+)?) (\S+)$/.exec(gebinde.trim());
  return m ? { times: m[1] ? Number(m[1]) : null, qty: Number(m[2]), unit: m[3]! } : null;
}

type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

// counted units per interface language (en for any other); German keeps the catalogue's "Stk"
const COUNTED: Record<string, Record<string, Forms>> = {
  Stk: {
    de: { other: 'Stk' }, en: { one: 'pc', other: 'pcs' }, fr: { one: 'pièce', other: 'pièces' }, es: { one: 'ud.', other: 'uds.' },
    it: { other: 'pz.' }, nl: { other: 'st.' }, pl: { other: 'szt.' },
  },
  Z: {
    de: { one: 'Zahn', other: 'Zähne' }, en: { one: 'tooth', other: 'teeth' }, fr: { one: 'dent', other: 'dents' },
    es: { one: 'diente', other: 'dientes' }, it: { one: 'dente', other: 'denti' }, nl: { one: 'tand', other: 'tanden' },
    pl: { one: 'ząb', few: 'zęby', many: 'zębów', other: 'zęba' },
  },
  Pkg: {
    de: { other: 'Pkg.' }, en: { one: 'pack', other: 'packs' }, fr: { one: 'paquet', other: 'paquets' },
    es: { one: 'paquete', other: 'paquetes' }, it: { one: 'confezione', other: 'confezioni' }, nl: { other: 'pak' },
    pl: { other: 'opak.' },
  },
};

const plurals = new Map<string, Intl.PluralRules>();

function unitWord(unit: string, qty: number, lang: string): string {
  const byLang = COUNTED[unit];
  if (!byLang) return unit;
  const l = byLang[lang] ? lang : 'en';
  const forms = byLang[l]!;
  let rules = plurals.get(l);
  if (!rules) plurals.set(l, (rules = new Intl.PluralRules(l)));
  return forms[rules.select(qty)] ?? forms.other;
}

/** A quantity with the language's decimal separator (the written digits kept: "2.50" stays two decimals). */
export function packNumber(n: number | string, lang: string): string {
  const s = String(n);
  return lang === 'en' ? s : s.replace('.', ',');
}

/** The pack size in the language ("6 Z" → "6 dents"); a notation it does not know is shown as stored. */
export function packSize(gebinde: string | null | undefined, lang: string): string {
  if (!gebinde) return '';
  const p = parsePackSize(gebinde);
  if (!p) return gebinde;
  // no-break spaces: "6 dents" and "4 × 5 kg" never part at a line's end
  const one = `${packNumber(p.qty, lang)}\u00a0${unitWord(p.unit, p.qty, lang)}`;
  return p.times ? `${p.times}\u00a0× ${one}` : one;
}
