// Issue 9 items 2 and 7: functions are a boundary and sessions follow the credentials. Each test performs
// the attack: a sub-user session escalating to the main user or a K07, releasing its own order, keeping
// rights after deletion; a token kept across a switch of user or a password change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { resetAllThrottles } from '../../server/lib/login-throttle.ts';
import {
  DEMO_PASSWORD, LAB_A, LAB_B, fillCart, plainArticle, setupApi, submitOrder, type Client, type TestEnv,
} from './harness.ts';

const K07 = 1; // Anna
const K09 = 2; // Ben
const K13 = 3; // Clara
const K09_K13 = 4; // David

let env: TestEnv;
let main: Client;
let art = '';
let price = 0;
const savedDelay = config.loginDelayBaseMs;

/** A client logged in as `login` (e.g. '123456x2' for sub-user 2). */
async function as(login: string, password = DEMO_PASSWORD): Promise<Client> {
  const c = env.client();
  const r = await c.login(login, password);
  expect(r.status, `login ${login}`).toBe(200);
  return c;
}
const kundendaten = (c: Client) => c.call('PUT /api/user/kundendaten', { body: { Titel: 'Dr.' } });
const FIRST = 'Erstes-Kennwort-1';
const changePassword = (login: string, from: string, to: string) =>
  env.client().call('POST /api/password/change', { body: { Firma: 1, Benutzername: login, Kennwort: from, password: to, password2: to } });

/** A sub-user the main user creates with a first password; the sub-user replaces it with `own` at its first login. */
async function createSub(fields: { vorname: string; nachname: string; funktionen: string[] }, own: string): Promise<number> {
  const id = (await main.call('POST /api/user/subusers', { body: { ...fields, password: FIRST, password2: FIRST } })).body.result.id as number;
  expect((await env.client().login(`${LAB_A}x${id}`, FIRST)).body.error).toBe('password_change_required');
  expect((await changePassword(`${LAB_A}x${id}`, FIRST, own)).status).toBe(200);
  return id;
}

beforeAll(async () => {
  config.loginDelayBaseMs = 0;
  env = await setupApi();
  ({ artnr: art, preis: price } = await plainArticle(env.db));
  main = await as(String(LAB_A));
});
afterAll(async () => {
  config.loginDelayBaseMs = savedDelay;
  await env.close();
});

describe('sub-users log in with their own credentials (123456x2)', () => {
  it('the session then acts as that sub-user, with its functions only', async () => {
    const ben = await as(`${LAB_A}x${K09}`);
    const infos = (await ben.call('GET /api/user/infos')).body.result;
    expect(infos.Kundennummer).toBe(LAB_A);
    expect(infos.activeUser).toMatchObject({ id: K09, funktionen: ['K09'] });
    expect((await ben.call('GET /api/logbook/user')).body.result).toMatchObject({ id: K09, role: 'sub' });
    expect((await kundendaten(ben)).body.error).toBe('forbidden_function');
  });

  it('123456x1 needs the sub-user\'s own password: the main password does not open it', async () => {
    expect((await main.call('PUT /api/user/subusers/:id', { params: { id: K07 }, body: { password: FIRST, password2: FIRST } })).status).toBe(200);
    const c = env.client();
    expect((await c.login(`${LAB_A}x${K07}`, DEMO_PASSWORD)).body.error).toBe('login_error');
    // a password set by the main user is a first password: the sub-user replaces it before it gets a session
    const first = await c.login(`${LAB_A}x${K07}`, FIRST);
    expect([first.status, first.body.error, c.cookie('sid')]).toEqual([401, 'password_change_required', undefined]);
    expect((await changePassword(`${LAB_A}x${K07}`, FIRST, 'Anna-eigenes-1')).status).toBe(200);
    expect((await c.login(`${LAB_A}x${K07}`, FIRST)).body.error).toBe('login_error');
    expect((await c.login(`${LAB_A}x${K07}`, 'Anna-eigenes-1')).status).toBe(200);
    // the main login is untouched
    expect((await env.client().login(String(LAB_A), DEMO_PASSWORD)).status).toBe(200);
  });

  it('a sub-user without a password, a deleted one or another customer\'s cannot log in', async () => {
    const created = (await main.call('POST /api/user/subusers', { body: { vorname: 'Ohne', nachname: 'Kennwort', funktionen: ['K13'] } })).body.result.id;
    expect((await env.client().login(`${LAB_A}x${created}`, DEMO_PASSWORD)).body.error).toBe('login_error');
    expect((await env.client().login(`${LAB_B}x${K09}`, DEMO_PASSWORD)).body.error).toBe('login_error');
    await main.call('PUT /api/user/subusers/:id', { params: { id: created }, body: { password: FIRST, password2: FIRST } });
    expect((await env.client().login(`${LAB_A}x${created}`, FIRST)).body.error).toBe('password_change_required');
    await changePassword(`${LAB_A}x${created}`, FIRST, 'Ohne-Kennwort-1');
    expect((await env.client().login(`${LAB_A}x${created}`, 'Ohne-Kennwort-1')).status).toBe(200);
    await main.call('DELETE /api/user/subusers/:id', { params: { id: created } });
    expect((await env.client().login(`${LAB_A}x${created}`, 'Ohne-Kennwort-1')).body.error).toBe('login_error');
  });

  it('the sub-user changes its own password (POST password/change with 123456x3)', async () => {
    const clara = await as(`${LAB_A}x${K13}`);
    const other = await as(`${LAB_A}x${K13}`);
    const r = await clara.call('POST /api/password/change', { body: {
      Firma: 1, Benutzername: `${LAB_A}x${K13}`, Kennwort: DEMO_PASSWORD, password: 'Clara-neu-2026', password2: 'Clara-neu-2026',
    } });
    expect(r.status).toBe(200);
    expect((await env.client().login(`${LAB_A}x${K13}`, 'Clara-neu-2026')).status).toBe(200);
    expect((await clara.call('GET /api/user/infos')).status).toBe(200); // the changing session stays
    expect((await other.call('GET /api/user/infos')).status).toBe(401); // every other one of that login ends
    expect((await main.call('GET /api/user/infos')).status).toBe(200); // other logins are not touched
  });
});

describe('switching the acting user (PUT user/active)', () => {
  it('K09 → main user without or with a wrong password is refused; customer data stay closed', async () => {
    const ben = await as(`${LAB_A}x${K09}`);
    const none = await ben.call('PUT /api/user/active', { body: { id: 0 } });
    expect([none.status, none.body.error]).toEqual([403, 'user_password_required']);
    const wrong = await ben.call('PUT /api/user/active', { body: { id: 0, password: 'geraten-123' } });
    expect([wrong.status, wrong.body.error]).toEqual([403, 'user_password_wrong']);
    expect((await kundendaten(ben)).body.error).toBe('forbidden_function');
    expect((await ben.call('GET /api/logbook/user')).body.result.id).toBe(K09);
    // with the main user's password it is a legitimate switch
    expect((await ben.call('PUT /api/user/active', { body: { id: 0, password: DEMO_PASSWORD } })).status).toBe(200);
    expect((await kundendaten(ben)).status).toBe(200);
  });

  it('K13 → K07 and K09 → K13 (a right the acting user lacks) need the target\'s password', async () => {
    const clara = await as(`${LAB_A}x${K13}`, 'Clara-neu-2026');
    expect((await clara.call('PUT /api/user/active', { body: { id: K07 } })).body.error).toBe('user_password_required');
    expect((await clara.call('PUT /api/user/active', { body: { id: K07, password: DEMO_PASSWORD } })).body.error).toBe('user_password_wrong');
    const ben = await as(`${LAB_A}x${K09}`);
    expect((await ben.call('PUT /api/user/active', { body: { id: K13 } })).body.error).toBe('user_password_required');
    expect((await ben.call('POST /api/orders/:auftrag/release', { params: { auftrag: 1 } })).body.error).toBe('forbidden_function');
  });

  it('switching down never asks: main → K09, K09;K13 → K09; the panel list says who needs a password', async () => {
    const c = await as(String(LAB_A));
    expect((await c.call('PUT /api/user/active', { body: { id: K09_K13 } })).status).toBe(200);
    const list = (await c.call('GET /api/user/subusers')).body.result;
    const need = Object.fromEntries(list.map((u: any) => [u.id, u.needsPassword]));
    expect(need).toMatchObject({ 0: true, [K07]: true, [K09]: false, [K13]: false, [K09_K13]: false });
    expect((await c.call('PUT /api/user/active', { body: { id: K09 } })).status).toBe(200);
    expect((await c.call('GET /api/logbook/user')).body.result.id).toBe(K09);
  });

  it('wrong switch passwords are braked like logins (429 after 20 per user and address)', async () => {
    const ben = await as(`${LAB_A}x${K09}`);
    config.trustProxy = 1; // an address of its own, so the other tests' failures do not count here
    try {
      const codes: number[] = [];
      for (let i = 0; i < 22; i++) {
        codes.push((await ben.call('PUT /api/user/active', { body: { id: K09_K13, password: `falsch-${i}` }, headers: { 'x-forwarded-for': '198.51.100.77' } })).status);
      }
      expect(codes.filter((s) => s === 403)).toHaveLength(20);
      expect(codes.slice(20)).toEqual([429, 429]);
    } finally {
      config.trustProxy = 0;
      await resetAllThrottles(env.db);
    }
  });
});

describe('four eyes: nobody releases an order they placed', () => {
  let pending = 0;

  it('K09 places an order over 5,000 EUR: it waits; K09 cannot release it', async () => {
    const ben = await as(`${LAB_A}x${K09}`);
    await fillCart(ben, art, Math.ceil(5200 / price));
    const r = await submitOrder(ben, 'sec-four-eyes-01');
    expect(r.body.result.releaseStatus).toBe('pending');
    pending = r.body.result.auftrag;
    expect((await ben.call('POST /api/orders/:auftrag/release', { params: { auftrag: pending } })).body.error).toBe('forbidden_function');
  });

  it('promoted to K07, the same user still cannot release its own order; another K07 can', async () => {
    const ben = await as(`${LAB_A}x${K09}`);
    expect((await main.call('PUT /api/user/subusers/:id', { params: { id: K09 }, body: { funktionen: ['K07'] } })).status).toBe(200);
    const again = await as(`${LAB_A}x${K09}`); // gaining rights ended the old session
    expect((await ben.call('GET /api/user/infos')).status).toBe(401);
    const own = await again.call('POST /api/orders/:auftrag/release', { params: { auftrag: pending } });
    expect([own.status, own.body.error]).toEqual([403, 'own_order_release']);
    const anna = await as(`${LAB_A}x${K07}`, 'Anna-eigenes-1');
    const r = await anna.call('POST /api/orders/:auftrag/release', { params: { auftrag: pending } });
    expect([r.status, r.body.result?.releasedBy]).toEqual([200, K07]);
    await main.call('PUT /api/user/subusers/:id', { params: { id: K09 }, body: { funktionen: ['K09'] } });
  });
});

describe('deleting or changing a sub-user counts at once', () => {
  it('a deleted sub-user\'s session ends: no fall-back to the main user\'s rights', async () => {
    const created = await createSub({ vorname: 'Weg', nachname: 'Damit', funktionen: ['K07'] }, 'Weg-damit-2026');
    const gone = await as(`${LAB_A}x${created}`, 'Weg-damit-2026');
    expect((await kundendaten(gone)).status).toBe(200);
    expect((await main.call('DELETE /api/user/subusers/:id', { params: { id: created } })).status).toBe(200);
    expect((await gone.call('GET /api/user/infos')).status).toBe(401);
    expect((await kundendaten(gone)).status).toBe(401);
    expect((await gone.call('PUT /api/user/active', { body: { id: 0 } })).status).toBe(401);
  });

  it('a sub-user deleted behind the session\'s back (another process) has no rights at all', async () => {
    const created = await createSub({ vorname: 'Zweiter', nachname: 'Prozess', funktionen: ['K07'] }, 'Zweiter-2026');
    const s = await as(`${LAB_A}x${created}`, 'Zweiter-2026');
    // the row changes without this process hearing of it: its session cache still holds the session
    await env.db.updateTable('sub_users').set({ deleted: 1 }).where('id', '=', created).execute();
    expect((await kundendaten(s)).body.error).toBe('forbidden_function');
    expect((await s.call('POST /api/user/subusers', { body: { vorname: 'X', nachname: 'Y', funktionen: ['K07'] } })).body.error).toBe('forbidden_function');
  });

  it('functions taken away count on the very next request', async () => {
    const created = await createSub({ vorname: 'Bald', nachname: 'Weniger', funktionen: ['K07'] }, 'Bald-weniger-1');
    const s = await as(`${LAB_A}x${created}`, 'Bald-weniger-1');
    expect((await kundendaten(s)).status).toBe(200);
    expect((await main.call('PUT /api/user/subusers/:id', { params: { id: created }, body: { funktionen: ['K13'] } })).status).toBe(200);
    expect((await kundendaten(s)).body.error).toBe('forbidden_function');
    expect((await s.call('GET /api/logbook/user')).body.result.funktionen).toEqual(['K13']);
  });
});

describe('sessions (item 7)', () => {
  it('a switch of the acting user rotates the token: new sid cookie, the old one is dead', async () => {
    const c = await as(String(LAB_A));
    const before = c.cookie('sid');
    const stale = c.clone();
    expect((await c.call('PUT /api/user/active', { body: { id: K09 } })).status).toBe(200);
    expect(c.cookie('sid')).toBeTruthy();
    expect(c.cookie('sid')).not.toBe(before);
    expect((await stale.call('GET /api/user/infos')).status).toBe(401);
    expect((await c.call('GET /api/user/infos')).body.result.activeUser!.id).toBe(K09);
    // and back up with the password: rotated again
    const mid = c.cookie('sid');
    const stale2 = c.clone();
    expect((await c.call('PUT /api/user/active', { body: { id: 0, password: DEMO_PASSWORD } })).status).toBe(200);
    expect(c.cookie('sid')).not.toBe(mid);
    expect((await stale2.call('GET /api/user/infos')).status).toBe(401);
  });

  it('rights gained end the sessions acting as that sub-user (a new login, a new token)', async () => {
    const created = await createSub({ vorname: 'Mehr', nachname: 'Rechte', funktionen: ['K13'] }, 'Mehr-Rechte-1');
    const s = await as(`${LAB_A}x${created}`, 'Mehr-Rechte-1');
    expect((await main.call('PUT /api/user/subusers/:id', { params: { id: created }, body: { funktionen: ['K07'] } })).status).toBe(200);
    expect((await s.call('GET /api/user/infos')).status).toBe(401);
    expect((await kundendaten(s)).status).toBe(401);
    expect((await main.call('GET /api/user/infos')).status).toBe(200);
  });

  it('changing the password ends every other session of that login (the changing one stays)', async () => {
    const a = await as(String(LAB_B));
    const b = await as(String(LAB_B));
    const r = await a.call('POST /api/password/change', { body: {
      Firma: 1, Benutzername: String(LAB_B), Kennwort: DEMO_PASSWORD, password: 'Neu-Labor-2026', password2: 'Neu-Labor-2026',
    } });
    expect(r.status).toBe(200);
    expect((await b.call('GET /api/user/infos')).status).toBe(401);
    expect((await a.call('GET /api/user/infos')).status).toBe(200);
    // from a guest (no session): every session ends
    const c = await as(String(LAB_B), 'Neu-Labor-2026');
    await env.client().call('POST /api/password/change', { body: {
      Firma: 1, Benutzername: String(LAB_B), Kennwort: 'Neu-Labor-2026', password: DEMO_PASSWORD, password2: DEMO_PASSWORD,
    } });
    expect((await c.call('GET /api/user/infos')).status).toBe(401);
    expect((await a.call('GET /api/user/infos')).status).toBe(401);
  });
});
