import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, requirePermission } from '../../server/lib/permissions.ts';
import type { Session } from '../../server/http/session.ts';
import { DEMO_PASSWORD, expectLimitHolds, LAB_A, LAB_B, setupApi, type Client, type TestEnv } from './harness.ts';

let env: TestEnv;
let a: Client;
const ids: Record<'K07' | 'K09' | 'K13', number> = { K07: 0, K09: 0, K13: 0 };
let created = 0;

beforeAll(async () => {
  env = await setupApi();
  const subs = await env.db.selectFrom('sub_users').select(['id', 'funktionen']).where('kdnr', '=', LAB_A).where('deleted', '=', 0).execute();
  for (const k of ['K07', 'K09', 'K13'] as const) {
    const only = subs.find((s) => s.funktionen.split(';').map((f) => f.trim()).join(';') === k);
    ids[k] = Number(only?.id ?? 0);
    if (!ids[k]) {
      const row = await env.db.insertInto('sub_users').values({
        kdnr: LAB_A, vorname: 'Test', nachname: k, funktionen: k, email: null, created_at: new Date().toISOString(), deleted: 0,
      }).returning('id').executeTakeFirstOrThrow();
      ids[k] = Number(row.id);
    }
  }
  a = env.client();
  expect((await a.login(LAB_A)).status).toBe(200);
});
afterAll(async () => { await env.close(); });

let seq = 0;
/** A session row acting as `subUserId` (the checks read the acting user from the database). */
async function session(subUserId: number | null, kdnr = LAB_A): Promise<Session> {
  const s: Session = { id: `perm-test-${++seq}`, kdnr, firma: 1, subUserId, country: 'de', language: 'de', expiresAt: '9999-12-31T00:00:00.000Z' };
  await env.db.insertInto('sessions').values({
    id: s.id, kdnr, firma: 1, sub_user_id: subUserId, country: 'de', language: 'de', created_at: '2026-01-01T00:00:00.000Z', expires_at: s.expiresAt,
  }).execute();
  return s;
}

describe('permissions', () => {
  it('main user may do everything; functions decide for sub-users', async () => {
    const db = env.db;
    for (const act of ['order', 'release', 'document', 'manage_users'] as const) expect(await can(db, await session(null), act)).toBe(true);
    expect(await can(db, await session(ids.K07), 'release')).toBe(true);
    expect(await can(db, await session(ids.K07), 'manage_users')).toBe(true);
    expect(await can(db, await session(ids.K09), 'order')).toBe(true);
    expect(await can(db, await session(ids.K09), 'release')).toBe(false);
    expect(await can(db, await session(ids.K09), 'document')).toBe(false);
    expect(await can(db, await session(ids.K13), 'document')).toBe(true);
    expect(await can(db, await session(ids.K13), 'order')).toBe(false);
    await expect(requirePermission(db, await session(ids.K13), 'order')).rejects.toMatchObject({ status: 403, key: 'forbidden_function' });
    expect(await can(db, null, 'order')).toBe(false);
    // another customer's sub-user id gives no rights
    expect(await can(db, await session(ids.K07, 654321), 'order')).toBe(false);
  });
});

describe('sub-users', () => {
  it('GET user/subusers: main user first with role general, then sub-users with functions', async () => {
    const r = await a.call('GET /api/user/subusers');
    expect(r.status).toBe(200);
    expect(r.body.result[0]).toMatchObject({ id: 0, role: 'general', active: true });
    const k13 = r.body.result.find((u: any) => u.id === ids.K13)!;
    expect(k13.funktionen).toEqual(['K13']);
    expect((await env.client().call('GET /api/user/subusers')).status).toBe(401);
  });

  it('POST user/subusers creates; validates names and functions', async () => {
    const r = await a.call('POST /api/user/subusers', { body: { vorname: 'Nora', nachname: 'Neu', funktionen: ['K09', 'K13'] } });
    expect(r.status).toBe(200);
    expect(r.body.result).toMatchObject({ vorname: 'Nora', funktionen: ['K09', 'K13'] });
    created = r.body.result.id;
    expect((await a.call('POST /api/user/subusers', { body: { vorname: ' ', nachname: 'X' } })).body.error).toBe('please_fill_in');
    expect((await a.call('POST /api/user/subusers', { body: { vorname: 'A', nachname: 'B', funktionen: ['K99'] } })).body.error).toBe('invalid_function');
    expect((await a.call('POST /api/user/subusers', { body: { vorname: 'x'.repeat(51), nachname: 'B' } })).body.error).toBe('too_long');
    expect((await a.call('POST /api/user/subusers', { body: { vorname: 5, nachname: 'B' } as never })).status).toBe(400);
    expect((await a.post('/api/user/subusers', '{oops')).body.error).toBe('invalid_json');
    expect((await a.call('POST /api/user/subusers', { body: { vorname: 'A', nachname: 'B', email: 'nope' } })).body.error).toBe('invalid_email');
  });

  it('PUT user/subusers/{id} changes; unknown ids are 404', async () => {
    const r = await a.call('PUT /api/user/subusers/:id', { params: { id: created }, body: { funktionen: 'K07' } });
    expect(r.status).toBe(200);
    expect(r.body.result.funktionen).toEqual(['K07']);
    expect((await a.call('PUT /api/user/subusers/:id', { params: { id: 99999999 }, body: { vorname: 'X' } })).status).toBe(404);
    expect((await a.call('PUT /api/user/subusers/:id', { params: { id: created }, body: { nachname: '' } })).body.error).toBe('please_fill_in');
    expect((await a.call('PUT /api/user/subusers/:id', { params: { id: 'abc' }, body: { vorname: 'X' } })).status).toBe(400);
  });

  it('PUT user/active switches the acting user; logbook GET user follows', async () => {
    const r = await a.call('PUT /api/user/active', { body: { id: ids.K13 } });
    expect(r.status).toBe(200);
    expect(r.body.result.id).toBe(ids.K13);
    const lb = await a.call('GET /api/logbook/user');
    expect(lb.status).toBe(200);
    expect(lb.body.result).toMatchObject({ id: ids.K13, funktionen: ['K13'] });
    const infos = await a.call('GET /api/user/infos');
    expect(infos.body.result.activeUser!.id).toBe(ids.K13);
    expect((await a.call('PUT /api/user/active', { body: { id: 99999999 } })).status).toBe(404);
    expect((await a.call('PUT /api/user/active', { body: { id: -1 } })).status).toBe(400);
    expect((await a.call('PUT /api/user/active', { body: { id: 'x' } })).status).toBe(400);
  });

  it('a K13 or K09 sub-user may not manage users (403 forbidden_function)', async () => {
    const r = await a.call('POST /api/user/subusers', { body: { vorname: 'No', nachname: 'Way' } });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('forbidden_function');
    expect((await a.call('DELETE /api/user/subusers/:id', { params: { id: created } })).status).toBe(403);
    await a.call('PUT /api/user/active', { body: { id: ids.K09, password: DEMO_PASSWORD } });
    expect((await a.call('PUT /api/user/subusers/:id', { params: { id: created }, body: { vorname: 'X' } })).status).toBe(403);
    await a.call('PUT /api/user/active', { body: { id: ids.K07, password: DEMO_PASSWORD } });
    expect((await a.call('PUT /api/user/subusers/:id', { params: { id: created }, body: { vorname: 'Nora' } })).status).toBe(200);
  });

  it('GET logbook user/{id}: own users only; 0 = main user', async () => {
    const r = await a.call('GET /api/logbook/user/:id', { params: { id: ids.K09 } });
    expect(r.status).toBe(200);
    expect(r.body.result.funktionen).toEqual(['K09']);
    const main = await a.call('GET /api/logbook/user/:id', { params: { id: 0 } });
    expect(main.body.result).toMatchObject({ id: 0, role: 'general' });
    expect((await a.call('GET /api/logbook/user/:id', { params: { id: 99999999 } })).status).toBe(404);
    expect((await a.call('GET /api/logbook/user/:id', { params: { id: 'x' } })).status).toBe(400);
    expect((await env.client().call('GET /api/logbook/user')).status).toBe(401);
  });

  it('DELETE user/subusers/{id} removes; sessions acting as it end (no fall-back to the main user)', async () => {
    await a.call('PUT /api/user/active', { body: { id: 0, password: DEMO_PASSWORD } });
    const other = env.client();
    await other.login(LAB_A);
    await other.call('PUT /api/user/active', { body: { id: created, password: DEMO_PASSWORD } });
    const r = await a.call('DELETE /api/user/subusers/:id', { params: { id: created } });
    expect(r.status).toBe(200);
    expect((await other.call('GET /api/logbook/user')).status).toBe(401);
    expect((await a.call('DELETE /api/user/subusers/:id', { params: { id: created } })).status).toBe(404);
    const list = (await a.call('GET /api/user/subusers')).body.result;
    expect(list.some((u: any) => u.id === created)).toBe(false);
  });
});

describe('the limit of 100 sub-users under parallel creates', () => {
  it('parallel creates at 98 sub-users make exactly 100 (the others 400 too_many_users)', async () => {
    const b = env.client();
    expect((await b.login(LAB_B)).status).toBe(200);
    await expectLimitHolds({
      max: 100,
      rows: () => env.db.selectFrom('sub_users').where('kdnr', '=', LAB_B).where('deleted', '=', 0),
      fill: async (missing) => {
        for (let i = 0; i < missing; i++) {
          await env.db.insertInto('sub_users').values({
            kdnr: LAB_B, vorname: 'Filler', nachname: String(i), funktionen: 'K13', email: null, created_at: new Date().toISOString(), deleted: 0,
          }).execute();
        }
      },
      create: (round, i) => b.call('POST /api/user/subusers', { body: { vorname: 'Parallel', nachname: `${round}-${i}`, funktionen: ['K13'] } }),
      refusal: [400, 'too_many_users'],
      cleanUp: async () => { await env.db.updateTable('sub_users').set({ deleted: 1 }).where('kdnr', '=', LAB_B).where('vorname', '=', 'Parallel').execute(); },
    });
  });
});

describe('functions enforced by the API over HTTP (section 6)', () => {
  it('a K13 technician may not submit an order (403 forbidden_function); a K09 buyer may', async () => {
    const c = env.client();
    expect((await c.login(LAB_A)).status).toBe(200);
    const art = await env.db.selectFrom('articles').select('artnr').where('preis', '>', 1).where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
      .orderBy('artnr').executeTakeFirstOrThrow();
    expect((await c.call('POST /api/wk/:artnr/add/:qty', { params: { artnr: art.artnr, qty: 2 } })).status).toBe(200);
    const before = await env.db.selectFrom('orders').select('id').where('kdnr', '=', LAB_A).execute();
    await c.call('PUT /api/user/active', { body: { id: ids.K13, password: DEMO_PASSWORD } });
    const refused = await c.call('POST /api/checkout/submit', { body: { key: 'k13-submit-0001' } });
    expect([refused.status, refused.body.error]).toEqual([403, 'forbidden_function']);
    expect((await env.db.selectFrom('orders').select('id').where('kdnr', '=', LAB_A).execute()).length).toBe(before.length);
    await c.call('PUT /api/user/active', { body: { id: ids.K09, password: DEMO_PASSWORD } });
    const placed = await c.call('POST /api/checkout/submit', { body: { key: 'k09-submit-0001' } });
    expect(placed.status).toBe(200);
    expect(placed.body.result.auftrag).toBeGreaterThan(0);
  });
});
