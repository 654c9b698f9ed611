// Every call of the OpenAPI document gets bad input — junk path parameters, malformed JSON, a body of
// the wrong type, overlong strings, wrong-typed fields — and must answer a 4xx with an error key: never a
// 5xx, never a crash. The document is generated from the same schemas that validate, so this walks
// the whole API, including calls added later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAB_A, setupApi, type Client, type Res, type TestEnv } from './harness.ts';

let env: TestEnv;
let customer: Client;
let guest: Client;
interface Op { method: string; path: string; hasBody: boolean; props: Record<string, { type?: string }> }
const ops: Op[] = [];

// calls that end the session or the process state the sweep runs on
const SKIP = new Set(['GET /api/logout', 'POST /api/logout']);

const JUNK_PARAMS = ['-1', '0x1F', 'x'.repeat(400), '%00%27%22%3C', '1e99', '..%2F..%2Fetc%2Fpasswd'];

function fillPath(path: string, v: string): string {
  return path.replace(/\{[^}]+\}/g, v);
}

function wrongTyped(props: Op['props']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) {
    out[k] = p.type === 'string' ? { nested: true } : p.type === 'array' ? 'not-a-list' : p.type === 'boolean' ? 'ja' : 'x'.repeat(5000);
  }
  return out;
}

function overlong(props: Op['props']): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, p] of Object.entries(props)) out[k] = p.type === 'number' || p.type === 'integer' ? -1.5 : 'ü'.repeat(20_000);
  return out;
}

function check(op: Op, what: string, r: Res): void {
  const where = `${op.method} ${op.path} (${what}) → ${r.status} ${r.text.slice(0, 200)}`;
  expect(r.status, where).toBeLessThan(500);
  if (r.status >= 400 && (r.headers.get('content-type') ?? '').includes('json')) {
    expect(typeof r.body?.error, where).toBe('string');
  }
}

beforeAll(async () => {
  env = await setupApi();
  customer = env.client();
  guest = env.client();
  expect((await customer.login(LAB_A)).status).toBe(200);
  const doc = (await guest.get('/api/openapi.json')).body;
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const M = method.toUpperCase();
      if (SKIP.has(`${M} ${path}`)) continue;
      const schema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({ method: M, path, hasBody: !!op.requestBody, props: schema?.properties ?? {} });
    }
  }
});
afterAll(async () => { await env.close(); });

describe('bad input never gives a 5xx', () => {
  it('finds the whole API in the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(100);
  });

  it('junk path parameters', async () => {
    for (const op of ops.filter((o) => o.path.includes('{'))) {
      for (const v of JUNK_PARAMS) {
        for (const c of [customer, guest]) check(op, `param ${v.slice(0, 12)}`, await c.req(op.method, fillPath(op.path, v), op.hasBody ? {} : undefined));
      }
    }
  });

  it('malformed JSON, a body of the wrong type, wrong-typed and overlong fields', async () => {
    for (const op of ops.filter((o) => o.hasBody)) {
      const url = fillPath(op.path, '1');
      check(op, 'malformed', await customer.req(op.method, url, '{"Menge": 1,', { 'content-type': 'application/json' }));
      check(op, 'array', await customer.req(op.method, url, [1, 2, 3]));
      check(op, 'string', await customer.req(op.method, url, '"nur ein Text"', { 'content-type': 'application/json' }));
      check(op, 'wrong types', await customer.req(op.method, url, wrongTyped(op.props)));
      check(op, 'overlong', await customer.req(op.method, url, overlong(op.props)));
      check(op, 'guest', await guest.req(op.method, url, wrongTyped(op.props)));
    }
  });
});
