import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { nowIso } from '../../server/lib/time.ts';
import { LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
let b: Client;
let guest: Client;
let arts: string[];
let uploadDir: string;
let auftragSeq = 990_000_000;

const jpeg = () => sharp({ create: { width: 800, height: 600, channels: 3, background: '#88aacc' } }).jpeg().toBuffer();

async function order(kdnr: number, status: string, lines: { artnr: string; slot?: number | null; status?: string; menge?: number; geliefert?: number }[], createdAt = nowIso()) {
  const auftrag = ++auftragSeq;
  const o = await env.db.insertInto('orders').values({
    kdnr, auftrag, vorgang: auftrag, rechnung: auftrag, created_at: createdAt, status, total: 10, currency: 'EUR', address_json: '{}',
    versandart: 'standard', versanddatum: null, kommentar: '', zahlungsart: 'rechnung', benefit_code: null, discount: 0,
    free_gift_artnr: null, fwt: 0, idempotency_key: null, placed_by_sub_user: null, release_status: 'released', released_by: null, source: 'test',
  }).returning('id').executeTakeFirstOrThrow();
  let pos = 0;
  for (const l of lines) {
    await env.db.insertInto('order_lines').values({
      order_id: o.id, pos: ++pos, artnr: l.artnr, bezeichnung: 'Garnitur', menge: l.menge ?? 1, preis: 10, status: l.status ?? 'delivered',
      geliefert: l.geliefert ?? 0, zahnlager_slot_id: l.slot ?? null,
    }).execute();
  }
  return { id: Number(o.id), auftrag };
}

async function makeDrawer(c: Client, zeilen = 2, spalten = 3) {
  const cab = await c.call('POST /api/zahnlager/schraenke', { body: { name: `Schrank ${Math.random().toString(36).slice(2, 6)}` } });
  expect(cab.status).toBe(200);
  const d = await c.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab.body.result.id }, body: { name: 'Oben', zeilen, spalten } });
  expect(d.status).toBe(200);
  const grid = await c.call('GET /api/zahnlager/schubladen/:id', { params: { id: d.body.result.id } });
  return { schrank: cab.body.result.id as number, schublade: d.body.result.id as number, slots: (grid.body.result.grid as any[][]).flat().map((s) => s.id as number) };
}

beforeAll(async () => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zl-uploads-'));
  config.uploadDir = uploadDir;
  env = await setupApi();
  a = env.client(); b = env.client(); guest = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
  expect((await b.login(LAB_B)).status).toBe(200);
  // plain articles (no set numbers), so seeded tooth-storage data cannot claim the test orders
  arts = (await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('preis', '>', 0.02)
    .where('artnr', 'not like', '%S').where('artnr', 'not like', '%S_').orderBy('artnr').limit(6).execute()).map((r) => r.artnr);
  expect(arts.length).toBe(6);
});
afterAll(async () => { await env.close(); fs.rmSync(uploadDir, { recursive: true, force: true }); });

describe('cabinets and drawers', () => {
  it('needs a login', async () => {
    expect((await guest.call('GET /api/zahnlager')).status).toBe(401);
    expect((await guest.call('GET /api/zahnlager/zubuchen/auto')).status).toBe(401);
  });

  it('creates, reads, renames and lists cabinets with counts', async () => {
    const r = await a.call('POST /api/zahnlager/schraenke', { body: { name: 'Frontzähne' } });
    expect(r.status).toBe(200);
    const id = r.body.result.id;
    expect(r.body.result).toMatchObject({ name: 'Frontzähne', schubladen: [], counts: { slots: 0 } });
    expect((await a.call('PUT /api/zahnlager/schraenke/:id', { params: { id }, body: { name: 'Seitenzähne' } })).body.result.name).toBe('Seitenzähne');
    expect((await a.call('GET /api/zahnlager/schraenke/:id', { params: { id } })).body.result.name).toBe('Seitenzähne');
    const d = await a.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: id }, body: { name: 'S1', zeilen: 4, spalten: 5 } });
    expect(d.status).toBe(200);
    expect(d.body.result.counts.slots).toBe(20);
    const list = await a.call('GET /api/zahnlager');
    expect(list.status).toBe(200);
    const cab = list.body.result.schraenke.find((c: any) => c.id === id);
    expect(cab!.schubladen).toHaveLength(1);
    expect(cab!.counts).toMatchObject({ slots: 20, belegt: 0, selected: 0 });
  });

  it('rejects bad cabinet and drawer input', async () => {
    expect((await a.call('POST /api/zahnlager/schraenke', { body: { name: '' } })).body.error).toBe('invalid_name');
    expect((await a.call('POST /api/zahnlager/schraenke', { body: { name: 'x'.repeat(61) } })).status).toBe(400);
    const cab = (await a.call('POST /api/zahnlager/schraenke', { body: { name: 'Bad' } })).body.result.id;
    const r1 = await a.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab }, body: { name: 'S', zeilen: 21, spalten: 2 } });
    expect(r1.status).toBe(400);
    expect(r1.body.error).toBe('invalid_zeilen');
    expect((await a.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab }, body: { name: 'S', zeilen: 2, spalten: 0 } })).body.error).toBe('invalid_spalten');
    expect((await a.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab }, body: { name: 'S', zeilen: 'x', spalten: 2 } })).status).toBe(400);
    expect((await a.call('PUT /api/zahnlager/schraenke/:id', { params: { id: cab }, body: { name: ' ' } })).body.error).toBe('invalid_name');
    const d = (await a.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank: cab }, body: { name: 'S', zeilen: 2, spalten: 2 } })).body.result.id;
    expect((await a.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank: cab, id: d }, body: { zeilen: 0 } })).body.error).toBe('invalid_zeilen');
    expect((await a.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank: cab, id: d }, body: { spalten: 21 } })).body.error).toBe('invalid_spalten');
    expect((await a.call('GET /api/zahnlager/schraenke/:id', { params: { id: 'abc' } })).status).toBe(400);
    expect((await a.call('GET /api/zahnlager/schraenke/:id', { params: { id: '99999999' } })).status).toBe(404);
  });

  it('resizes drawers, refusing to drop slots that hold a set', async () => {
    const { schrank, schublade, slots } = await makeDrawer(a, 2, 3);
    const grow = await a.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade }, body: { zeilen: 3 } });
    expect(grow.status).toBe(200);
    expect(grow.body.result.counts.slots).toBe(9);
    const grid = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: schublade } })).body.result.grid as any[][];
    expect(grid).toHaveLength(3);
    expect(grid[2]).toHaveLength(3);
    const last = grid[0]![2].id; // row 1, column 3
    expect((await a.call('PUT /api/zahnlager/slots/:id', { params: { id: last }, body: { artikelnummer: arts[0], belegt: 1 } })).status).toBe(200);
    const shrink = await a.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade }, body: { spalten: 2 } });
    expect(shrink.status).toBe(409);
    expect(shrink.body.error).toBe('schublade_not_empty');
    expect((await a.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade }, body: { zeilen: 2, name: 'Neu' } })).body.result).toMatchObject({ zeilen: 2, name: 'Neu' });
    expect(slots).toHaveLength(6);
  });

  it('deletes drawers and cabinets with their slots', async () => {
    const { schrank, schublade } = await makeDrawer(a);
    const del = await a.call('DELETE /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade } });
    expect(del.body.result).toMatchObject({ deleted: schublade, slots: 6 });
    expect((await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: schublade } })).status).toBe(404);
    const d2 = await a.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank }, body: { name: 'X', zeilen: 1, spalten: 2 } });
    expect((await a.call('DELETE /api/zahnlager/schraenke/:id', { params: { id: schrank } })).body.result).toMatchObject({ schubladen: 1, slots: 2 });
    expect((await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: d2.body.result.id } })).status).toBe(404);
    expect((await a.call('DELETE /api/zahnlager/schraenke/:id', { params: { id: schrank } })).status).toBe(404);
  });
});

describe('slots, selection, cart', () => {
  it('edits a slot; an unknown article answers error_artnr', async () => {
    const { slots, schublade } = await makeDrawer(a);
    const r = await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: arts[1], belegt: 1 } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ artikelnummer: arts[1], belegt: 1, selected: 0, status: '' });
    expect(typeof r.body.result.bezeichnung).toBe('string');
    const bad = await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: 'NOPE-NOT-THERE', belegt: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('error_artnr');
    expect((await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: arts[1], belegt: 7 } as never })).status).toBe(400);
    const grid = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: schublade } })).body.result;
    expect(grid.grid[0]![0]).toMatchObject({ artikelnummer: arts[1], belegt: 1 });
    expect(grid.counts.belegt).toBe(1);
    const onlyBelegt = await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { belegt: 0 } });
    expect(onlyBelegt.body.result).toMatchObject({ artikelnummer: arts[1], belegt: 0 });
    const empty = await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: null } });
    expect(empty.body.result).toMatchObject({ artikelnummer: null, belegt: 0 });
  });

  it('selects (recording belegt), unselects and resets by drawer, cabinet and all', async () => {
    const { schrank, schublade, slots } = await makeDrawer(a);
    for (const s of slots.slice(0, 4)) await a.call('PUT /api/zahnlager/slots/:id', { params: { id: s }, body: { artikelnummer: arts[2], belegt: 1 } });
    const sel = await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[0]! }, body: { belegt: 0 } });
    expect(sel.status).toBe(200);
    expect(sel.body.result).toMatchObject({ selected: 1, belegt: 0, status: 'selected' });
    expect((await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[5]! } })).body.error).toBe('slot_empty');
    expect((await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[0]! }, body: { belegt: 'ja' } as never })).status).toBe(400);
    const un = await a.call('POST /api/zahnlager/slots/:id/unselect', { params: { id: slots[0]! } });
    expect(un.body.result).toMatchObject({ selected: 0, status: '' });

    for (const s of slots.slice(0, 3)) await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: s } });
    expect((await a.call('POST /api/zahnlager/reset', { body: { scope: 'schublade', id: schublade } })).body.result.cleared).toBe(3);
    for (const s of slots.slice(0, 2)) await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: s } });
    expect((await a.call('POST /api/zahnlager/reset', { body: { scope: 'schrank', id: schrank } })).body.result.cleared).toBe(2);
    await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[3]! } });
    expect((await a.call('POST /api/zahnlager/reset', { body: { scope: 'all' } })).body.result.cleared).toBeGreaterThanOrEqual(1);
    const grid = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: schublade } })).body.result;
    expect(grid.counts.selected).toBe(0);

    expect((await a.call('POST /api/zahnlager/reset', { body: { scope: 'schublade' } })).body.error).toBe('invalid_id');
    expect((await a.call('POST /api/zahnlager/reset', { body: { scope: 'regal', id: 1 } as never })).body.error).toBe('invalid_scope');
  });

  it('parallel resizes of one drawer all succeed and leave one slot per cell', async () => {
    // on PostgreSQL every resize read the same cells before the first one's new slots committed and inserted
    // them again (500 from the unique index on drawer, row and column)
    const { schrank, schublade } = await makeDrawer(b, 1, 1);
    for (let round = 2; round < 8; round++) {
      const answers = await Promise.all([1, 2, 3].map(() =>
        b.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade }, body: { zeilen: round, spalten: round } })));
      expect(answers.map((r) => [r.status, r.body.error])).toEqual([[200, undefined], [200, undefined], [200, undefined]]);
      const slots = await env.db.selectFrom('zahnlager_slots').select('id').where('schublade_id', '=', schublade).execute();
      expect(slots).toHaveLength(round * round);
    }
  });

  it('a set stored while its drawer shrinks keeps its slot (the shrink answers 409 schublade_not_empty, or the slot is gone)', async () => {
    // the shrink read the cell empty, the slot change stored a set and committed, the shrink deleted the slot with it
    for (let round = 0; round < 6; round++) {
      const { schrank, schublade, slots } = await makeDrawer(b, 1, 2);
      const [shrink, store] = await Promise.all([
        b.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade }, body: { spalten: 1 } }),
        b.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[1]! }, body: { artikelnummer: arts[5], belegt: 1 } }),
      ]);
      const kept = await env.db.selectFrom('zahnlager_slots').select('artikelnummer').where('id', '=', slots[1]!).executeTakeFirst();
      if (shrink.status === 200) expect([store.status, kept]).toEqual([404, undefined]);
      else expect([shrink.status, shrink.body.error, store.status, kept?.artikelnummer]).toEqual([409, 'schublade_not_empty', 200, arts[5]]);
    }
  });

  it('a drawer created or resized while its cabinet or drawer is deleted leaves no drawer or slot of nothing', async () => {
    // the creation checked the cabinet, the deletion removed its drawers, then the new drawer and its slots were stored
    for (let round = 0; round < 8; round++) {
      const { schrank, schublade } = await makeDrawer(b, 1, 1);
      const [grow, delDrawer] = await Promise.all([
        b.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade }, body: { zeilen: 4, spalten: 4 } }),
        b.call('DELETE /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade } }),
      ]);
      expect(delDrawer.status).toBe(200);
      expect([200, 404]).toContain(grow.status);
      expect(await env.db.selectFrom('zahnlager_slots').select('id').where('schublade_id', '=', schublade).execute()).toEqual([]);
      const [create, delCabinet] = await Promise.all([
        b.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank }, body: { name: 'Neu', zeilen: 2, spalten: 2 } }),
        b.call('DELETE /api/zahnlager/schraenke/:id', { params: { id: schrank } }),
      ]);
      expect(delCabinet.status).toBe(200);
      expect([200, 404]).toContain(create.status);
      const orphans = await env.db.selectFrom('schubladen').select('id').where('schrank_id', '=', schrank).execute();
      expect(orphans).toEqual([]);
      if (create.status === 200) {
        expect(await env.db.selectFrom('zahnlager_slots').select('id').where('schublade_id', '=', create.body.result.id).execute()).toEqual([]);
      }
    }
  });

  it('a parallel double send to the cart adds the selected sets once', async () => {
    // on PostgreSQL every call could read the same selected slots before the first committed, and each added them
    const { slots } = await makeDrawer(b, 1, 2);
    for (const s of slots) await b.call('PUT /api/zahnlager/slots/:id', { params: { id: s }, body: { artikelnummer: arts[5], belegt: 1 } });
    for (let round = 0; round < 6; round++) {
      await b.call('POST /api/wk/delete');
      await b.call('POST /api/zahnlager/reset', { body: { scope: 'all' } });
      for (const s of slots) await b.call('POST /api/zahnlager/slots/:id/select', { params: { id: s } });
      const answers = await Promise.all([1, 2, 3, 4].map(() => b.call('POST /api/zahnlager/wk')));
      expect(answers.map((r) => [r.status, r.body.error]).sort()).toEqual([[200, undefined],
        [400, 'zahnlager_nothing_selected'], [400, 'zahnlager_nothing_selected'], [400, 'zahnlager_nothing_selected']]);
      const cart = await env.db.selectFrom('cart_items').select('menge').where('kdnr', '=', LAB_B).where('artnr', '=', arts[5]!).executeTakeFirst();
      expect(cart?.menge).toBe(2);
    }
  });

  it('a parallel double release of a slot takes its set out of the cart once', async () => {
    // on PostgreSQL both calls could read the slot as processing and each took one set out of the cart
    const { slots } = await makeDrawer(b, 1, 1);
    await b.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: arts[5], belegt: 1 } });
    for (let round = 0; round < 6; round++) {
      await b.call('POST /api/wk/delete');
      await b.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[0]! } });
      expect((await b.call('POST /api/zahnlager/wk')).status).toBe(200);
      expect((await b.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: arts[5]!, qty: 3 } })).status).toBe(200);
      const answers = await Promise.all([1, 2, 3, 4].map(() => b.call('POST /api/zahnlager/slots/:id/release', { params: { id: slots[0]! } })));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const cart = await env.db.selectFrom('cart_items').select('menge').where('kdnr', '=', LAB_B).where('artnr', '=', arts[5]!).executeTakeFirst();
      expect(cart?.menge).toBe(2);
    }
  });

  it('puts selected sets into the cart and marks them processing', async () => {
    await a.call('POST /api/zahnlager/reset', { body: { scope: 'all' } });
    expect((await a.call('POST /api/zahnlager/wk')).body.error).toBe('zahnlager_nothing_selected');
    const { slots, schublade } = await makeDrawer(a);
    await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: arts[3], belegt: 0 } });
    await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[1]! }, body: { artikelnummer: arts[3], belegt: 0 } });
    await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[2]! }, body: { artikelnummer: arts[4], belegt: 1 } });
    for (const s of slots.slice(0, 3)) await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: s } });
    const before = await env.db.selectFrom('cart_items').select('menge').where('kdnr', '=', LAB_A).where('artnr', '=', arts[3]!).executeTakeFirst();
    const r = await a.call('POST /api/zahnlager/wk');
    expect(r.status).toBe(200);
    expect(r.body.result.added).toEqual(expect.arrayContaining([{ artnr: arts[3], menge: 2 }, { artnr: arts[4], menge: 1 }]));
    expect(r.body.result.wkcounter).toBeGreaterThanOrEqual(2);
    const cart = await env.db.selectFrom('cart_items').select('menge').where('kdnr', '=', LAB_A).where('artnr', '=', arts[3]!).executeTakeFirst();
    expect(cart!.menge).toBe((before?.menge ?? 0) + 2);
    const grid = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: schublade } })).body.result;
    expect(grid.grid[0]!.slice(0, 3).map((s: any) => s.status)).toEqual(['processing', 'processing', 'processing']);
    expect(grid.counts.processing).toBe(3);
    // price-on-request articles have no cart button: they stay selected and the call says so
    const req = await env.db.selectFrom('articles').select('artnr').where('preis', 'in', [0.01, 0.02]).where('aus_sortiment', '=', 0).limit(1).executeTakeFirst();
    if (req) {
      await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[3]! }, body: { artikelnummer: req.artnr, belegt: 1 } });
      await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[3]! } });
      const refused = await a.call('POST /api/zahnlager/wk');
      expect([refused.status, refused.body.error, refused.body.skipped?.[0]?.artnr]).toEqual([400, 'error_artnr', req.artnr]);
      await a.call('POST /api/zahnlager/slots/:id/unselect', { params: { id: slots[3]! } });
    }
    // in an order now: cannot be selected again
    expect((await a.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[0]! } })).status).toBe(409);

    // the order placed afterwards links the slots; the history shows them as being delivered
    await new Promise((res) => setTimeout(res, 5));
    const o = await order(LAB_A, 'open', [{ artnr: arts[3]!, menge: 1 }, { artnr: arts[4]!, menge: 1, status: 'backorder' }]);
    const hist = await a.call('GET /api/zahnlager/bestellhistorie');
    expect(hist.status).toBe(200);
    const ord = hist.body.result.orders.find((x: any) => x.auftrag === o.auftrag);
    expect(ord).toBeTruthy();
    expect(ord!.positionen.map((p: any) => p.state).sort()).toEqual(['backorder', 'delivering']);
    expect(hist.body.result.slots.processing.length).toBeGreaterThanOrEqual(1); // the second arts[3] slot is still waiting
    const one = await a.call('GET /api/zahnlager/bestellhistorie/:auftrag', { params: { auftrag: o.auftrag } });
    expect(one.status).toBe(200);
    expect(one.body.result.positionen).toHaveLength(2);
    expect((await b.call('GET /api/zahnlager/bestellhistorie/:auftrag', { params: { auftrag: o.auftrag } })).status).toBe(404);
    expect((await a.call('GET /api/zahnlager/bestellhistorie', { query: { page: '0' } })).status).toBe(400);
  });
});

describe('processing slots follow the cart (issue 12)', () => {
  const slotRow = (id: number) => env.db.selectFrom('zahnlager_slots').select(['status', 'selected']).where('id', '=', id).executeTakeFirstOrThrow();
  const cartQty = async (artnr: string) => Number((await env.db.selectFrom('cart_items').select('menge').where('kdnr', '=', LAB_B).where('artnr', '=', artnr).executeTakeFirst())?.menge ?? 0);

  async function processing(n: number, artnr: string) {
    const d = await makeDrawer(b, 1, n);
    for (const s of d.slots) { await b.call('PUT /api/zahnlager/slots/:id', { params: { id: s }, body: { artikelnummer: artnr } }); await b.call('POST /api/zahnlager/slots/:id/select', { params: { id: s } }); }
    expect((await b.call('POST /api/zahnlager/wk', { body: { scope: 'schublade', id: d.schublade } })).status).toBe(200);
    return d;
  }

  it('empties the cart (POST wk/delete): the slots leave processing and can be selected again', async () => {
    await b.call('POST /api/wk/delete');
    const { slots, schublade } = await processing(2, arts[0]!);
    expect((await slotRow(slots[0]!)).status).toBe('processing');
    expect((await b.call('POST /api/wk/delete')).status).toBe(200);
    expect([(await slotRow(slots[0]!)).status, (await slotRow(slots[1]!)).status]).toEqual(['', '']);
    const grid = (await b.call('GET /api/zahnlager/schubladen/:id', { params: { id: schublade } })).body.result;
    expect(grid.counts.processing).toBe(0);
    expect((await b.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[0]! } })).status).toBe(200);
    await b.call('POST /api/zahnlager/reset', { body: { scope: 'all' } });
  });

  it('removing or lowering the line releases the slots beyond the cart quantity', async () => {
    await b.call('POST /api/wk/delete');
    const { slots } = await processing(3, arts[1]!);
    expect(await cartQty(arts[1]!)).toBe(3);
    expect((await b.call('POST /api/wk/:artnr/set/:qty', { params: { artnr: arts[1]!, qty: '1' } })).status).toBe(200);
    const states = await Promise.all(slots.map(async (s) => (await slotRow(s)).status));
    expect(states.filter((x) => x === 'processing')).toHaveLength(1);
    expect((await b.call('POST /api/wk/:artnr/delete', { params: { artnr: arts[1]! } })).status).toBe(200);
    expect((await Promise.all(slots.map(async (s) => (await slotRow(s)).status)))).toEqual(['', '', '']);
  });

  it('a user undoes processing of one slot; its set leaves the cart', async () => {
    await b.call('POST /api/wk/delete');
    const { slots } = await processing(2, arts[2]!);
    const r = await b.call('POST /api/zahnlager/slots/:id/release', { params: { id: slots[0]! } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ status: '', selected: 0 });
    expect((await slotRow(slots[1]!)).status).toBe('processing');
    expect(await cartQty(arts[2]!)).toBe(1);
    expect((await a.call('POST /api/zahnlager/slots/:id/release', { params: { id: slots[1]! } })).status).toBe(404);
    await b.call('POST /api/zahnlager/slots/:id/release', { params: { id: slots[1]! } });
    expect(await cartQty(arts[2]!)).toBe(0);
  });

  it('"reset all" counts and undoes processing slots too', async () => {
    await b.call('POST /api/wk/delete');
    await b.call('POST /api/zahnlager/reset', { body: { scope: 'all' } });
    const { slots } = await processing(2, arts[3]!);
    const r = await b.call('POST /api/zahnlager/reset', { body: { scope: 'all' } });
    expect(r.body.result.cleared).toBe(2);
    expect((await slotRow(slots[0]!)).status).toBe('');
    expect(await cartQty(arts[3]!)).toBe(0);
  });

  it('slots carry the set\'s tooth line, shade and mould', async () => {
    const d = (await a.call('GET /api/zahnlager')).body.result.schraenke[0]!.schubladen[0];
    const grid = (await a.call('GET /api/zahnlager/schubladen/:id', { params: { id: d!.id } })).body.result.grid.flat();
    const set = grid.find((s: any) => s.garnitur);
    expect(set).toBeTruthy();
    const props = await env.db.selectFrom('article_properties').select(['prop', 'value']).where('artnr', '=', set!.artikelnummer).execute();
    const p = Object.fromEntries(props.map((x) => [x.prop, x.value]));
    expect({ zahnlinie: set!.zahnlinie, farbe: set!.farbe, form: set!.form }).toEqual({ zahnlinie: p.zahnlinie, farbe: p.farbe, form: p.form });
    expect(set!.farbe).toBeTruthy();
  });

  it('"to cart" acts on its own drawer or cabinet only', async () => {
    await b.call('POST /api/wk/delete');
    await b.call('POST /api/zahnlager/reset', { body: { scope: 'all' } });
    const one = await makeDrawer(b, 1, 2);
    const other = await makeDrawer(b, 1, 2); // another cabinet
    for (const d of [one, other]) for (const s of d.slots) { await b.call('PUT /api/zahnlager/slots/:id', { params: { id: s }, body: { artikelnummer: arts[4] } }); await b.call('POST /api/zahnlager/slots/:id/select', { params: { id: s } }); }
    const r = await b.call('POST /api/zahnlager/wk', { body: { scope: 'schublade', id: one.schublade } });
    expect(r.status).toBe(200);
    expect(r.body.result.added).toEqual([{ artnr: arts[4], menge: 2 }]);
    expect((await slotRow(other.slots[0]!))).toMatchObject({ status: 'selected', selected: 1 });
    const c = await b.call('POST /api/zahnlager/wk', { body: { scope: 'schrank', id: other.schrank } });
    expect(c.body.result.slots.sort()).toEqual([...other.slots].sort());
    expect((await a.call('POST /api/zahnlager/wk', { body: { scope: 'schrank', id: other.schrank } })).status).toBe(404);
    expect((await b.call('POST /api/zahnlager/wk', { body: { scope: 'schublade' } })).body.error).toBe('invalid_id');
    await b.call('POST /api/wk/delete');
  });
});

describe('automatic booking', () => {
  it('books delivered sets once per 15 minutes', async () => {
    await env.db.deleteFrom('zahnlager_checks').where('kdnr', '=', LAB_B).execute();
    const { slots } = await makeDrawer(b, 1, 4);
    await env.db.updateTable('zahnlager_slots').set({ artikelnummer: arts[5]!, status: 'delivering', belegt: 0 }).where('id', 'in', slots.slice(0, 3)).execute();
    await env.db.updateTable('zahnlager_slots').set({ artikelnummer: arts[5]!, status: 'backorder', belegt: 0 }).where('id', '=', slots[3]!).execute();
    await order(LAB_B, 'delivered', [{ artnr: arts[5]!, slot: slots[0] }]);
    await order(LAB_B, 'open', [{ artnr: arts[5]!, slot: slots[1] }]); // not delivered yet
    await order(LAB_B, 'delivered', [{ artnr: arts[5]!, slot: slots[2], status: 'backorder' }]); // delivered without this set
    const bo = await order(LAB_B, 'delivered', [{ artnr: arts[5]!, slot: slots[3], status: 'backorder' }]);

    const bookingsBefore = (await env.db.selectFrom('zahnlager_bookings').selectAll().where('kdnr', '=', LAB_B).execute()).length;
    const mine = (r: any) => (r.body.result.outPositionen as any[]).filter((p) => slots.includes(p.slotId));
    const first = await b.call('GET /api/zahnlager/zubuchen/auto');
    expect(first.status).toBe(200);
    expect(first.body.result.checked).toBe(true);
    expect(mine(first)).toHaveLength(1);
    expect(mine(first)[0]).toMatchObject({ slotId: slots[0], artikelnummer: arts[5], zeile: 1, spalte: 1 });
    const bookedFirst = first.body.result.outPositionen.length;
    const s0 = await env.db.selectFrom('zahnlager_slots').selectAll().where('id', '=', slots[0]!).executeTakeFirstOrThrow();
    expect(s0).toMatchObject({ belegt: 1, selected: 0, status: '' });
    const s2 = await env.db.selectFrom('zahnlager_slots').select('status').where('id', '=', slots[2]!).executeTakeFirstOrThrow();
    expect(s2.status).toBe('backorder');
    expect((await env.db.selectFrom('zahnlager_bookings').selectAll().where('kdnr', '=', LAB_B).execute())).toHaveLength(bookingsBefore + bookedFirst);

    // the back-ordered set arrives: within the interval nothing happens
    await env.db.updateTable('order_lines').set({ status: 'delivered', geliefert: 1 }).where('order_id', '=', bo.id).execute();
    const second = await b.call('GET /api/zahnlager/zubuchen/auto');
    expect(second.body.result).toMatchObject({ checked: false, outPositionen: [] });
    expect((await env.db.selectFrom('zahnlager_slots').select('status').where('id', '=', slots[3]!).executeTakeFirstOrThrow()).status).toBe('backorder');
    expect((await env.db.selectFrom('zahnlager_bookings').selectAll().where('kdnr', '=', LAB_B).execute())).toHaveLength(bookingsBefore + bookedFirst);

    // 15 minutes later it is booked
    await env.db.updateTable('zahnlager_checks').set({ last_check: new Date(Date.now() - 16 * 60_000).toISOString() }).where('kdnr', '=', LAB_B).execute();
    const third = await b.call('GET /api/zahnlager/zubuchen/auto');
    expect(third.body.result.checked).toBe(true);
    expect(mine(third).map((p: any) => p.slotId)).toEqual([slots[3]]);
    expect((await env.db.selectFrom('zahnlager_bookings').selectAll().where('kdnr', '=', LAB_B).where('artikelnummer', '=', arts[5]!)
      .where('slot_id', 'in', slots).execute())).toHaveLength(2);
  });
});

describe('statistics and dashboard', () => {
  it('answers the empty message for a period without bookings', async () => {
    const r = await b.call('GET /api/zahnlager/statistik', { query: { from: '2001-01-01', to: '2001-12-31' } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ empty: true, message: 'Im gewählten Zeitraum konnten keine Daten ermittelt werden' });
  });

  it('groups bookings per day, week and month with top sets', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const rows = await env.db.selectFrom('zahnlager_bookings').select(['artikelnummer', 'menge']).where('kdnr', '=', LAB_B).where('booked_at', '>=', today).execute();
    const total = rows.reduce((n, r) => n + r.menge, 0);
    const mineCount = rows.filter((r) => r.artikelnummer === arts[5]).reduce((n, r) => n + r.menge, 0);
    expect(mineCount).toBeGreaterThanOrEqual(2);
    for (const group of ['day', 'week', 'month']) {
      const r = await b.call('GET /api/zahnlager/statistik', { query: { from: today, to: today, group } });
      expect(r.status).toBe(200);
      const st = r.body.result;
      expect(st.empty).toBe(false);
      if (st.empty) continue;
      expect(st.total).toBe(total);
      expect(st.perioden).toHaveLength(1);
      expect(st.perioden[0]!.count).toBe(total);
      expect(st.topGarnituren).toContainEqual(expect.objectContaining({ artikelnummer: arts[5], count: mineCount }));
    }
    const year = (await b.call('GET /api/zahnlager/statistik', { query: { group: 'month' } })).body.result;
    expect(year.empty).toBe(false);
    if (year.empty) return;
    expect(year.total).toBeGreaterThanOrEqual(total);
    expect(year.perioden.length).toBeGreaterThanOrEqual(12);
  });

  it('rejects bad periods', async () => {
    expect((await b.call('GET /api/zahnlager/statistik', { query: { group: 'year' } })).body.error).toBe('invalid_group');
    expect((await b.call('GET /api/zahnlager/statistik', { query: { from: '2026-13-01' } })).body.error).toBe('invalid_date');
    expect((await b.call('GET /api/zahnlager/statistik', { query: { from: '2026-05-01', to: '2026-04-01' } })).body.error).toBe('invalid_date');
  });

  it('shows the last 7 days on the dashboard', async () => {
    const r = await b.call('GET /api/zahnlager/dashboard');
    expect(r.status).toBe(200);
    expect(r.body.result.perDay).toHaveLength(7);
    expect(r.body.result.bookings).toBeGreaterThanOrEqual(2);
    expect(r.body.result.counts.belegt).toBeGreaterThanOrEqual(2);
    expect((await guest.call('GET /api/zahnlager/dashboard')).status).toBe(401);
  });
});

describe('isolation', () => {
  it('another customer cannot read or change cabinets, drawers or slots (404)', async () => {
    const { schrank, schublade, slots } = await makeDrawer(a);
    await a.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: arts[0], belegt: 1 } });
    expect((await b.call('GET /api/zahnlager/schraenke/:id', { params: { id: schrank } })).status).toBe(404);
    expect((await b.call('PUT /api/zahnlager/schraenke/:id', { params: { id: schrank }, body: { name: 'Mein' } })).status).toBe(404);
    expect((await b.call('DELETE /api/zahnlager/schraenke/:id', { params: { id: schrank } })).status).toBe(404);
    expect((await b.call('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank }, body: { name: 'X', zeilen: 1, spalten: 1 } })).status).toBe(404);
    expect((await b.call('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade }, body: { name: 'X' } })).status).toBe(404);
    expect((await b.call('DELETE /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id: schublade } })).status).toBe(404);
    expect((await b.call('GET /api/zahnlager/schubladen/:id', { params: { id: schublade } })).status).toBe(404);
    expect((await b.call('PUT /api/zahnlager/slots/:id', { params: { id: slots[0]! }, body: { artikelnummer: null } })).status).toBe(404);
    expect((await b.call('POST /api/zahnlager/slots/:id/select', { params: { id: slots[0]! } })).status).toBe(404);
    expect((await b.call('POST /api/zahnlager/slots/:id/unselect', { params: { id: slots[0]! } })).status).toBe(404);
    expect((await b.call('POST /api/zahnlager/reset', { body: { scope: 'schrank', id: schrank } })).status).toBe(404);
    expect((await b.call('POST /api/zahnlager/reset', { body: { scope: 'schublade', id: schublade } })).status).toBe(404);
    const list = await b.call('GET /api/zahnlager');
    expect(list.body.result.schraenke.some((c: any) => c.id === schrank)).toBe(false);
    const still = await env.db.selectFrom('zahnlager_slots').selectAll().where('id', '=', slots[0]!).executeTakeFirstOrThrow();
    expect(still).toMatchObject({ artikelnummer: arts[0], belegt: 1 });
  });
});

describe('digitisation', () => {
  const form = (cabinets: unknown, files: Record<string, Buffer | string> = {}, extra: Record<string, string> = {}) => {
    const fd = new FormData();
    fd.set('cabinets', typeof cabinets === 'string' ? cabinets : JSON.stringify(cabinets));
    for (const [k, v] of Object.entries(extra)) fd.set(k, v);
    for (const [k, v] of Object.entries(files)) fd.append(k, new Blob([typeof v === 'string' ? v : new Uint8Array(v)]), `${k}.jpg`);
    return fd;
  };

  it('needs at least one cabinet and a photo per drawer', async () => {
    const r1 = await a.call('POST /api/zahnlager/digitalisierung', { body: form([]) });
    expect(r1.status).toBe(400);
    expect(r1.body.error).toBe('digitisation_cabinet_required');
    const img = await jpeg();
    const r2 = await a.call('POST /api/zahnlager/digitalisierung', { body: form([{ name: 'A', drawers: [{ name: 'S1', photos: 1 }, { name: 'S2', photos: 1 }] }], { photo_0_0_0: img }) });
    expect(r2.status).toBe(400);
    expect(r2.body).toMatchObject({ error: 'digitisation_photo_per_drawer_required', cabinet: 0, drawer: 1 });
    const r3 = await a.call('POST /api/zahnlager/digitalisierung', { body: form([{ name: 'A', drawers: [{ name: 'S1', photos: 0 }] }]) });
    expect(r3.body.error).toBe('digitisation_photo_per_drawer_required');
    const r4 = await a.call('POST /api/zahnlager/digitalisierung', { body: form('{not json') });
    expect(r4.body.error).toBe('invalid_json');
    const r5 = await a.call('POST /api/zahnlager/digitalisierung', { body: form([{ name: 'A', drawers: [{ name: 'S1', photos: 1 }] }], { photo_3_0_0: img }) });
    expect(r5.body).toMatchObject({ error: 'invalid_input', field: 'photo_3_0_0' });
    expect((await guest.call('POST /api/zahnlager/digitalisierung', { body: form([]) })).status).toBe(401);
  });

  it('checks type and size of each photo', async () => {
    const cab = [{ name: 'A', drawers: [{ name: 'S1', photos: 1 }] }];
    const bad = await a.call('POST /api/zahnlager/digitalisierung', { body: form(cab, { photo_0_0_0: 'just some text, not an image' }) });
    expect(bad.status).toBe(415);
    expect(bad.body.error).toBe('upload_type');
    const big = Buffer.alloc(15 * 1024 * 1024 + 10);
    big[0] = 0xff; big[1] = 0xd8; big[2] = 0xff;
    const tooBig = await a.call('POST /api/zahnlager/digitalisierung', { body: form(cab, { photo_0_0_0: big }) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe('upload_too_large');
  });

  it('stores a batch with photos, a thumbnail per photo and a confirmation mail', async () => {
    const img = await jpeg();
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: '#ff000080' } }).png().toBuffer();
    const r = await a.call('POST /api/zahnlager/digitalisierung', { body: form(
      [{ name: 'Schrank 1', drawers: [{ name: 'S1', photos: 2 }, { name: 'S2', photos: 1 }] }, { name: 'Schrank 2', drawers: [{ name: 'T1', photos: 1 }] }],
      { photo_0_0_0: img, photo_0_0_1: png, photo_0_1_0: img, photo_1_0_0: img },
    ) });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ status: 'received', expected: 4, received: 4, missing: [] });
    expect(r.body.result.referenz).toMatch(/^DG-\d{4}-\d{6}$/);
    const ups = await env.db.selectFrom('uploads').selectAll().where('owner', '=', 'digitalisierung').where('owner_id', '=', r.body.result.requestId).execute();
    expect(ups).toHaveLength(4);
    expect(ups.every((u) => u.kdnr === LAB_A && u.thumb)).toBe(true);
    expect(ups[0]!.file.startsWith(`${LAB_A}${path.sep}`)).toBe(true);
    expect(fs.existsSync(path.join(uploadDir, ups[0]!.file))).toBe(true);
    const thumb = await a.get(`/api/uploads/${ups[0]!.id}/thumb`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const full = await a.get(`/api/uploads/${ups[1]!.id}`);
    expect(full.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(fs.readFileSync(path.join(uploadDir, ups[0]!.thumb!))).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(400);
    // other customers and guests see nothing
    expect((await b.call('GET /api/uploads/:id/thumb', { params: { id: ups[0]!.id } })).status).toBe(404);
    expect((await b.call('GET /api/uploads/:id', { params: { id: ups[0]!.id } })).status).toBe(404);
    expect((await guest.call('GET /api/uploads/:id', { params: { id: ups[0]!.id } })).status).toBe(401);
    expect((await a.call('GET /api/uploads/:id', { params: { id: 99999999 } })).status).toBe(404);
    const mail = await env.db.selectFrom('mails').selectAll().where('kind', '=', 'digitalisierung').execute();
    expect(mail.some((m) => m.subject.includes(r.body.result.referenz))).toBe(true);
    const state = await a.call('GET /api/zahnlager/digitalisierung/:requestId', { params: { requestId: r.body.result.requestId } });
    expect(state.body.result.cabinets[0]!.drawers[0]!.uploads).toHaveLength(2);
    expect((await b.call('GET /api/zahnlager/digitalisierung/:requestId', { params: { requestId: r.body.result.requestId } })).status).toBe(404);
  });

  it('falls back to sending photos one by one', async () => {
    const img = await jpeg();
    const r = await a.call('POST /api/zahnlager/digitalisierung', { body: form([{ name: 'A', drawers: [{ name: 'S1', photos: 1 }, { name: 'S2', photos: 1 }] }], {}, { individual: '1' }) });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ status: 'awaiting_photos', expected: 2, received: 0 });
    const id = r.body.result.requestId;
    const one = (ci: number, di: number, file: Buffer | string) => {
      const fd = new FormData();
      fd.set('cabinet', String(ci)); fd.set('drawer', String(di));
      fd.set('photo', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), 'p.jpg');
      return fd;
    };
    const p1 = await a.call('POST /api/zahnlager/digitalisierung/:requestId/photo', { params: { requestId: id }, body: one(0, 0, img) });
    expect(p1.status).toBe(200);
    expect(p1.body.result).toMatchObject({ status: 'awaiting_photos', received: 1 });
    expect(p1.body.result.upload.thumbUrl).toMatch(/\/thumb$/);
    expect((await a.call('POST /api/zahnlager/digitalisierung/:requestId/photo', { params: { requestId: id }, body: one(0, 5, img) })).body).toMatchObject({ error: 'invalid_input', field: 'drawer' });
    expect((await a.call('POST /api/zahnlager/digitalisierung/:requestId/photo', { params: { requestId: id }, body: one(0, 1, 'text') })).status).toBe(415);
    expect((await b.call('POST /api/zahnlager/digitalisierung/:requestId/photo', { params: { requestId: id }, body: one(0, 1, img) })).status).toBe(404);
    const fdNoFile = new FormData(); fdNoFile.set('cabinet', '0'); fdNoFile.set('drawer', '1');
    expect((await a.call('POST /api/zahnlager/digitalisierung/:requestId/photo', { params: { requestId: id }, body: fdNoFile })).body.error).toBe('digitisation_photo_per_drawer_required');
    const p2 = await a.call('POST /api/zahnlager/digitalisierung/:requestId/photo', { params: { requestId: id }, body: one(0, 1, img) });
    expect(p2.body.result).toMatchObject({ status: 'received', received: 2, missing: [] });
  });
});
