import zlib from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeLayout } from '../../server/modules/labels.ts';
import { expectLimitHolds, LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';
import { pdfToText } from './pdf-text.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let guest: Client;
let arts: string[];

const base = {
  name: 'Zweispaltig', paper: 'A4', orientation: 'portrait', rows: 3, cols: 2,
  margins: { top: 10, right: 10, bottom: 10, left: 10 }, padding: 2, non_printable: 3, width: 90, height: 80,
  sort: 'standard', offset: 0, code_type: 'qr',
};

/** The harness reads bodies as text; PDFs need the bytes. */
async function rawReq(c: Client, method: string, url: string, body?: unknown) {
  const cookies = (c as unknown as { cookies: Map<string, string> }).cookies;
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await env.app.request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** Per page: the number of drawn images (Do operators) and the article numbers printed, in drawing order (pdftotext -raw). */
async function pdfPages(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const texts = pdfToText(bytes).split('\f');
  const known = new Set(arts);
  return doc.getPages().map((p, i) => {
    const contents = p.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    let ops = '';
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      ops += s.dict.get(PDFName.of('Filter')) ? zlib.inflateSync(s.contents).toString('latin1') : Buffer.from(s.contents).toString('latin1');
    }
    const labels = (texts[i] ?? '').split(/\s+/).filter((w) => known.has(w));
    return { images: [...ops.matchAll(/\/\S+ Do\b/g)].length, labels, size: p.getSize() };
  });
}

beforeAll(async () => {
  env = await setupApi();
  a = env.client(); b = env.client(); guest = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
  arts = (await env.db.selectFrom('articles').select('artnr').orderBy('artnr').limit(8).execute()).map((r) => r.artnr);
  expect(arts.length).toBe(8);
});
afterAll(async () => { await env.close(); });

describe('label templates', () => {
  it('needs a login', async () => {
    expect((await guest.call('GET /api/labels/templates')).status).toBe(401);
    expect((await guest.call('POST /api/labels/print', { body: { templateId: 1, artnrs: [{ artnr: 'x', count: 1 }] } })).status).toBe(401);
  });

  it('creates, reads, changes, lists and deletes a template', async () => {
    const r = await a.call('POST /api/labels/templates', { body: base  as never});
    expect(r.status).toBe(200);
    const t = r.body.result;
    expect(t).toMatchObject({ name: 'Zweispaltig', rows: 3, cols: 2, labelsPerPage: 6, warnings: [], page: { width: 210, height: 297 } });
    expect((await a.call('GET /api/labels/templates/:id', { params: { id: t.id } })).body.result.width).toBe(90);
    const u = await a.call('PUT /api/labels/templates/:id', { params: { id: t.id }, body: { name: 'Neu', sort: 'artnr', margins: { top: 12 } } });
    expect(u.status).toBe(200);
    expect(u.body.result).toMatchObject({ name: 'Neu', sort: 'artnr', margins: { top: 12, right: 10, bottom: 10, left: 10 } });
    const list = await a.call('GET /api/labels/templates');
    expect(list.body.result.map((x: any) => x.id)).toContain(t.id);
    expect((await a.call('DELETE /api/labels/templates/:id', { params: { id: t.id } })).body.result.deleted).toBe(t.id);
    expect((await a.call('GET /api/labels/templates/:id', { params: { id: t.id } })).status).toBe(404);
    expect((await a.call('DELETE /api/labels/templates/:id', { params: { id: t.id } })).status).toBe(404);
  });

  it('fills defaults and accepts the shared sort names', async () => {
    const r = await a.call('POST /api/labels/templates', { body: { name: 'Minimal', rows: 8, cols: 3, width: 70, height: 37, sort: 'product_name' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ paper: 'A4', orientation: 'portrait', sort: 'name', code_type: 'qr', offset: 0, warnings: ['printerMarginWarning'] });
    const presets = (await a.call('GET /api/labels/presets')).body.result;
    expect(presets.length).toBeGreaterThan(0);
    for (const p of presets) expect([p.key, computeLayout(p) !== null]).toEqual([p.key, true]);
  });

  it('warns about margins under the recommended printer margin of 3 mm', async () => {
    const r = await a.call('POST /api/labels/templates', { body: { ...base, margins: { top: 2, right: 10, bottom: 10, left: 10 }, non_printable: 0 }  as never});
    expect(r.status).toBe(200);
    expect(r.body.result.warnings).toEqual(['printerMarginWarning']);
  });

  it('rejects invalid fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'invalid_name'], [{ name: 'x'.repeat(61) }, 'invalid_name'], [{ paper: 'A3' }, 'invalid_paper'],
      [{ orientation: 'diagonal' }, 'invalid_orientation'], [{ rows: 0 }, 'invalid_rows'], [{ cols: 31 }, 'invalid_cols'],
      [{ rows: 1.5 }, 'invalid_rows'], [{ margins: { top: -1, right: 0, bottom: 0, left: 0 } }, 'invalid_margin'],
      [{ margins: { top: 51, right: 0, bottom: 0, left: 0 } }, 'invalid_margin'], [{ padding: 60 }, 'invalid_padding'],
      [{ non_printable: -2 }, 'invalid_non_printable'], [{ width: 0 }, 'invalid_size'], [{ height: -5 }, 'invalid_size'],
      [{ sort: 'random' }, 'invalid_sort'], [{ code_type: 'ean13' }, 'invalid_code_type'], [{ offset: 6 }, 'invalid_offset'],
      [{ offset: -1 }, 'invalid_offset'],
    ];
    for (const [patch, key] of cases) {
      const r = await a.call('POST /api/labels/templates', { body: { ...base, ...patch }  as never});
      expect([r.status, r.body.error, JSON.stringify(patch)]).toEqual([400, key, JSON.stringify(patch)]);
    }
  });

  it('rejects templates whose labels do not fit on the page', async () => {
    for (const patch of [
      { cols: 3, width: 80 }, // 240 mm on 210 mm paper
      { rows: 4 }, // 320 mm on 297 mm
      { orientation: 'landscape' }, // 3 × 80 mm rows on 210 mm height
      { padding: 45 }, // nothing left inside the label
      { margins: { top: 0, right: 0, bottom: 0, left: 0 }, padding: 0, non_printable: 4 }, // content in the unprintable edge
    ]) {
      const r = await a.call('POST /api/labels/templates', { body: { ...base, ...patch }  as never});
      expect([r.status, r.body.error]).toEqual([400, 'label_does_not_fit']);
    }
    const t = (await a.call('POST /api/labels/templates', { body: base  as never})).body.result;
    const u = await a.call('PUT /api/labels/templates/:id', { params: { id: t.id }, body: { width: 120 } });
    expect(u.body.error).toBe('label_does_not_fit');
    expect((await a.call('PUT /api/labels/templates/:id', { params: { id: t.id }, body: { rows: 0 } })).body.error).toBe('invalid_rows');
    // custom paper is as big as margins plus labels
    const c = await a.call('POST /api/labels/templates', { body: { ...base, paper: 'custom', rows: 1, cols: 1, width: 57, height: 32, margins: { top: 0, right: 0, bottom: 0, left: 0 }, non_printable: 0 }  as never});
    expect(c.body.result.page).toEqual({ width: 57, height: 32 });
  });

  it('spreads the space left between the labels like a label sheet', () => {
    const l = computeLayout({ ...base, rows: 7, cols: 2, width: 99.1, height: 38.1, margins: { top: 15.15, right: 4.65, bottom: 15.15, left: 4.65 }, non_printable: 0 } as any)!;
    expect(l.gapX).toBeCloseTo(2.5, 5);
    expect(l.gapY).toBeCloseTo(0, 5);
    const c = l.cell(3); // row 2, column 2
    expect(c.x).toBeCloseTo(4.65 + 99.1 + 2.5, 6);
    expect(c.y).toBeCloseTo(15.15 + 38.1, 6);
  });

  it('keeps templates private (404 for another customer)', async () => {
    const t = (await a.call('POST /api/labels/templates', { body: base  as never})).body.result;
    expect((await b.call('GET /api/labels/templates/:id', { params: { id: t.id } })).status).toBe(404);
    expect((await b.call('PUT /api/labels/templates/:id', { params: { id: t.id }, body: { name: 'Meins' } })).status).toBe(404);
    expect((await b.call('DELETE /api/labels/templates/:id', { params: { id: t.id } })).status).toBe(404);
    expect((await b.call('GET /api/labels/templates')).body.result.some((x: any) => x.id === t.id)).toBe(false);
    expect((await b.call('POST /api/labels/print', { body: { templateId: t.id, artnrs: [{ artnr: arts[0]!, count: 1 }] } })).status).toBe(404);
    expect((await b.call('GET /api/labels/print/:artn', { params: { artn: arts[0]! }, query: { templateId: String(t.id) } })).status).toBe(404);
    expect((await a.call('GET /api/labels/templates/:id', { params: { id: t.id } })).body.result.name).toBe('Zweispaltig');
  });
});

describe('printing', () => {
  let tpl: number;
  beforeAll(async () => { tpl = (await a.call('POST /api/labels/templates', { body: { ...base, name: 'Druck' }  as never})).body.result.id; });

  it('needs a template', async () => {
    const r = await a.call('POST /api/labels/print', { body: { artnrs: [{ artnr: arts[0]!, count: 1 }] } as never });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('print_template_required');
    expect((await a.call('GET /api/labels/print/:artn', { params: { artn: arts[0]! } })).body.error).toBe('print_template_required');
    expect((await a.call('POST /api/labels/print', { body: { templateId: 99999999, artnrs: [{ artnr: arts[0]!, count: 1 }] } })).status).toBe(404);
  });

  it('rejects bad article input', async () => {
    expect((await a.call('POST /api/labels/print', { body: { templateId: tpl } as never })).body.error).toBe('print_articles_required');
    expect((await a.call('POST /api/labels/print', { body: { templateId: tpl, artnrs: [] } })).body.error).toBe('print_articles_required');
    const unknown = await a.call('POST /api/labels/print', { body: { templateId: tpl, artnrs: [{ artnr: 'NIX999', count: 1 }] } });
    expect([unknown.status, unknown.body.error]).toEqual([400, 'error_artnr']);
    expect((await a.call('POST /api/labels/print', { body: { templateId: tpl, artnrs: [{ artnr: arts[0]!, count: 0 }] } })).body.error).toBe('error_menge');
    expect((await a.call('POST /api/labels/print', { body: { templateId: tpl, artnrs: [{ artnr: arts[0]!, count: 1 }], offset: 6 } })).body.error).toBe('invalid_offset');
    expect((await a.call('POST /api/labels/print', { body: { templateId: tpl, artnrs: [{ artnr: arts[0]!, count: 999 }, { artnr: arts[1]!, count: 999 }, { artnr: arts[2]!, count: 999 }, { artnr: arts[3]!, count: 999 }, { artnr: arts[4]!, count: 999 }, { artnr: arts[5]!, count: 999 }] } })).body.error).toBe('too_many_labels');
  });

  it('lays out rows × cols labels per page', async () => {
    const r = await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, artnrs: [{ artnr: arts[0], count: 5 }, { artnr: arts[1], count: 3 }] });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfPages(r.bytes);
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.images)).toEqual([6, 2]);
    expect(pages[0]!.size.width).toBeCloseTo(595.28, 1);
    expect(pages.flatMap((p) => p.labels)).toEqual([...Array(5).fill(arts[0]), ...Array(3).fill(arts[1])]);
  });

  it('starts at label N (offset)', async () => {
    const r = await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, artnrs: [{ artnr: arts[2], count: 8 }], offset: 4 });
    const pages = await pdfPages(r.bytes);
    expect(pages.map((p) => p.images)).toEqual([2, 6]); // 4 skipped + 8 = 12 positions
    const one = await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, artnrs: [{ artnr: arts[2], count: 2 }], offset: 4 });
    expect((await pdfPages(one.bytes)).map((p) => p.images)).toEqual([2]);
    // the template's own offset is the default
    await a.call('PUT /api/labels/templates/:id', { params: { id: tpl }, body: { offset: 5 } });
    const def = await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, artnrs: [{ artnr: arts[2], count: 2 }] });
    expect((await pdfPages(def.bytes)).map((p) => p.images)).toEqual([1, 1]);
    await a.call('PUT /api/labels/templates/:id', { params: { id: tpl }, body: { offset: 0 } });
  });

  it('sorts per template', async () => {
    const wanted = [{ artnr: arts[3], count: 1 }, { artnr: arts[1], count: 1 }, { artnr: arts[2], count: 1 }];
    const std = await pdfPages((await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, artnrs: wanted })).bytes);
    expect(std[0]!.labels).toEqual([arts[3], arts[1], arts[2]]);
    await a.call('PUT /api/labels/templates/:id', { params: { id: tpl }, body: { sort: 'artnr' } });
    const byNr = await pdfPages((await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, artnrs: wanted })).bytes);
    expect(byNr[0]!.labels).toEqual([...[arts[3], arts[1], arts[2]]].sort((x, y) => x!.localeCompare(y!, 'de', { numeric: true })));
    await a.call('PUT /api/labels/templates/:id', { params: { id: tpl }, body: { sort: 'standard' } });
  });

  it('prints an order list or the favourites (one label per article)', async () => {
    const list = await env.db.insertInto('order_lists').values({ kdnr: LAB_A, name: 'Etiketten', created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    for (const [i, artnr] of arts.slice(0, 3).entries()) {
      await env.db.insertInto('order_list_items').values({ kdnr: LAB_A, list_id: Number(list.id), artnr, menge: 5, added_at: `${now.slice(0, 19)}.00${i}Z` }).execute();
    }
    const r = await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, listId: Number(list.id) });
    expect(r.status).toBe(200);
    expect((await pdfPages(r.bytes)).map((p) => p.images)).toEqual([3]);
    expect((await b.call('POST /api/labels/print', { body: { templateId: tpl, listId: Number(list.id) } })).status).toBe(404);
    const mine = (await b.call('POST /api/labels/templates', { body: base  as never})).body.result.id;
    expect((await b.call('POST /api/labels/print', { body: { templateId: mine, listId: Number(list.id) } })).status).toBe(404);

    await env.db.deleteFrom('order_list_items').where('kdnr', '=', LAB_A).where('list_id', '=', 0).execute();
    expect((await a.call('POST /api/labels/print', { body: { templateId: tpl, listId: 0 } })).body.error).toBe('print_articles_required');
    await env.db.insertInto('order_list_items').values({ kdnr: LAB_A, list_id: 0, artnr: arts[4]!, menge: 1, added_at: now }).execute();
    const fav = await rawReq(a, 'POST', '/api/labels/print', { templateId: tpl, listId: 0 });
    expect((await pdfPages(fav.bytes)).flatMap((p) => p.labels)).toEqual([arts[4]]);
  });

  it('prints DataMatrix and Code-128 labels', async () => {
    for (const code_type of ['datamatrix', 'code128']) {
      const t = (await a.call('POST /api/labels/templates', { body: { ...base, code_type, name: code_type } as never })).body.result.id;
      const r = await rawReq(a, 'POST', '/api/labels/print', { templateId: t, artnrs: [{ artnr: arts[5], count: 7 }] });
      expect(r.status).toBe(200);
      expect((await pdfPages(r.bytes)).map((p) => p.images)).toEqual([6, 1]);
    }
  });

  it('prints one article via GET labels/print/{artn}', async () => {
    const r = await rawReq(a, 'GET', `/api/labels/print/${encodeURIComponent(arts[6]!)}?templateId=${tpl}`);
    expect(r.status).toBe(200);
    const pages = await pdfPages(r.bytes);
    expect(pages.map((p) => p.images)).toEqual([1]);
    expect(pages[0]!.labels).toEqual([arts[6]]);
    const three = await rawReq(a, 'GET', `/api/labels/print/${encodeURIComponent(arts[6]!)}?templateId=${tpl}&count=3&offset=5`);
    expect((await pdfPages(three.bytes)).map((p) => p.images)).toEqual([1, 2]);
    expect((await a.call('GET /api/labels/print/:artn', { params: { artn: 'NIX999' }, query: { templateId: String(tpl) } })).body.error).toBe('error_artnr');
    expect((await a.call('GET /api/labels/print/:artn', { params: { artn: arts[6]! }, query: { templateId: String(tpl), count: 0 } })).body.error).toBe('error_menge');
  });
});

describe('QR quiet zone (issue 12)', () => {
  it('a QR label keeps 4 white modules around the code on the rendered page', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const { execFileSync } = await import('node:child_process');
    const sharp = (await import('sharp')).default;
    // padding 0 and a text column beside the code: nothing but the quiet zone separates the code from the label's edge
    const t = (await a.call('POST /api/labels/templates', { body: { ...base, name: 'QR ohne Rand', padding: 0, non_printable: 0, rows: 1, cols: 1, width: 90, height: 40 }  as never})).body.result;
    const pdf = await rawReq(a, 'POST', '/api/labels/print', { templateId: t.id, artnrs: [{ artnr: arts[0], count: 1 }] });
    expect(pdf.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-quiet-'));
    fs.writeFileSync(path.join(dir, 'l.pdf'), pdf.bytes);
    const dpi = 600;
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', path.join(dir, 'l.pdf'), path.join(dir, 'p')]);
    const { data, info } = await sharp(path.join(dir, 'p.png')).greyscale().raw().toBuffer({ resolveWithObject: true });
    fs.rmSync(dir, { recursive: true, force: true });
    const layout = computeLayout({ ...base, padding: 0, non_printable: 0, rows: 1, cols: 1, width: 90, height: 40 } as any)!;
    const px = (mm: number) => Math.round((mm / 25.4) * dpi);
    const cell = layout.cell(0);
    // the code image is a square from the cell's top-left corner with the cell's height
    const x0 = px(cell.x), y0 = px(cell.y), side = px(Math.min(40, 90 * 0.45));
    const dark = (x: number, y: number) => data[y * info.width + x]! < 128;
    let fy = -1, fx = -1;
    for (let y = y0; y < y0 + side && fy < 0; y++) for (let x = x0; x < x0 + side; x++) if (dark(x, y)) { fy = y; fx = x; break; }
    expect(fy).toBeGreaterThan(0);
    let run = 0;
    while (dark(fx + run, fy)) run++;
    const module = run / 7; // the top-left finder pattern is 7 modules wide
    expect((fx - x0) / module).toBeGreaterThanOrEqual(3.9);
    expect((fy - y0) / module).toBeGreaterThanOrEqual(3.9);
  });
});

describe('template changes under parallel calls', () => {
  it('two partial changes of a template at once keep both', async () => {
    // each change read the template, merged its fields and wrote the whole template back
    for (let round = 0; round < 6; round++) {
      const id = (await a.call('POST /api/labels/templates', { body: { ...base, name: `Beide ${round}` } as never })).body.result.id;
      const answers = await Promise.all([
        a.call('PUT /api/labels/templates/:id', { params: { id }, body: { name: `Neu ${round}` } as never }),
        a.call('PUT /api/labels/templates/:id', { params: { id }, body: { offset: 1 } as never }),
      ]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      const row = await env.db.selectFrom('label_templates').select(['name', 'offset']).where('id', '=', id).executeTakeFirst();
      expect(row).toEqual({ name: `Neu ${round}`, offset: 1 });
    }
  });
});

describe('the limit of 100 templates under parallel creates', () => {
  it('parallel creates at 98 templates make exactly 100 (the others 409 too_many_templates)', async () => {
    const c = env.client();
    expect((await c.login(LAB_B)).status).toBe(200);
    const create = (name: string) => c.call('POST /api/labels/templates', { body: { ...base, name } as never });
    await expectLimitHolds({
      max: 100,
      rows: () => env.db.selectFrom('label_templates').where('kdnr', '=', LAB_B),
      fill: async (missing) => { for (let i = 0; i < missing; i++) expect((await create(`Filler ${i}`)).status).toBe(200); },
      create: (round, i) => create(`Parallel ${round}-${i}`),
      refusal: [409, 'too_many_templates'],
      cleanUp: async () => { await env.db.deleteFrom('label_templates').where('kdnr', '=', LAB_B).where('name', 'like', 'Parallel %').execute(); },
    });
    await env.db.deleteFrom('label_templates').where('kdnr', '=', LAB_B).where('name', 'like', 'Filler %').execute();
  });
});
