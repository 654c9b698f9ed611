// Quick order (issue 11): one check call for up to 500 lines, per-line error keys with suggestions,
// the all-or-nothing add to the cart, order lists from the grid and the order-list CSV export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, LAB_A, LAB_B, plainArticle, setupApi, type Client, type TestEnv } from './harness.ts';
import { parseOrderBlock } from '../../src/lib/rules/quickOrder.ts';
import { packSize } from '../../src/lib/rules/packSize.ts';

const K09 = 2; // Ben (buyer)
const K13 = 3; // Clara (technician: documents, may not order)

let env: TestEnv;
let c: Client;
let plain = '';
let others: string[] = [];
let requestPrice = '';
let outOfRange = '';
let parent = '';
let variants: string[] = [];

const check = (lines: { artnr: string; menge?: string | number | null }[]) => c.call('POST /api/schnellbestellung/pruefen', { query: { country: 'de', lang: 'de' }, body: { lines } });
const cartLines = async (cl: Client = c) => (await cl.call('GET /api/wkJSON/:language', { params: { language: 'D' } })).body.result as { Artikelnummer: string; Menge: number }[];

beforeAll(async () => {
  env = await setupApi();
  const { db } = env;
  plain = (await plainArticle(db)).artnr;
  const orderable = db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
    .where('preis', 'not in', [0.01, 0.02]).where('kat_preis', 'not in', [0.01, 0.02]);
  others = (await orderable.where('artnr', '!=', plain).orderBy('artnr').limit(600).execute()).map((r) => r.artnr);
  requestPrice = (await db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
    .where((eb) => eb.or([eb('preis', 'in', [0.01, 0.02]), eb('kat_preis', 'in', [0.01, 0.02])])).orderBy('artnr').executeTakeFirstOrThrow()).artnr;
  outOfRange = (await db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 1).orderBy('artnr').executeTakeFirstOrThrow()).artnr;
  const child = await db.selectFrom('articles as c').innerJoin('articles as p', 'p.artnr', 'c.parent_artnr').select(['p.artnr as parent'])
    .where('p.ist_referenz', '=', 1).where('p.aus_sortiment', '=', 0).where('c.aus_sortiment', '=', 0).orderBy('p.artnr').executeTakeFirstOrThrow();
  parent = child.parent;
  variants = (await db.selectFrom('articles').select('artnr').where('parent_artnr', '=', parent).where('aus_sortiment', '=', 0).orderBy('artnr').execute()).map((r) => r.artnr);
  c = env.client();
  expect((await c.login(LAB_A)).status).toBe(200);
});
afterAll(async () => { await env.close(); });

describe('POST /api/schnellbestellung/pruefen', () => {
  it('normalises each line like the quick suggestion: prefix, FH-, trailing version, case, spaces; quantity optional = 1', async () => {
    const r = await check([
      { artnr: plain }, { artnr: `K-${plain}`, menge: '3' }, { artnr: `${plain}.2`, menge: 4 }, { artnr: `${plain}/01` },
      { artnr: `  ${plain.slice(0, 3)} ${plain.slice(3)} `, menge: ' 5 ' }, { artnr: plain.toLowerCase() },
    ]);
    expect(r.status).toBe(200);
    const { lines, valid, invalid } = r.body.result;
    expect([valid, invalid]).toEqual([6, 0]);
    expect(lines.map((l: any) => l.artnr)).toEqual(Array(6).fill(plain));
    expect(lines.map((l: any) => l.menge)).toEqual([1, 3, 4, 1, 5, 1]);
    expect(lines[0]!.article).toMatchObject({ Artikelnummer: plain, Waehrung: 'EUR' });
    expect(lines[0]!.article!.Bezeichnung).toBeTruthy();
    expect(typeof lines[0]!.article!.Preis).toBe('number');
    expect(lines[0]!.article).toHaveProperty('Gebinde');
    expect(lines[0]!.article).toHaveProperty('vkz');
  });

  it('a lower-case set number resolves to the catalogue\'s upper-case one', async () => {
    const set = (await env.db.selectFrom('articles').select('artnr').where('artnr', 'like', '%S').where('ist_referenz', '=', 0)
      .where('aus_sortiment', '=', 0).orderBy('artnr').executeTakeFirst())?.artnr;
    if (!set) return;
    const r = await check([{ artnr: set.toLowerCase() }]);
    expect(r.body.result.lines[0]!.artnr).toBe(set);
  });

  it('gives each line its own error key and suggestions where one exists', async () => {
    const unknownPrefix = plain.slice(0, plain.length - 1);
    const r = await check([
      { artnr: 'XYZ-0000000' }, { artnr: requestPrice }, { artnr: outOfRange }, { artnr: parent },
      { artnr: plain, menge: '0' }, { artnr: plain, menge: '1000' }, { artnr: plain, menge: '2,5' }, { artnr: plain, menge: 1.5 },
      { artnr: plain, menge: 'abc' }, { artnr: unknownPrefix }, { artnr: '' },
    ]);
    expect(r.status).toBe(200);
    const l = r.body.result.lines;
    expect(l.map((x: any) => x.error)).toEqual([
      'error_artnr', 'error_request_price', 'error_out_of_range', 'error_variant_parent',
      'error_menge', 'error_menge', 'error_menge', 'error_menge', 'error_menge', expect.any(String), 'error_artnr',
    ]);
    expect(r.body.result).toMatchObject({ valid: 0, invalid: 11 });
    // the variant parent offers its variants; known articles still show what they are
    expect(l[3]!.suggestions.length).toBeGreaterThan(0);
    expect(variants).toEqual(expect.arrayContaining(l[3]!.suggestions));
    expect(l[1]!.article!.Artikelnummer).toBe(requestPrice);
    expect(l[2]!.article!.Artikelnummer).toBe(outOfRange);
    // an unknown number that starts like catalogue numbers offers them
    if (l[9]!.error === 'error_artnr') {
      expect(l[9]!.suggestions.length).toBeGreaterThan(0);
      for (const s of l[9]!.suggestions) expect(s.startsWith(unknownPrefix)).toBe(true);
    }
    expect(l[0]!.suggestions).toEqual([]);
  });

  it('checks 500 lines in one call; 501 lines → 400 error_too_many_lines with the limit', async () => {
    const lines = others.slice(0, 500).map((artnr, i) => ({ artnr, menge: String((i % 9) + 1) }));
    const r = await check(lines); // its server time is bench/quick-order.ts's figure, not a test's
    expect(r.status).toBe(200);
    expect(r.body.result.lines).toHaveLength(500);
    expect(r.body.result.valid).toBe(500);
    const over = await check([...lines, { artnr: plain }]);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ error: 'error_too_many_lines', max: 500, count: 501 });
  });

  it('bad body → 400; guest → 401', async () => {
    expect((await c.call('POST /api/schnellbestellung/pruefen', { body: { lines: 'x' } as never })).status).toBe(400);
    expect((await c.call('POST /api/schnellbestellung/pruefen', { body: {} as never })).status).toBe(400);
    const guest = env.client();
    const r = await guest.call('POST /api/schnellbestellung/pruefen', { body: { lines: [{ artnr: plain }] } });
    expect(r.status).toBe(401);
    expect((await guest.call('POST /api/schnellbestellung/wk', { body: { lines: [{ artnr: plain }] } })).status).toBe(401);
  });
});

describe('POST /api/schnellbestellung/wk', () => {
  it('adds all lines in one call; quantities add to existing lines', async () => {
    await c.call('POST /api/wk/delete');
    expect((await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: plain, qty: 2 } })).status).toBe(200);
    const lines = [{ artnr: `K-${plain}`, menge: '3' }, ...others.slice(0, 19).map((artnr) => ({ artnr }))];
    const r = await c.call('POST /api/schnellbestellung/wk', { query: { country: 'de', lang: 'de' }, body: { lines } });
    expect(r.status).toBe(200);
    expect(r.body.result).toEqual({ count: 20, wkcounter: 20 });
    const cart = await cartLines();
    expect(cart).toHaveLength(20);
    expect(cart.find((x) => x.Artikelnummer === plain)?.Menge).toBe(5);
  });

  it('an invalid line refuses the whole add with each line\'s error; the cart is unchanged', async () => {
    await c.call('POST /api/wk/delete');
    const r = await c.call('POST /api/schnellbestellung/wk', { body: { lines: [{ artnr: plain }, { artnr: requestPrice }, { artnr: others[0]!, menge: '0' }] } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'quick_order_invalid', lines: [{ index: 1, error: 'error_request_price' }, { index: 2, error: 'error_menge' }] });
    expect(await cartLines()).toEqual([]);
  });

  it('one transaction: a failure mid-way (a line passing 999 in the cart) leaves no partial cart', async () => {
    await c.call('POST /api/wk/delete');
    const last = others[10]!;
    expect((await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: last, qty: 998 } })).status).toBe(200);
    const lines = [...others.slice(0, 10).map((artnr) => ({ artnr, menge: 2 })), { artnr: last, menge: 5 }];
    const r = await c.call('POST /api/schnellbestellung/wk', { body: { lines } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: 'error_menge', lines: [{ index: 10, error: 'error_menge' }] });
    const cart = await cartLines();
    expect(cart).toEqual([expect.objectContaining({ Artikelnummer: last, Menge: 998 })]);
  });

  it('501 lines → 400 error_too_many_lines; no lines → 400', async () => {
    const lines = others.slice(0, 501).map((artnr) => ({ artnr }));
    expect((await c.call('POST /api/schnellbestellung/wk', { body: { lines } })).body).toMatchObject({ error: 'error_too_many_lines', max: 500 });
    expect((await c.call('POST /api/schnellbestellung/wk', { body: { lines: [] } })).status).toBe(400);
  });

  it('a K13 technician may not order: 403 forbidden_function, nothing added; a K09 buyer may', async () => {
    const sub = env.client();
    expect((await sub.login(LAB_A)).status).toBe(200);
    await sub.call('POST /api/wk/delete');
    expect((await sub.call('PUT /api/user/active', { body: { id: K13 } })).status).toBe(200);
    const r = await sub.call('POST /api/schnellbestellung/wk', { body: { lines: [{ artnr: plain }] } });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: 'forbidden_function', action: 'order' });
    expect(await cartLines(sub)).toEqual([]);
    expect((await sub.call('PUT /api/user/active', { body: { id: K09, password: DEMO_PASSWORD } })).status).toBe(200); // K09 may order: more rights
    expect((await sub.call('POST /api/schnellbestellung/wk', { body: { lines: [{ artnr: plain }] } })).status).toBe(200);
    expect(await cartLines(sub)).toHaveLength(1);
    expect((await sub.call('PUT /api/user/active', { body: { id: 0, password: DEMO_PASSWORD } })).status).toBe(200);
  });
});

describe('order lists from the grid and their CSV export', () => {
  let listId = 0;

  it('saves the lines as a new order list', async () => {
    const r = await c.call('POST /api/schnellbestellung/liste', { body: { name: 'Schnell 1', lines: [{ artnr: `K-${plain}`, menge: '2' }, { artnr: others[0]! }] } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ name: 'Schnell 1', count: 2, added: 2 });
    listId = r.body.result.listId;
    const l = (await c.call('GET /api/favoriten/liste/:listId', { params: { listId } })).body.result;
    expect(l.items.map((i: any) => [i.Artikelnummer, i.menge])).toEqual([[plain, 2], [others[0], 1]]);
  });

  it('imports into an existing list: quantities add up, new articles join', async () => {
    const r = await c.call('POST /api/schnellbestellung/liste', { body: { listId, lines: [{ artnr: plain, menge: 3 }, { artnr: others[1]! }] } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ listId, count: 3, added: 2 });
    const l = (await c.call('GET /api/favoriten/liste/:listId', { params: { listId } })).body.result;
    expect(l.items.find((i: any) => i.Artikelnummer === plain)!.menge).toBe(5);
  });

  it('invalid lines or a bad name write nothing', async () => {
    const before = (await c.call('GET /api/favoriten/listen')).body.result.length;
    expect((await c.call('POST /api/schnellbestellung/liste', { body: { name: 'Schnell 2', lines: [{ artnr: plain }, { artnr: 'XYZ-0' }] } })).body)
      .toMatchObject({ error: 'quick_order_invalid', lines: [{ index: 1, error: 'error_artnr' }] });
    expect((await c.call('POST /api/schnellbestellung/liste', { body: { name: '   ', lines: [{ artnr: plain }] } })).status).toBe(400);
    expect((await c.call('POST /api/schnellbestellung/liste', { body: { name: 'x', listId, lines: [{ artnr: plain }] } })).status).toBe(400);
    expect((await c.call('GET /api/favoriten/listen')).body.result.length).toBe(before);
  });

  it('exports a list as CSV that the quick order reads back', async () => {
    const r = await c.get(`/api/favoriten/liste/${listId}/export.csv?lang=de&country=de`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/attachment; filename="bestellliste-Schnell_1\.csv"/);
    const rows = r.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(rows[0]).toBe('Artikelnummer;Menge;Bezeichnung;Gebinde;Preis;Waehrung');
    expect(rows).toHaveLength(4);
    expect(rows[1]!.startsWith(`${plain};5;`)).toBe(true);
    const parsed = parseOrderBlock(r.text);
    expect(parsed.lines.map((l) => [l.artnr, l.menge])).toEqual([[plain, '5'], [others[0], '1'], [others[1], '1']]);
  });

  it('writes the pack sizes in the export\'s language, not the catalogue\'s German notation', async () => {
    const pick = async (like: string) => (await env.db.selectFrom('articles').select(['artnr', 'gebinde']).where('aus_sortiment', '=', 0)
      .where('ist_referenz', '=', 0).where('gebinde', 'like', like).orderBy('artnr').limit(1).executeTakeFirstOrThrow());
    const [set, piece] = [await pick('% Z'), await pick('% Stk')];
    const made = await c.call('POST /api/schnellbestellung/liste', { body: { name: 'Gebinde', lines: [{ artnr: set.artnr }, { artnr: piece.artnr }] } });
    expect(made.status).toBe(200);
    const r = await c.get(`/api/favoriten/liste/${made.body.result.listId}/export.csv?lang=fr&country=de`);
    const rows = r.text.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((l) => l.split(';'));
    expect(rows.map((x) => [x[0], x[3]])).toEqual([[set.artnr, packSize(set.gebinde, 'fr')], [piece.artnr, packSize(piece.gebinde, 'fr')]]);
    expect(rows.map((x) => x[3]).join(' ')).toMatch(/^\d+\u00a0dents \d+\u00a0pièces?$/);
  });

  it('another customer\'s list is neither importable nor exportable (404), and stays unchanged', async () => {
    const b = env.client();
    expect((await b.login(LAB_B)).status).toBe(200);
    expect((await b.call('GET /api/favoriten/liste/:listId/export.csv', { params: { listId } })).status).toBe(404);
    const r = await b.call('POST /api/schnellbestellung/liste', { body: { listId, lines: [{ artnr: others[2]! }] } });
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
    expect((await c.call('GET /api/favoriten/liste/:listId', { params: { listId } })).body.result.items).toHaveLength(3);
    expect((await env.client().call('GET /api/favoriten/liste/:listId/export.csv', { params: { listId } })).status).toBe(401);
  });
});
