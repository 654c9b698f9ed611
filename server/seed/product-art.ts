// Drawn product illustrations (SVG, no text, no download): one motif per kind of product, tinted per
// category, so a category page shows what its articles are. Rendered to WebP by product-images.ts.

export type Motif =
  | 'teeth' | 'ingot' | 'disc' | 'jar' | 'bottle' | 'bag' | 'bur' | 'polisher' | 'device'
  | 'handpiece' | 'parts' | 'instrument' | 'brush' | 'tray' | 'box' | 'book' | 'voucher' | 'foil';

/** Category key → motif; a category not listed gets the box. */
const MOTIF_OF: Record<string, Motif> = {
  front: 'teeth', seite: 'teeth', garnituren: 'teeth', composite: 'teeth', interim: 'teeth', zahnzubehoer: 'teeth', rp_zaehne: 'teeth',
  hochgold: 'ingot', palladium: 'ingot', nem: 'ingot', modellguss: 'ingot', lote: 'ingot', rp_leg: 'ingot',
  titan: 'disc', zirkon: 'disc', pmma: 'disc', wachsronden: 'disc', nemronden: 'disc', bloecke: 'disc', trenn: 'disc',
  verblend: 'jar', press: 'jar', malfarben: 'jar', komposit: 'jar', pasten: 'jar', wachse: 'jar', rp_keramik: 'jar',
  fluessig: 'bottle', anmisch: 'bottle', isolier: 'bottle', lacke: 'bottle', druck: 'bottle', scanzub: 'bottle',
  hygiene: 'bottle', heiss: 'bottle', kalt: 'bottle', unterfuett: 'bottle', rp_kunst: 'bottle',
  sh4: 'bag', hg3: 'bag', alabaster: 'bag', einbett_p: 'bag', einbett_g: 'bag', dublier: 'bag', strahlmittel: 'bag', abform: 'bag',
  hm: 'bur', dia: 'bur', keramikschl: 'bur', tools: 'bur', saetze: 'bur',
  polierer: 'polisher', buersten: 'polisher',
  oefen: 'device', guss: 'device', vorwaerm: 'device', absaug: 'device', strahl: 'device', dampf: 'device', anmischger: 'device',
  trimmer: 'device', licht: 'device', tiefzieh: 'device', maschinen: 'device', artik: 'device', rp_geraete: 'device',
  handstueck: 'handpiece',
  et_oefen: 'parts', et_guss: 'parts', et_absaug: 'parts', et_hand: 'parts', et_strahl: 'parts', et_sonst: 'parts', modellsys: 'parts', sockel: 'parts',
  instrumente: 'instrument', loeffel: 'instrument', pinsel: 'brush',
  brenn: 'tray', folien: 'foil',
  literatur: 'book', kurse: 'book',
  gutschein: 'voucher', geschenk: 'voucher', werbe: 'voucher',
};

export function motifOf(categoryKey: string): Motif {
  return MOTIF_OF[categoryKey] ?? 'box';
}

/** Accent colours (material-like tones), picked per category key so neighbours differ. */
const TINTS = ['#2f6db5', '#c0892b', '#3a8f6b', '#b4495a', '#6a55a8', '#2b8c9c', '#8a6d3b', '#d0672f', '#4d6275', '#9b3f8a'];
const MATERIAL: Partial<Record<string, string>> = {
  hochgold: '#d4a531', palladium: '#b9bcc2', nem: '#8d949c', modellguss: '#7c848c', lote: '#c9a44a', rp_leg: '#c7a13c',
  titan: '#9aa3ab', zirkon: '#f1ede4', pmma: '#e9c9b8', wachsronden: '#2f8fcf', nemronden: '#8d949c', bloecke: '#efe6d6',
  sh4: '#e8c75a', hg3: '#7fb3d5', alabaster: '#f3f0e8', wachse: '#d9534f',
};

export function tintOf(categoryKey: string): string {
  const explicit = MATERIAL[categoryKey];
  if (explicit) return explicit;
  let h = 0;
  for (const ch of categoryKey) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return TINTS[h % TINTS.length]!;
}

const shadow = (cx = 200, cy = 330, rx = 120) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="16" fill="#000" opacity=".10"/>`;

/** One tooth outline (crown with two roots), x/y = top left, s = scale. */
const tooth = (x: number, y: number, s: number, fill: string) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M10 0c10 0 14 6 20 6S40 0 50 0c8 0 12 8 12 18 0 14-4 22-6 34-2 12-4 26-10 26-5 0-6-14-8-24-1-6-3-8-6-8s-5 2-6 8c-2 10-3 24-8 24-6 0-8-14-10-26C6 40 0 32 0 18 0 8 2 0 10 0z" fill="${fill}" stroke="#c8c2b4" stroke-width="2"/>`;

const MOTIFS: Record<Motif, (c: string) => string> = {
  teeth: (c) => `${shadow()}<rect x="70" y="110" width="260" height="200" rx="18" fill="${c}"/>
    <rect x="86" y="126" width="228" height="168" rx="10" fill="#fff" opacity=".92"/>
    ${[0, 1, 2, 3].map((i) => tooth(100 + i * 52, 150, 0.72, '#fbf7ee')).join('')}
    ${[0, 1, 2, 3].map((i) => tooth(100 + i * 52, 222, 0.72, '#f6eedc')).join('')}`,
  ingot: (c) => `${shadow(200, 320, 130)}
    <path d="M90 250l40-60h150l40 60z" fill="${c}"/><path d="M90 250h230v40H90z" fill="${c}" opacity=".8"/>
    <path d="M130 190h150l-14 22H144z" fill="#fff" opacity=".35"/>
    <ellipse cx="150" cy="150" rx="40" ry="14" fill="${c}"/><rect x="110" y="120" width="80" height="30" fill="${c}" opacity=".85"/>
    <ellipse cx="150" cy="120" rx="40" ry="14" fill="#fff" opacity=".45"/>
    <ellipse cx="262" cy="150" rx="40" ry="14" fill="${c}"/><rect x="222" y="120" width="80" height="30" fill="${c}" opacity=".85"/>
    <ellipse cx="262" cy="120" rx="40" ry="14" fill="#fff" opacity=".45"/>`,
  disc: (c) => `${shadow(200, 320, 140)}
    <ellipse cx="200" cy="250" rx="140" ry="56" fill="${c}" stroke="#0002" stroke-width="3"/>
    <rect x="60" y="200" width="280" height="50" fill="${c}"/>
    <ellipse cx="200" cy="200" rx="140" ry="56" fill="${c}" stroke="#0002" stroke-width="3"/>
    <ellipse cx="200" cy="200" rx="140" ry="56" fill="#fff" opacity=".35"/>
    <ellipse cx="200" cy="200" rx="104" ry="40" fill="none" stroke="#0001" stroke-width="8"/>
    <path d="M60 200v50M340 200v50" stroke="#0002" stroke-width="3"/>`,
  jar: (c) => `${shadow(200, 330, 100)}
    <rect x="120" y="150" width="160" height="175" rx="22" fill="#f7f7f5" stroke="#d4d4d0" stroke-width="3"/>
    <rect x="112" y="112" width="176" height="52" rx="12" fill="${c}"/><rect x="112" y="150" width="176" height="8" fill="#0002"/>
    <rect x="138" y="200" width="124" height="86" rx="8" fill="${c}" opacity=".9"/>
    <rect x="152" y="218" width="96" height="10" rx="5" fill="#fff" opacity=".8"/><rect x="152" y="240" width="64" height="8" rx="4" fill="#fff" opacity=".6"/>`,
  bottle: (c) => `${shadow(200, 330, 90)}
    <rect x="178" y="70" width="44" height="40" rx="6" fill="#4a4f55"/>
    <path d="M170 110h60l30 50v160a10 10 0 0 1-10 10H150a10 10 0 0 1-10-10V160z" fill="${c}" opacity=".88"/>
    <path d="M152 170h20v140h-20z" fill="#fff" opacity=".3"/>
    <rect x="160" y="200" width="80" height="80" rx="6" fill="#fff" opacity=".9"/><rect x="172" y="218" width="56" height="9" rx="4" fill="${c}"/>
    <rect x="172" y="238" width="40" height="7" rx="3" fill="#b8bcc2"/>`,
  bag: (c) => `${shadow(200, 335, 120)}
    <path d="M110 100h180l14 26v190a14 14 0 0 1-14 14H110a14 14 0 0 1-14-14V126z" fill="${c}"/>
    <path d="M110 100h180l-8 20H118z" fill="#0002"/><path d="M96 126h208" stroke="#0002" stroke-width="4"/>
    <rect x="128" y="170" width="144" height="110" rx="10" fill="#fff" opacity=".92"/>
    <circle cx="200" cy="212" r="24" fill="${c}" opacity=".8"/><rect x="150" y="250" width="100" height="10" rx="5" fill="#9aa0a6"/>`,
  bur: (c) => `${shadow(200, 330, 120)}
    <g transform="rotate(-35 200 200)"><rect x="190" y="40" width="20" height="200" rx="4" fill="#c3c8ce"/>
    <rect x="190" y="40" width="6" height="200" fill="#fff" opacity=".55"/>
    <path d="M178 240h44l-6 80q-16 22-32 0z" fill="${c}"/>
    ${[0, 1, 2, 3, 4].map((i) => `<path d="M180 ${252 + i * 14}l40 -8" stroke="#0003" stroke-width="3"/>`).join('')}</g>`,
  polisher: (c) => `${shadow(200, 330, 120)}
    <rect x="70" y="190" width="200" height="14" rx="5" fill="#c3c8ce"/>
    <circle cx="270" cy="197" r="82" fill="${c}"/><circle cx="270" cy="197" r="60" fill="#fff" opacity=".18"/>
    <circle cx="270" cy="197" r="14" fill="#8e959c"/>`,
  device: (c) => `${shadow(200, 335, 140)}
    <rect x="80" y="90" width="240" height="230" rx="20" fill="#eef0f2" stroke="#c9ced4" stroke-width="3"/>
    <rect x="80" y="90" width="240" height="56" rx="20" fill="${c}"/><rect x="80" y="126" width="240" height="20" fill="${c}"/>
    <rect x="110" y="170" width="180" height="100" rx="10" fill="#2c3238"/><rect x="122" y="182" width="156" height="40" rx="6" fill="${c}" opacity=".55"/>
    <circle cx="130" cy="296" r="10" fill="${c}"/><circle cx="160" cy="296" r="10" fill="#9aa0a6"/><rect x="230" y="290" width="60" height="12" rx="6" fill="#9aa0a6"/>`,
  handpiece: (c) => `${shadow(200, 330, 130)}
    <g transform="rotate(-25 200 200)"><rect x="70" y="180" width="230" height="44" rx="22" fill="#d5d9de" stroke="#b0b6bd" stroke-width="3"/>
    <rect x="210" y="180" width="90" height="44" rx="22" fill="${c}"/><rect x="300" y="194" width="40" height="16" rx="4" fill="#9aa0a6"/>
    <rect x="30" y="192" width="46" height="20" rx="6" fill="#4a4f55"/></g>`,
  parts: (c) => `${shadow(200, 330, 130)}
    <g transform="translate(150 190)"><circle r="78" fill="${c}"/>${Array.from({ length: 10 }, (_, i) => `<rect x="-12" y="-96" width="24" height="26" rx="4" fill="${c}" transform="rotate(${i * 36})"/>`).join('')}
    <circle r="30" fill="#f4f5f6"/></g>
    <g transform="translate(285 250) rotate(20)"><rect x="-10" y="-70" width="20" height="120" rx="3" fill="#a9afb6"/><rect x="-26" y="-84" width="52" height="20" rx="4" fill="#7d848b"/></g>`,
  instrument: (c) => `${shadow(200, 330, 130)}
    ${[0, 1, 2].map((i) => `<g transform="rotate(${-30 + i * 12} 200 200) translate(${(i - 1) * 40} 0)"><rect x="194" y="60" width="12" height="270" rx="6" fill="#c3c8ce"/>
    <rect x="188" y="140" width="24" height="110" rx="8" fill="${c}"/><path d="M200 60q14-24 0-40q-12 16 0 40z" fill="#9aa0a6"/></g>`).join('')}`,
  brush: (c) => `${shadow(200, 330, 120)}
    <g transform="rotate(-30 200 200)"><rect x="192" y="110" width="16" height="230" rx="8" fill="${c}"/>
    <rect x="188" y="92" width="24" height="30" rx="4" fill="#c3c8ce"/><path d="M188 92q12-70 24 0z" fill="#5b3a22"/></g>`,
  tray: (c) => `${shadow(200, 320, 130)}
    <ellipse cx="200" cy="230" rx="130" ry="52" fill="${c}"/><ellipse cx="200" cy="218" rx="130" ry="52" fill="#eceae4"/>
    ${Array.from({ length: 12 }, (_, i) => `<circle cx="${120 + (i % 6) * 32}" cy="${200 + Math.floor(i / 6) * 34}" r="9" fill="#b9b5aa"/>`).join('')}`,
  foil: (c) => `${shadow(200, 330, 130)}
    ${[0, 1, 2].map((i) => `<rect x="${90 + i * 18}" y="${110 + i * 22}" width="190" height="190" rx="95" fill="${c}" opacity="${0.35 + i * 0.2}" stroke="#fff" stroke-width="3"/>`).join('')}`,
  box: (c) => `${shadow(200, 335, 130)}
    <path d="M90 150l110-40 110 40v150l-110 40-110-40z" fill="${c}"/><path d="M90 150l110 40 110-40" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="4"/>
    <path d="M200 190v150" stroke="#0002" stroke-width="4"/><path d="M90 150l110 40v150l-110-40z" fill="#0001"/>`,
  book: (c) => `${shadow(200, 335, 120)}
    <rect x="110" y="90" width="180" height="240" rx="8" fill="${c}"/><rect x="110" y="90" width="24" height="240" fill="#0002"/>
    <rect x="156" y="130" width="110" height="14" rx="7" fill="#fff" opacity=".85"/><rect x="156" y="156" width="80" height="10" rx="5" fill="#fff" opacity=".6"/>
    ${tooth(176, 210, 0.75, '#fff')}`,
  voucher: (c) => `${shadow(200, 320, 140)}
    <rect x="70" y="140" width="260" height="150" rx="14" fill="${c}"/><circle cx="70" cy="215" r="18" fill="#f4f6f8"/><circle cx="330" cy="215" r="18" fill="#f4f6f8"/>
    <path d="M250 140v150" stroke="#fff" stroke-width="4" stroke-dasharray="10 8"/>
    <rect x="100" y="180" width="120" height="16" rx="8" fill="#fff" opacity=".85"/><rect x="100" y="210" width="90" height="12" rx="6" fill="#fff" opacity=".6"/>`,
};

/** The SVG (400×400) of a category's product illustration. */
export function productSvg(categoryKey: string): string {
  const c = tintOf(categoryKey);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfcfd"/><stop offset="1" stop-color="#eef1f4"/></linearGradient></defs>
  <rect width="400" height="400" fill="url(#bg)"/>${MOTIFS[motifOf(categoryKey)](c)}</svg>`;
}
