// Test harness: a private copy of the seeded template database, the Hono app, and cookie-keeping clients.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import type { SelectQueryBuilder } from 'kysely';
import { createDb, type Db } from '../../server/db/index.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';
import { createApi } from '../../server/http/app.ts';
import { expect, inject } from 'vitest';
import './global-setup.ts';
import { adminSql, dropDatabase, testPgUrl, uniqueName, withDatabase } from './pg-databases.ts';
import type { ApiRoute, ApiRoutes } from '../../src/api/index.ts';
import { routeTarget, type CallArgs, type ContractDef, type ResultOf } from '../../src/api/contract.ts';

export const DEMO_PASSWORD = 'Demo-Labor-2026';
export const LAB_A = 123456; // company 1, with sub-users K07, K09, K13 and 24+ months of orders
export const LAB_B = 654321; // company 1, a second, separate lab
export const LAB_LS = 777777; // company 3 (isLS)

export interface TestEnv { db: Db; app: Hono; client: () => Client; close: () => Promise<void> }

/** A private copy of the seeded template database: a SQLite file, or a PostgreSQL database with TEST_DATABASE_URL. */
export async function privateDatabase(): Promise<{ file: string; url: string; drop: () => Promise<void> }> {
  const template = inject('shopTemplate');
  if (template.startsWith('postgres')) {
    const admin = testPgUrl();
    const name = uniqueName('shop_test');
    await adminSql(admin, `CREATE DATABASE ${name} TEMPLATE ${new URL(template).pathname.slice(1)}`);
    return { file: '', url: withDatabase(admin, name), drop: () => dropDatabase(admin, name) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const file = path.join(dir, 'shop.sqlite');
  fs.copyFileSync(template, file);
  return { file, url: '', drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export async function setupApi(): Promise<TestEnv> {
  const copy = await privateDatabase();
  const db = await createDb({ file: copy.file, url: copy.url });
  if (!copy.url) await migrateToLatest(db);
  const app = createApi(db);
  return {
    db, app,
    client: () => new Client(app),
    close: async () => { await db.destroy(); await copy.drop(); },
  };
}

/** The first orderable plain article at 20–40 EUR (no variant parent, no request price, a simple number). */
export async function plainArticle(db: Db): Promise<{ artnr: string; preis: number }> {
  const row = await db.selectFrom('articles').select(['artnr', 'preis']).where('aus_sortiment', '=', 0).where('ist_referenz', '=', 0)
    .where('preis', '>=', 20).where('preis', '<=', 40).where('kat_preis', 'not in', [0.01, 0.02])
    .where('artnr', 'not like', '%/%').where('artnr', 'not like', '% %').orderBy('artnr').limit(1).executeTakeFirstOrThrow();
  return { artnr: row.artnr, preis: Number(row.preis) };
}

/** Empties the client's cart and puts `qty` pieces of `artnr` in it. */
export async function fillCart(c: Client, artnr: string, qty: number): Promise<void> {
  await c.post('/api/wk/delete');
  expect((await c.post(`/api/wk/${encodeURIComponent(artnr)}/add/${qty}`)).status).toBe(200);
}

/** Submits the client's checkout (country de, language de) with an idempotency key. */
export function submitOrder(c: Client, key: string, body: Record<string, unknown> = {}): Promise<Res> {
  return c.req('POST', '/api/checkout/submit?country=de&lang=de', body, { 'idempotency-key': key });
}

/**
 * A real HEIC photo as iPhones send (64×48, HEVC, made with libheif's heif-enc: tests/fixtures/photo.heic);
 * `after` is appended as is (a smuggled payload).
 */
export function heifFile(after: Buffer = Buffer.alloc(0)): Buffer {
  return Buffer.concat([fs.readFileSync(path.join(import.meta.dirname, '../fixtures/photo.heic')), after]);
}

/**
 * A limit under parallel creates (on PostgreSQL, READ COMMITTED lets every create count before the others commit):
 * each round fills the store up to two below `max`, sends six creates at once and expects exactly two to pass,
 * the store at `max` and the other four refused with `refusal` (status, error key); `cleanUp` takes back the round's.
 */
export async function expectLimitHolds(o: {
  max: number; rows: () => SelectQueryBuilder<any, any, object>; fill: (missing: number) => Promise<void>;
  create: (round: number, i: number) => Promise<Res>; refusal: [number, string]; cleanUp: () => Promise<void>;
}): Promise<void> {
  const count = () => o.rows().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));
  for (let round = 0; round < 6; round++) {
    await o.fill(o.max - 2 - await count());
    const answers = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => o.create(round, i)));
    const got = answers.map((r) => (r.status === 200 ? [200] : [r.status, r.body?.error])).sort((x, y) => Number(x[0]) - Number(y[0]));
    expect(got).toEqual([[200], [200], o.refusal, o.refusal, o.refusal, o.refusal]);
    expect(await count()).toBe(o.max);
    await o.cleanUp();
  }
}

/** Number of orders of a customer. */
export async function orderCount(db: Db, kdnr: number): Promise<number> {
  const r = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('kdnr', '=', kdnr).executeTakeFirst();
  return Number(r?.n ?? 0);
}

export interface Res<T = any> { status: number; body: T; headers: Headers; text: string }

type Contract<K extends ApiRoute> = Extract<ApiRoutes[K], ContractDef>;
/** A call's answer: `result` typed from its contract on success, the error key and details otherwise. */
export type Answer<K extends ApiRoute> = { result: ResultOf<Contract<K>>; error?: string; [detail: string]: any };
type CallArgsOf<K extends ApiRoute> = CallArgs<Contract<K>> & { headers?: Record<string, string> };

export class Client {
  private cookies = new Map<string, string>();
  private app: Hono;
  constructor(app: Hono) { this.app = app; }

  async req<T = any>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: BodyInit | undefined;
    if (typeof body === 'string' || body instanceof FormData || body instanceof Uint8Array || body instanceof Blob) payload = body as BodyInit;
    else if (body !== undefined) { payload = JSON.stringify(body); h['content-type'] = 'application/json'; }
    const res = await this.app.request(url, { method, body: payload, headers: h });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      const val = v.join('=');
      if (/max-age=0/i.test(c) || val === '') this.cookies.delete(k!.trim()); else this.cookies.set(k!.trim(), val);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try { parsed = JSON.parse(text); } catch { /* not JSON (PDF, CSV) */ }
    return { status: res.status, body: parsed as T, headers: res.headers, text };
  }
  /** The value of a cookie the client holds (e.g. the session token 'sid'). */
  cookie(name: string): string | undefined { return this.cookies.get(name); }
  /** A client holding the same cookies (a second tab, or an attacker with a copied token). */
  clone(): Client {
    const c = new Client(this.app);
    for (const [k, v] of this.cookies) c.cookies.set(k, v);
    return c;
  }
  /** A call by its contract name ('POST /api/wk/:artnr/add/:qty'): params, query and body typed from the contract. */
  call<K extends ApiRoute>(route: K, ...[args]: {} extends CallArgsOf<K> ? [args?: CallArgsOf<K>] : [args: CallArgsOf<K>]): Promise<Res<Answer<K>>> {
    const a = (args ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };
    const { method, url } = routeTarget(route, a);
    return this.req<Answer<K>>(method, url, a.body, a.headers);
  }
  get<T = any>(url: string) { return this.req<T>('GET', url); }
  post<T = any>(url: string, body?: unknown) { return this.req<T>('POST', url, body); }
  put<T = any>(url: string, body?: unknown) { return this.req<T>('PUT', url, body); }
  del<T = any>(url: string, body?: unknown) { return this.req<T>('DELETE', url, body); }

  async login(kdnr: number | string, password = DEMO_PASSWORD, firma = 1): Promise<Res> {
    return this.post('/api/login', { Firma: firma, Benutzername: String(kdnr), Kennwort: password, kw: '' });
  }
}
