// Route sweep (issue 12 guard): every route of section 2, as each brand's customer sees it
// (123456 on /de/…, 777777 on /dk/…; guests for the guest-only pages), in German and French, at
// 1366×900 and 390×844. A page fails on horizontal overflow, text that looks like a translation key,
// a pack size in the catalogue's German notation on a French page, a console error or a failed request
// that is not expected. One page load per route: the phone
// width is checked after resizing the same page (the layout is CSS; a reload would double the time).
// Screenshots of the key screens go to test-results/screens/sweep/.
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { artbez } from '../../src/lib/rules/artnr.ts';
import { supportedLanguages } from '../../src/lib/rules/locale.ts';
import { PASSWORD } from './helpers.ts';
import { inspectPage } from './sweep-checks.ts';

const WIDTHS = [{ width: 1366, height: 900 }, { width: 390, height: 844 }] as const;
/** German and French in every run; SWEEP_LANGS=en,es,it,nl,pl looks at the other languages (a brand's own only). */
const LANGS = process.env.SWEEP_LANGS ? process.env.SWEEP_LANGS.split(',') : ['de', 'fr'];
const BRANDS = [
  { name: 'main', country: 'de', kdnr: 123456, firma: 1 },
  { name: 'ls', country: 'dk', kdnr: 777777, firma: 3 },
] as const;
const SHOTS = 'test-results/screens/sweep';

/** Screens whose screenshots are kept (route → file name). */
const KEY_SCREENS: Record<string, string> = {
  '': 'home', 'shop/category/1': 'category', 'shop/suche?q=gips': 'search', product: 'product', wk: 'cart', 'wk/kasse': 'checkout',
  konto: 'konto', meinlabor: 'meinlabor', 'zahnlager': 'zahnlager', drawer: 'drawer', kamera: 'kamera', 'label/select': 'labels',
  kontakt: 'kontakt', service: 'service', 'zahnassistent/zahnlinie/0': 'zahnassistent', register: 'register',
  historie: 'historie', 'kundendaten-aendern': 'kundendaten', 'meinlabor/topartikel': 'topartikel', 'meinlabor/vorschlag': 'vorschlag',
};

/**
 * Defects accepted for a while, each naming its issue item, matched by route and message; an entry that
 * no longer matches anything fails the sweep too. Empty: the sweep accepts no violation.
 */
const KNOWN_DEFECTS: { item: string; route: RegExp; message: RegExp }[] = [
];

/** Responses that are part of a route's meaning (the 404 page answers 404). */
const EXPECTED: { route: RegExp; url: RegExp; status: number }[] = [
  { route: /^404$/, url: /\/404\/?$/, status: 404 },
  { route: /^gibt-es-nicht$/, url: /\/gibt-es-nicht\/?$/, status: 404 },
  { route: /^verify\//, url: /\/api\/verify/, status: 400 },
  { route: /^new-password\//, url: /\/api\//, status: 400 },
];

interface Violation { brand: string; lang: string; route: string; width: number | null; kind: string; message: string }

/** Route ids that depend on the seed: asked from the API as the logged-in customer. */
async function dynamicRoutes(api: APIRequestContext, country: string, lang: string): Promise<Record<string, string | undefined>> {
  const json = async (url: string) => { const r = await api.get(url); expect(r.status(), url).toBe(200); return (await r.json()).result; };
  const orders = (await json('/api/orders')).items as { auftrag: number; vorgang: number; rechnung: number; datum: string }[];
  const o = orders[0];
  const [y, m, d] = (o?.datum ?? '').split('-').map(Number);
  const cat = (await json(`/api/shop/category?pg=1&katId=101&page=1&pageSize=1&country=${country}&lang=${lang}`)).items[0];
  const templates = (await json('/api/labels/templates')) as { id: number }[];
  const garnitur = (await json(`/api/zahnassistent/garnituren?country=${country}&lang=${lang}`)).items[0];
  const promotions = (await json(`/api/aktionen/${country}/${lang}`)).promotions as { pg: number; newsletterId: number | null }[];
  const newsletter = promotions.find((p) => p.newsletterId)?.newsletterId;
  const storage = (await json('/api/zahnlager')).schraenke as { id: number; schubladen: { id: number }[] }[];
  const list = ((await json('/api/favoriten/listen')) as { id: number }[]).find((l) => l.id > 0)?.id ?? 0;
  return {
    // a customer without orders has no order pages to show
    ...(o ? {
      detail: `zahnlager/bestellhistorie/details/${y}/${m}/${d}/${o.auftrag}/${o.vorgang}/${o.rechnung}`,
      historie: `meinlabor/historie/auftrag/${y}/${m}/${d}/${o.auftrag}`,
    } : {}),
    product: `shop/artikel/${artbez(cat.Artikelnummer, cat.Bezeichnung)}/details`,
    productPg: `shop/artikel/${artbez(cat.Artikelnummer, cat.Bezeichnung)}/details/1`,
    garnitur: `zahnassistent/garnitur/${encodeURIComponent(garnitur?.Artikelnummer ?? cat.Artikelnummer)}`,
    labelPrint: `label/print/${encodeURIComponent(cat.Artikelnummer)}`,
    labelEdit: `label/edit/${templates[templates.length - 1]!.id}`,
    // the customer's own tooth storage and order list (ids differ per customer)
    cabinet: storage[0] ? `zahnlager/schrank/${storage[0].id}` : undefined,
    drawer: storage[0]?.schubladen[0] ? `zahnlager/schrank/${storage[0].id}/schublade/${storage[0].schubladen[0].id}` : undefined,
    labelList: `label/liste/${list}`,
    aktion: `aktionen/artikel/${promotions[0]?.pg ?? 888}`,
    newsletter: newsletter ? `aktionen/newsletter/${newsletter}` : undefined,
    artnr: cat.Artikelnummer,
  };
}

function loggedInRoutes(dyn: Record<string, string | undefined>): [name: string, rest: string][] {
  const r = (rest: string): [string, string] => [rest, rest];
  // routes of things the customer may not have (orders, a tooth storage)
  const opt = (name: string, rest: string | undefined): [string, string][] => (rest ? [[name, rest]] : []);
  return [
    r(''), r('service'), r('company'), r('service/retoure'), r('service/digitalisierung'), r('konto'), r('konto#online_features'),
    r('loesungen'), r('loesungen/dokumente'),
    r('zahnlager'), ...opt('cabinet', dyn.cabinet), ...opt('drawer', dyn.drawer), r('zahnlager/statistik'), r('zahnlager/bestellhistorie'),
    ...opt('order details', dyn.detail),
    r('zahnassistent/zahnlinie/0'), ['garnitur', dyn.garnitur!],
    r('meinlabor'), r('meinlabor/topartikel'), r('meinlabor/topartikel/1'), r('meinlabor/vorschlag'), ...opt('historie', dyn.historie), r('meinlabor/bestellliste/0'),
    r('shop#neuheiten'), r('shop/suche?q=gips'), r('shop/suche/2?q=gips'), r('shop/category'), r('shop/category/1'), r('shop/category/1/101'),
    r('shop/category/1/101/2'), r('shop/1/101'), ['product', dyn.product!], ['product pg', dyn.productPg!],
    r('videos'), r('videos/1'), r('video/1'), r('aktionen'), ['aktion', dyn.aktion!],
    ...opt('newsletter', dyn.newsletter),
    r('kontakt'), r('wk'), r('wk/kasse'), r('wk/submit'), r('404'), r('gibt-es-nicht'), r('kundendaten-aendern'),
    r('legal/dse'), r('legal/agb'), r('legal/opensource'), r('impressum'),
    r('kamera'), ['scanresult', 'kamera/scanresult/(01)04034495071104(17)271231(10)SWEEP1'], r('kamera/settings'), r('kamera/tutorial'), r('kamera/tutorial/mdr'),
    r('label/select'), ['label list', dyn.labelList!], ['label print', dyn.labelPrint!], r('label/create'), r('label/create/advanced'), ['label edit', dyn.labelEdit!],
    r('dokumente/typ/rechnung'), r('logbuch/user'), r('logbuch/user/create'),
  ];
}

const GUEST_ROUTES: [string, string][] = [
  ['register', 'register'], ['fast-register', 'fast-register'], ['passwort-vergessen', 'passwort-vergessen'],
  ['new-password/…', 'new-password/123456/abcdefabcdefabcdef'], ['verify/…', 'verify/abcdefghijklmnopqrstuvwxyz'],
  ['home (guest)', ''], ['shop/category/1 (guest)', 'shop/category/1'],
];

async function consent(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: 'cookieconsent', value: 'consent', url: baseURL }, { name: 'ytconsent', value: 'noconsent', url: baseURL }]);
}

/** Opens one route, checks it at both widths; returns what went wrong. */
async function sweepRoute(page: Page, base: string, name: string, rest: string, tag: { brand: string; lang: string }): Promise<Violation[]> {
  const out: Violation[] = [];
  const add = (width: number | null, kind: string, message: string) => {
    const v = { ...tag, route: rest, width, kind, message };
    if (!expectedEcho(v)) out.push(v);
  };
  const onConsole = (m: { type(): string; text(): string }) => { if (m.type() === 'error') add(null, 'console', m.text().slice(0, 300)); };
  const onPageError = (e: Error) => add(null, 'pageerror', e.message.slice(0, 300));
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }) => {
    const err = r.failure()?.errorText ?? '';
    if (err !== 'net::ERR_ABORTED') add(null, 'request', `${err} ${r.url()}`);
  };
  const onResponse = (r: { url(): string; status(): number }) => {
    if (r.status() >= 400 && !EXPECTED.some((e) => e.route.test(rest) && e.url.test(r.url()) && e.status === r.status())) add(null, 'response', `${r.status()} ${r.url().replace(base, '')}`);
  };
  page.on('console', onConsole); page.on('pageerror', onPageError); page.on('requestfailed', onFailed); page.on('response', onResponse);
  try {
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${base}/${rest}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 4000 }).catch(() => {});
    for (const size of WIDTHS) {
      if (size !== WIDTHS[0]) { await page.setViewportSize(size); await page.waitForTimeout(250); }
      const f = await inspectPage(page);
      if (f.overflow) add(size.width, 'overflow', `scrollWidth ${f.overflow.scrollWidth} > ${f.overflow.innerWidth}: ${f.overflow.culprits.join(', ')}`);
      for (const k of f.keys) add(size.width, 'key', k);
      for (const u of f.germanUnits) add(size.width, 'german unit', u);
      for (const u of f.unnamed) add(size.width, 'unnamed control', u);
      for (const u of f.breakable) add(size.width, 'breakable space', u);
      const shot = KEY_SCREENS[name];
      if (shot) await page.screenshot({ path: `${SHOTS}/${tag.brand}-${tag.lang}-${shot}-${size.width}.png` });
    }
  } catch (e) {
    add(null, 'navigation', (e as Error).message.split('\n')[0]!);
  } finally {
    page.off('console', onConsole); page.off('pageerror', onPageError); page.off('requestfailed', onFailed); page.off('response', onResponse);
  }
  return out;
}

// (a response the route expects never reaches `add`; this keeps console echoes of it out as well)
function expectedEcho(v: Violation): boolean {
  return v.kind === 'console' && /Failed to load resource: the server responded with a status of (\d+)/.test(v.message)
    && EXPECTED.some((e) => e.route.test(v.route));
}

const found: Violation[] = [];

test.describe.configure({ mode: 'serial' });
test.describe('route sweep', () => {
  test.setTimeout(180_000);
  test.beforeAll(() => { fs.mkdirSync(SHOTS, { recursive: true }); });

  test('the key-text detector flags keys and leaves ordinary text alone', async ({ page }) => {
    await page.setContent(`<main>
      <p>Branche: <select><option>zahnassistent.choose</option></select></p><p>Status: error_menge</p><p>Hallo {{name}}</p>
      <p>Mail an info@dentalversand-nord.example, siehe www.dentalversand-nord.de oder preisliste_2026.pdf</p>
      <p>IPS e.max Press, z.B. 3.5 mm, u.a. VITA VM 13; Art.-Nr. FH26424, 61593S1. La dott.ssa Albers, sig.ra Rossi.</p>
      <code>shop.avail.kurzf</code><input value="snake_case_value"><p hidden>nav.hidden_key</p>
      <button aria-label="shop.add_to_cart">+</button></main>`);
    const f = await inspectPage(page);
    expect(f.keys.map((k) => k.split(' ')[0]).sort()).toEqual(['error_menge', 'shop.add_to_cart', 'zahnassistent.choose', '{{name}}'].sort());
    await page.setContent('<div style="width:2000px">wide</div>');
    expect((await inspectPage(page)).overflow?.culprits[0]).toContain('div');
  });

  test('the pack-size detector flags German units on a page in another language only', async ({ page }) => {
    const body = '<p>100028S · 6 Z</p><p>1 Stk</p><p>6 dents · 2,5 g</p><p>Zirkon Z-Blank, Form 8 Zähne</p>';
    await page.setContent(`<html lang="fr"><body>${body}</body></html>`);
    expect((await inspectPage(page)).germanUnits).toEqual(['«100028S · 6 Z»', '«1 Stk»']);
    await page.setContent(`<html lang="de"><body>${body}</body></html>`);
    expect((await inspectPage(page)).germanUnits).toEqual([]);
  });

  test('the name detector flags a control a screen reader cannot name', async ({ page }) => {
    await page.setContent(`<style>.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}.gone{display:none}</style><main>
      <a href="/konto" id="a1"><svg aria-hidden="true"></svg><span class="gone">Mein Konto</span></a>
      <a href="/wk" id="a2"><svg aria-hidden="true"></svg><span class="sr">Warenkorb</span></a>
      <button id="b1"><svg></svg></button><button aria-label="Schließen">×</button><button title="Drucken"><svg></svg></button>
      <label>Menge <input name="menge"></label><input name="plz" id="plz"><label for="plz2">PLZ</label><input id="plz2" name="plz2">
      <input name="q" placeholder="Suchen"><a href="/logo"><img src="x.png" alt="Dentalversand"></a><a href="/hidden" hidden></a></main>`);
    expect((await inspectPage(page)).unnamed.sort()).toEqual(['a /konto', 'button', 'input plz'].sort());
  });

  test('the line-break detector flags plain spaces in "10 %" and "4 g" and, in French, before a colon', async ({ page }) => {
    const body = '<p>10 % Rabatt</p><p>10\u00a0% remise</p><p>Total : 12 €</p><p>Total\u00a0: 12 €</p><p>« Zircone »</p><p>https://x.fr/?a=1</p>'
      + '<p>Opaque D3 4 g</p><p>Opaque D3 4\u00a0g</p><p>Ø 1,8 mm</p><p>2 gouttes</p>';
    await page.setContent(`<html lang="fr"><body>${body}</body></html>`);
    expect((await inspectPage(page)).breakable).toEqual(['«10 % Rabatt»', '«Total : 12 €»', '«« Zircone »»', '«Opaque D3 4 g»', '«Ø 1,8 mm»']);
    await page.setContent(`<html lang="de"><body>${body}</body></html>`);
    expect((await inspectPage(page)).breakable).toEqual(['«10 % Rabatt»', '«Opaque D3 4 g»', '«Ø 1,8 mm»']);
  });

  for (const brand of BRANDS) {
    for (const lang of LANGS.filter((l) => supportedLanguages(brand.firma).includes(l))) {
      test(`${brand.name} brand (${brand.kdnr}) in ${lang}`, async ({ browser, baseURL }) => {
        const base = `${baseURL}/${brand.country}/${lang}`;
        const context = await browser.newContext({ viewport: WIDTHS[0] });
        await consent(context, baseURL!);
        // logged in through the API (the brand's company number): the sweep checks pages, not the login panel
        const login = await context.request.post('/api/login', { data: { Firma: brand.firma, Benutzername: String(brand.kdnr), Kennwort: PASSWORD, kw: '' } });
        expect(login.status(), `login ${brand.kdnr}`).toBe(200);
        expect((await context.request.put('/api/user/active', { data: { id: 0, password: PASSWORD } })).status()).toBe(200);
        const dyn = await dynamicRoutes(context.request, brand.country, lang);
        // something in the cart, so cart, checkout and submit show their content
        await context.request.post('/api/wk/delete');
        expect((await context.request.post(`/api/wk/${encodeURIComponent(dyn.artnr!)}/add/2`)).status()).toBe(200);
        const page = await context.newPage();
        try {
          for (const [name, rest] of loggedInRoutes(dyn)) found.push(...await sweepRoute(page, base, name, rest, { brand: brand.name, lang }));
        } finally {
          await context.request.post('/api/wk/delete');
          await context.close();
        }
        const guest = await browser.newContext({ viewport: WIDTHS[0] });
        await consent(guest, baseURL!);
        const gp = await guest.newPage();
        for (const [name, rest] of GUEST_ROUTES) found.push(...await sweepRoute(gp, base, name, rest, { brand: brand.name, lang }));
        await guest.close();
      });
    }
  }

  test('no violations beyond the known defects', () => {
    fs.writeFileSync('test-results/sweep-violations.json', JSON.stringify(found, null, 1));
    const known = (v: Violation) => KNOWN_DEFECTS.find((k) => k.route.test(v.route) && k.message.test(v.message));
    const unexpected = found.filter((v) => !known(v));
    const stale = KNOWN_DEFECTS.filter((k) => !found.some((v) => k.route.test(v.route) && k.message.test(v.message)));
    const lines = unexpected.map((v) => `${v.brand}/${v.lang} ${v.route || '(home)'} @${v.width ?? '-'} ${v.kind}: ${v.message}`);
    expect(lines, 'sweep violations (full list: test-results/sweep-violations.json)').toEqual([]);
    expect(stale.map((k) => k.item), 'KNOWN_DEFECTS entries that no longer occur: remove them').toEqual([]);
  });
});
