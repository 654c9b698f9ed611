// The site's routes (spec section 2): named route identifiers → paths below /{country}/{language}/,
// login-only routes, the active top-bar section. Pure module shared by pages, scripts and the server.

/** Named routes used in links → path template ({x} = parameter, trailing optional ones may be missing). */
export const NAMED_ROUTES = {
  home: '',
  shop: 'shop',
  'shop-category': 'shop/category',
  'shop-subkategorien': 'shop/category/{pg}/{katId}/{page}',
  'shop-produktdetails': 'shop/artikel/{artbez}/details',
  'shop-produktdetails-pg': 'shop/artikel/{artbez}/details/{pg}',
  'shop-suche': 'shop/suche/{page}',
  'shop-schnellbestellung': 'shop/schnellbestellung',
  zahnassistent: 'zahnassistent/zahnlinie/{id}',
  aktionen: 'aktionen',
  'aktionen-artikel': 'aktionen/artikel/{pg}',
  'aktionen-newsletter': 'aktionen/newsletter/{id}',
  service: 'service',
  'service-retoure': 'service/retoure',
  'service-digitalisierung': 'service/digitalisierung',
  kontakt: 'kontakt',
  company: 'company',
  loesungen: 'loesungen',
  'loesungen-dokumente': 'loesungen/dokumente',
  'kamera-tutorial': 'kamera/tutorial',
  kamera: 'kamera',
  'label-select': 'label/select',
  'logbuch-user': 'logbuch/user/{id}',
  'logbuch-user-create': 'logbuch/user/create',
  zahnlager: 'zahnlager',
  'zahnlager-statistik': 'zahnlager/statistik',
  meinkonto: 'konto',
  meinlabor: 'meinlabor',
  wk: 'wk',
  login: 'konto',
  register: 'register',
  'fast-register': 'fast-register',
  'passwort-vergessen': 'passwort-vergessen',
  'kundendaten-aendern': 'kundendaten-aendern',
  imprint: 'impressum',
  'legal-agb': 'legal/agb',
  'legal-dse': 'legal/dse',
  'legal-opensource': 'legal/opensource',
  videos: 'videos',
  video: 'video/{id}',
  '404': '404',
} as const;

export type RouteName = keyof typeof NAMED_ROUTES;
export type RouteParams = Readonly<Record<string, string | number | undefined | null>>;

export function isRouteName(name: string): name is RouteName {
  return Object.hasOwn(NAMED_ROUTES, name);
}

/** Path below the prefix, without slashes at either end; missing trailing parameters are dropped. */
export function routePath(name: RouteName, params: RouteParams = {}): string {
  const parts = NAMED_ROUTES[name].split('/').filter(Boolean);
  const out: string[] = [];
  for (const p of parts) {
    const m = /^\{(\w+)\}$/.exec(p);
    if (!m) { out.push(p); continue; }
    const v = params[m[1]!];
    if (v === undefined || v === null || v === '') break;
    out.push(encodeURIComponent(String(v)));
  }
  return out.join('/');
}

/** Public URL of a path below /{country}/{language}/ (directory style, trailing slash). */
export function localePath(country: string, lang: string, path = '', hash = ''): string {
  const p = path.replace(/^\/+|\/+$/g, '');
  return `/${country}/${lang}/${p ? `${p}/` : ''}${hash ? `#${hash.replace(/^#/, '')}` : ''}`;
}

export function href(country: string, lang: string, name: RouteName, params: RouteParams = {}, hash = ''): string {
  return localePath(country, lang, routePath(name, params), hash);
}

/** Splits a request path into the /{country}/{language} prefix and the rest (no slashes at the ends). */
export function splitLocalePath(pathname: string): { country: string; lang: string; rest: string } | null {
  const m = /^\/([a-zA-Z]{2})\/([a-zA-Z]{2})(?:\/(.*))?$/.exec(pathname);
  if (!m) return null;
  return { country: m[1]!.toLowerCase(), lang: m[2]!.toLowerCase(), rest: (m[3] ?? '').replace(/\/+$/, '') };
}

// ---- login-only routes (marked (login) in section 2) ----
const SEG = '[^/]+';
const LOGIN_PATTERNS: readonly RegExp[] = [
  'service/digitalisierung', 'konto', 'zahnlager', `zahnlager/schrank/${SEG}`, `zahnlager/schrank/${SEG}/schublade/${SEG}`,
  'zahnlager/statistik', 'zahnlager/bestellhistorie', `zahnlager/bestellhistorie/details(?:/${SEG}){6}`,
  'meinlabor', `meinlabor/topartikel(?:/${SEG})?`, 'meinlabor/vorschlag', `meinlabor/historie/auftrag(?:/${SEG}){4}`,
  `meinlabor/bestellliste/${SEG}`, `videos/${SEG}`, 'wk', 'wk/kasse', 'wk/submit', 'shop/schnellbestellung', 'kundendaten-aendern',
  'label/select', `label/print(?:/${SEG})?`, `dokumente/typ/${SEG}`, 'logbuch/user', `logbuch/user/${SEG}`,
].map((p) => new RegExp(`^${p}$`));

/** Is the path below the prefix (e.g. "zahnlager/schrank/4") a login-only route? */
export function isLoginRoute(rest: string): boolean {
  const r = rest.replace(/^\/+|\/+$/g, '');
  return LOGIN_PATTERNS.some((re) => re.test(r));
}

// ---- pages rendered on demand (shells the shop and portal developers fill) ----
const ON_DEMAND_PATTERNS: readonly RegExp[] = [
  ...LOGIN_PATTERNS,
  ...[
    `shop/suche(?:/${SEG})?`, `shop/category/${SEG}/${SEG}(?:/${SEG})?`, `shop/${SEG}(?:/${SEG})?`, `shop/artikel/${SEG}/details(?:/${SEG})?`,
    'service/retoure', 'register', 'fast-register', 'passwort-vergessen', `new-password/${SEG}/${SEG}`, `verify/${SEG}`,
    `zahnassistent/(?:zahnlinie|garnitur)/${SEG}`,
    'kamera', `kamera/scanresult/${SEG}`, 'kamera/settings', 'kamera/tutorial', 'kamera/tutorial/mdr',
    `label/liste/${SEG}`, 'label/create', 'label/create/advanced', `label/edit/${SEG}`,
  ].map((p) => new RegExp(`^${p}$`)),
];

/** Paths below the prefix that exist as on-demand pages (everything else is a static file or a 404). */
export function isOnDemandRoute(rest: string): boolean {
  const r = rest.replace(/^\/+|\/+$/g, '');
  return ON_DEMAND_PATTERNS.some((re) => re.test(r));
}

// ---- active top-bar section ----
export type Section = 'shop' | 'solutions' | 'service' | 'company' | 'wk' | 'konto' | '';

export function sectionOf(rest: string): Section {
  const first = rest.replace(/^\/+/, '').split('/')[0] ?? '';
  if (first === 'shop' || first === 'aktionen' || first === 'zahnassistent') return 'shop';
  if (['loesungen', 'zahnlager', 'kamera', 'label', 'dokumente'].includes(first)) return 'solutions';
  if (['service', 'kontakt', 'videos', 'video'].includes(first)) return 'service';
  if (first === 'company') return 'company';
  if (first === 'wk') return 'wk';
  if (first === 'konto' || first === 'meinlabor' || first === 'kundendaten-aendern') return 'konto';
  return '';
}

/** Metadata (ls-page-metadatas route_path_name) of a path below the prefix. */
export function metadataRouteOf(rest: string): string {
  const r = rest.replace(/^\/+|\/+$/g, '');
  const table: [RegExp, string][] = [
    [/^$/, 'home'], [/^service\/?/, 'service'], [/^company$/, 'company'], [/^loesungen\/dokumente$/, 'loesungen-dokumente'],
    [/^loesungen$/, 'loesungen'], [/^legal\/dse$/, 'legal-dse'], [/^legal\/agb$/, 'legal-agb'],
    [/^legal\/opensource$/, 'legal-opensource'], [/^impressum$/, 'imprint'], [/^videos$/, 'videos'], [/^videos?\//, 'video'],
    [/^aktionen\/artikel\//, 'aktionen-artikel'], [/^aktionen\/newsletter\//, 'aktionen-newsletter'], [/^aktionen$/, 'aktionen'],
    [/^kontakt$/, 'kontakt'], [/^shop\/suche/, 'shop-suche'], [/^shop\/category/, 'shop-subkategorien'],
    [/^shop\/artikel\//, 'shop-produktdetails'], [/^shop\/schnellbestellung$/, 'shop-schnellbestellung'], [/^shop/, 'shop'], [/^wk\/kasse$/, 'wk-kasse'], [/^wk\/submit$/, 'wk-submit'], [/^wk/, 'wk'], [/^zahnlager/, 'zahnlager'],
    [/^kamera/, 'kamera'], [/^label/, 'label-select'],
    // each Mein Labor page and the user administration have their own titles
    [/^meinlabor\/vorschlag/, 'meinlabor-vorschlag'], [/^meinlabor\/historie/, 'meinlabor-auftrag'],
    [/^meinlabor\/bestellliste/, 'meinlabor-bestellliste'], [/^meinlabor\/topartikel/, 'meinlabor-topartikel'], [/^meinlabor$/, 'meinlabor'],
    [/^logbuch\/user\/create$/, 'logbuch-user-create'], [/^logbuch\/user\/\d+$/, 'logbuch-user-edit'], [/^logbuch\/user$/, 'logbuch-user'],
    [/^(konto|meinlabor|kundendaten-aendern|dokumente)/, 'meinkonto'],
    [/^register$/, 'register'], [/^fast-register$/, 'fast-register'], [/^(passwort-vergessen|new-password)/, 'passwort-vergessen'],
    [/^zahnassistent/, 'zahnassistent'], [/^404$/, '404'],
  ];
  return table.find(([re]) => re.test(r))?.[1] ?? 'home';
}
