// The catalogue generator: exactly `n` articles with texts in 7 languages and properties, drawn from the
// term dictionaries (data/families*.ts, data/teeth.ts). Pure: returns rows, the caller inserts them.
import { CATEGORY_BY_KEY, GROUPS } from '#data/reference/groups.ts';
import { FAMILIES } from './data/families.ts';
import { CLEARANCE_FROM, FAMILIES2, SPARE_PARTS } from './data/families2.ts';
import { SET_CATS, SET_WORDS, TOOTH_LINES, type ToothLine } from './data/teeth.ts';
import { VITA_COLOURS, W, type Family } from './data/terms.ts';
import { capitalize, fmtNums, renderGeb } from './i18n.ts';
import { splitLangs, TEXT_LANGS, type TextLang } from '#data/reference/languages.ts';
import { drawPrice, gebAmount, makerArtnr, round2 } from './catalog-util.ts';
import type { Maker } from './reference.ts';
import type { Rng } from './prng.ts';

type L7 = Record<TextLang, string>;
const L_CACHE = new Map<string, L7>();
/** 'de|en|…' → per-language record (memoised: the dictionaries are small, the drafts many) */
const L = (s: string): L7 => {
  let v = L_CACHE.get(s);
  if (!v) L_CACHE.set(s, (v = splitLangs(s, TEXT_LANGS)));
  return v;
};
const mapL = (f: (l: TextLang) => string): L7 => Object.fromEntries(TEXT_LANGS.map((l) => [l, f(l)])) as L7;

/** One article before flags and numbers are assigned. */
export interface Draft {
  names: L7; term: L7; props: [string, string][]; geb: string; price: number; maker: Maker;
  isSet: boolean; request: boolean; line: string | null; famKey: string;
  /** manufacturer number when the designation quotes it (spare parts) */
  herstellerArtnr?: string;
}
export interface Product { parent: Draft | null; items: Draft[] }

const FAMS: Family[] = [...FAMILIES, ...FAMILIES2];
const FAMS_BY_CAT = new Map<string, Family[]>();
for (const f of FAMS) FAMS_BY_CAT.set(f.cat, [...(FAMS_BY_CAT.get(f.cat) ?? []), f]);

/** Group shares of the catalogue; categories share their group's count by weight. */
const GROUP_SHARE: Record<number, number> = {
  1: 0.26, 2: 0.02, 3: 0.11, 4: 0.03, 5: 0.07, 6: 0.19, 7: 0.03, 8: 0.07, 9: 0.003, 10: 0.08, 11: 0.06, 12: 0.06, 0: 0.01, 888: 0.011,
};
const CAT_WEIGHT: Record<string, number> = { front: 0.35, seite: 0.33, garnituren: 0.06, composite: 0.1, interim: 0.06, zahnzubehoer: 0.06, hm: 2, dia: 2 };

/** Largest-remainder split of `n` by weights. */
export function apportion(n: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const raw = weights.map((w) => (n * w) / total);
  const out = raw.map(Math.floor);
  let rest = n - out.reduce((a, b) => a + b, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let j = 0; rest > 0; j = (j + 1) % order.length, rest--) out[order[j]![1]]!++;
  return out;
}

function spaceOf(c: string): number {
  if (SET_CATS.has(c)) {
    return TOOTH_LINES.filter((t) => t.cats.includes(c)).reduce((s, t) => s + VITA_COLOURS.length * (c === 'front' ? 2 * t.front.length
      : c === 'seite' ? 2 * t.side.length : c === 'garnituren' ? t.front.length : 2 * (t.front.length + t.side.length)), 0);
  }
  const sp = SPARE_PARTS.find((x) => x.cat === c);
  if (sp) return sp.parts.length * sp.devices.length * 120; // part numbers make each one distinct
  return (FAMS_BY_CAT.get(c) ?? []).reduce((s, f) => s + parseLines(f.lines).length
    * f.attrs.reduce((p, a) => p * (a.hidden ? 1 : a.opts.length), 1) * (f.gebInName ? f.geb.length : 1), 0);
}

/** How many distinct designations a category can produce. */
export function categorySpace(cat: string): number {
  return (CLEARANCE_FROM[cat] ?? [cat]).reduce((s, c) => s + spaceOf(c), 0);
}

/**
 * Article count per category key (plus its group), summing to n. Groups get their share; a category
 * gets at most ~90 % of its distinct designations, the overflow goes to categories with room
 * (mostly tooth sets and burs, as in a real dental catalogue), so designations rarely repeat.
 */
export function categoryPlan(n: number): { cat: string; pg: number; count: number }[] {
  const groups = GROUPS.filter((g) => GROUP_SHARE[g.pg] !== undefined);
  const perGroup = apportion(n, groups.map((g) => GROUP_SHARE[g.pg]!));
  const plan: { cat: string; pg: number; count: number }[] = [];
  groups.forEach((g, i) => {
    const counts = apportion(perGroup[i]!, g.cats.map(([key]) => CAT_WEIGHT[key] ?? 1));
    g.cats.forEach(([key], j) => plan.push({ cat: key, pg: g.pg, count: counts[j]! }));
  });
  const desired = plan.map((p) => p.count);
  const caps = plan.map((p) => Math.max(1, Math.floor(categorySpace(p.cat) * 0.9)));
  // clearance, internal and misc keep their share; the rest absorbs the overflow
  const absorbs = plan.map((p) => ![888, 9, 0].includes(p.pg));
  for (let iter = 0; iter < 30; iter++) {
    let overflow = 0;
    plan.forEach((p, i) => { if (p.count > caps[i]!) { overflow += p.count - caps[i]!; p.count = caps[i]!; } });
    if (overflow === 0) break;
    const room = plan.map((p, i) => (absorbs[i] && p.count < caps[i]! ? Math.max(desired[i]!, 1) : 0));
    if (room.every((w) => w === 0)) { plan[0]!.count += overflow; break; } // no room left: repeats are unavoidable
    apportion(overflow, room).forEach((k, i) => { plan[i]!.count += k; });
  }
  return plan;
}

function parseLines(lines: string): [string, string | null][] {
  return lines.split(';').map((e) => {
    const [k, name] = e.split(':');
    return [k!, name ?? null];
  });
}

/** The attribute whose options distinguish the variants of a reference parent (-1: the pack size; null: none). */
function variantAttr(f: Family): number | null {
  const vis = f.attrs.map((a, i) => [a, i] as const).filter(([a]) => !a.hidden && a.opts.length >= 2);
  const pref = vis.find(([a]) => ['durchmesser', 'farbe', 'koernung'].includes(a.prop ?? '') && a.opts.length >= 3);
  if (pref) return pref[1];
  if (vis.length) return vis.sort((a, b) => b[0].opts.length - a[0].opts.length)[0]![1];
  return f.geb.length >= 2 ? -1 : null;
}

function famDraft(f: Family, maker: Maker, line0: string | null, choice: (number | null)[], geb: string, price: number): Draft {
  // without a product line the brand goes first, as in a dealer catalogue ("Komet Hartmetallfräser …")
  const line = line0 ?? (maker.key === 'garant' ? null : maker.short);
  const attrTexts = f.attrs.map((a, i) => (a.hidden || choice[i] === null ? null : L(a.opts[choice[i]!]!)));
  const base = L(f.base || '');
  const names = mapL((l) => {
    const parts = [line, base[l], ...attrTexts.map((t) => (t ? t[l] : '')), f.gebInName ? renderGeb(geb, l) : ''];
    const text = fmtNums(parts.filter((p) => p).join(' '), l);
    return line ? text : capitalize(text);
  });
  // the description names the maker itself, so its term leaves a brand prefix out
  const term = mapL((l) => capitalize([line0, base[l]].filter((p) => p).join(' ') || names[l]));
  const props: [string, string][] = [];
  if (f.material) props.push(['material', f.material]);
  f.attrs.forEach((a, i) => {
    if (a.prop && choice[i] !== null && !props.some(([p]) => p === a.prop)) props.push([a.prop, fmtNums(L(a.opts[choice[i]!]!).de, 'de')]);
  });
  props.push(['inhalt', renderGeb(geb, 'de')]);
  if (props.length < 2) props.unshift(['material', MATERIAL_FALLBACK[f.cat] ?? 'Sonstiges']);
  return { names, term, props: props.slice(0, 4), geb, price, maker, isSet: false, request: !!f.request, line, famKey: f.cat };
}

export function familyProduct(r: Rng, f: Family, makers: Map<string, Maker>, variants: number): Product {
  const [mk, line] = r.pick(parseLines(f.lines));
  const maker = makers.get(mk)!;
  const choice: (number | null)[] = f.attrs.map((a) => r.int(0, a.opts.length - 1));
  const gebIdx = r.int(0, f.geb.length - 1);
  const amt0 = gebAmount(f.geb[0]!);
  const base = drawPrice(r, f.price[0], f.price[1]);
  const unit = (g: string) => g.replace(/^.* /, '').replace(/^kg$/, 'g').replace(/^l$/, 'ml');
  const priced = (geb: string) => (f.price[0] === f.price[1] ? base
    : round2(Math.max(0.5, base * (unit(geb) === unit(f.geb[0]!) ? Math.pow(gebAmount(geb) / amt0, 0.85) : 1.6))));
  const va = variants > 0 ? variantAttr(f) : null;
  if (va === null) {
    const geb = f.geb[gebIdx]!;
    return { parent: null, items: [famDraft(f, maker, line, choice, geb, priced(geb))] };
  }
  if (va === -1) {
    const gebs = r.sample(f.geb, Math.min(variants, f.geb.length)).sort((a, b) => gebAmount(a) - gebAmount(b));
    const items = gebs.map((g) => famDraft(f, maker, line, choice, g, priced(g)));
    const parent = famDraft({ ...f, gebInName: false }, maker, line, choice, gebs[0]!, items[0]!.price);
    return { parent, items };
  }
  const opts = r.sample(f.attrs[va]!.opts.map((_, i) => i), Math.min(variants, f.attrs[va]!.opts.length)).sort((a, b) => a - b);
  const geb = f.geb[gebIdx]!;
  const items = opts.map((o) => {
    const c = [...choice];
    c[va] = o;
    return famDraft(f, maker, line, c, geb, round2(priced(geb) * r.float(0.92, 1.12)));
  });
  const pc = [...choice];
  pc[va] = null;
  const parent = famDraft(f, maker, line, pc, geb, Math.min(...items.map((d) => d.price)));
  parent.props = parent.props.filter(([p]) => p !== f.attrs[va]!.prop);
  return { parent, items };
}

/** Material property of families whose dictionary entry names none (every article gets 2–4 properties). */
const MATERIAL_FALLBACK: Record<string, string> = {
  scanzub: 'Titandioxid', hygiene: 'Lösung', versandmat: 'Karton', literatur: 'Papier', kurse: 'Schulung', werbe: 'Kunststoff',
  geschenk: 'Keramik', versand: 'Dienstleistung', zuschlag: 'Dienstleistung', service_p: 'Dienstleistung', retoure: 'Dienstleistung',
  gutschein: 'Gutschein', muster: 'Mischsortiment', lacke: 'Lack', pasten: 'Paste', trenn: 'Korund', strahlmittel: 'Aluminiumoxid',
};

const JAW = { OK: L(W.ok), UK: L(W.uk) };
const FORM = L(W.form);

export function toothProduct(r: Rng, tl: ToothLine, cat: string, makers: Map<string, Maker>, variants: number): Product {
  const kind = cat === 'front' ? 'front' : cat === 'seite' ? 'seite' : cat === 'garnituren' ? 'voll' : r.pick(['front', 'seite'] as const);
  const jaw = kind === 'voll' ? null : r.pick(['OK', 'UK'] as const);
  const form = r.pick(kind === 'seite' ? tl.side : tl.front);
  const word = L(SET_WORDS[kind]);
  const geb = kind === 'front' ? '6 Z' : kind === 'seite' ? '8 Z' : '28 Z';
  const base = drawPrice(r, tl.price[0], tl.price[1]) * (kind === 'front' ? 1 : kind === 'seite' ? 1.2 : 4.6);
  const maker = makers.get(tl.maker)!;
  const make = (colour: string | null): Draft => {
    const names = mapL((l) => [tl.line, word[l], jaw ? JAW[jaw][l] : '', colour ?? '', `${FORM[l]} ${form}`].filter((p) => p).join(' '));
    const props: [string, string][] = [['zahnlinie', tl.line], ['kiefer', jaw ?? 'OK/UK'], ['zahnart', kind === 'front' ? 'Front' : kind === 'seite' ? 'Seite' : 'Front/Seite']];
    if (colour) props.push(['farbe', colour]);
    props.push(['form', form], ['garnitur', kind === 'front' ? '6er' : kind === 'seite' ? '8er' : '28er']);
    return {
      names, term: mapL((l) => `${tl.line} ${word[l]}`), props, geb, price: round2(base), maker,
      isSet: true, request: false, line: tl.line, famKey: cat,
    };
  };
  if (variants <= 0) return { parent: null, items: [make(r.pick(VITA_COLOURS))] };
  const colours = r.sample(VITA_COLOURS, variants);
  colours.sort((a, b) => VITA_COLOURS.indexOf(a) - VITA_COLOURS.indexOf(b));
  return { parent: make(null), items: colours.map((c) => make(c)) };
}

export function spareProduct(r: Rng, cat: string, makers: Map<string, Maker>): Product {
  const sp = SPARE_PARTS.find((s) => s.cat === cat)!;
  const part = L(r.pick(sp.parts));
  const [mk, device] = r.pick(sp.devices).split(':') as [string, string];
  const fuer = L(W.fuer);
  const geb = r.pick(['1 Stk', '1 Stk', '1 Stk', '2 Stk', '5 Stk']);
  // spare parts are ordered by the manufacturer's part number, so the designation quotes it
  const nr = makerArtnr(r, makers.get(mk)!.pattern);
  const names = mapL((l) => capitalize(`${part[l]} ${fuer[l]} ${device} REF ${nr}`));
  const props: [string, string][] = [['geraet', device], ['inhalt', renderGeb(geb, 'de')]];
  return {
    parent: null,
    items: [{ names, term: mapL((l) => capitalize(part[l])), props, geb, price: round2(drawPrice(r, sp.price[0], sp.price[1]) * (geb === '1 Stk' ? 1 : Number(geb[0]) * 0.9)),
      maker: makers.get(mk)!, isSet: false, request: false, line: null, famKey: cat, herstellerArtnr: nr }],
  };
}

/** One product of a category: a single article, or a reference parent with `variants` variants. */
export function productFor(r: Rng, cat: string, makers: Map<string, Maker>, variants: number): Product {
  const src = CLEARANCE_FROM[cat] ? r.pick(CLEARANCE_FROM[cat]!) : cat;
  if (SET_CATS.has(src)) return toothProduct(r, r.pick(TOOTH_LINES.filter((t) => t.cats.includes(src))), src, makers, variants);
  if (SPARE_PARTS.some((s) => s.cat === src)) return spareProduct(r, src, makers);
  const fams = FAMS_BY_CAT.get(src);
  if (!fams) throw new Error(`no product family for category ${src}`);
  return familyProduct(r, r.pick(fams), makers, variants);
}

export const katIdOf = (cat: string) => CATEGORY_BY_KEY.get(cat)!.katId;
