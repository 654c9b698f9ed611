// Generic bad-input sweep over /api/openapi.json: for every route with a JSON body malformed JSON,
// wrong-typed bodies and overlong strings; for every path parameter junk values. Never a 5xx; every
// refusal is a 4xx carrying an `error` key, as JSON (also bodies over the limit, wrong content types). (Logged in as 123456, so customer routes reach validation.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../server/config.ts';
import { LAB_A, setupApi, type Client, type TestEnv } from './harness.ts';

type Json = Record<string, any>;
interface Op { method: string; path: string; params: string[]; body: Json | null; multipart: boolean }

let env: TestEnv;
let c: Client;
let ops: Op[] = [];
let art = '';

const LONG = 'x'.repeat(20_000);
const JUNK = ['%00', 'x'.repeat(3000), '-1', '1e309', '..%2F..%2Fetc%2Fpasswd', "'%20OR%201%3D1--", '%E2%82%AC%F0%9F%A6%B7', '%ZZ', 'NaN', '9'.repeat(40), '%20', '<script>'];

/** A value that passes the parameter's own validation, so the body (or another parameter) is what gets tested. */
function goodParam(name: string): string {
  const v: Record<string, string> = {
    country: 'de', language: 'de', lang: 'de', c: 'de', l: 'de', languageLetter: 'D', languageISO3: 'DEU', artnr: encodeURIComponent(art),
    artn: encodeURIComponent(art), qty: '1', year: '2025', month: '1', day: '1', typ: 'rechnung', term: 'zahn', tkn: 'abcdef', file: '1.pdf',
    referenz: 'RT-2025-000001', katName: 'zahn', codeData: 'x',
  };
  return v[name] ?? '1';
}
const fillPath = (op: Op, junk?: { name: string; value: string }) =>
  op.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, n: string) => (junk && junk.name === n ? junk.value : goodParam(n)));

/** An instance of the JSON schema where every value has the wrong type. */
function wrongTyped(s: Json | undefined): unknown {
  if (!s) return 42;
  if (s.anyOf || s.oneOf) return { wrong: true, nested: [1, { a: null }] };
  switch (s.type) {
    case 'object': {
      const o: Json = {};
      for (const [k, p] of Object.entries<Json>(s.properties ?? {})) o[k] = wrongTyped(p);
      return o;
    }
    case 'array': return 'not-an-array';
    case 'string': return { not: 'a string' };
    case 'number': case 'integer': return 'abc';
    case 'boolean': return 'maybe';
    default: return [[[]]];
  }
}

/** An instance where every string (also nested) is overlong; other values plausible. */
function overlong(s: Json | undefined): unknown {
  if (!s) return LONG;
  const t = Array.isArray(s.type) ? s.type[0] : s.type;
  if (s.anyOf || s.oneOf) {
    const alts: Json[] = s.anyOf ?? s.oneOf;
    return overlong(alts.find(hasString) ?? alts.find((x) => x.type !== 'null'));
  }
  switch (t) {
    case 'object': {
      const o: Json = {};
      for (const [k, p] of Object.entries<Json>(s.properties ?? {})) o[k] = overlong(p);
      return o;
    }
    case 'array': return [overlong(s.items)];
    case 'number': case 'integer': return 1;
    case 'boolean': return true;
    default: return LONG;
  }
}
/** Does the schema contain a string anywhere (so an overlong body is possible)? */
function hasString(s: Json | undefined): boolean {
  return !!s && (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))
    || Object.values<Json>(s.properties ?? {}).some(hasString) || hasString(s.items) || (s.anyOf ?? s.oneOf ?? []).some(hasString));
}

/** Error answers are JSON with an error key (never an HTML or text page a browser could render). */
function jsonError(r: { status: number; body: any; text: string; headers: Headers }): boolean {
  return r.status < 400 || (/^application\/json\b/.test(r.headers.get('content-type') ?? '') && typeof r.body?.error === 'string');
}

function failureIsClean(r: { status: number; body: any; text: string; headers: Headers }, what: string) {
  expect(r.status, `${what} → ${r.status} ${r.text.slice(0, 200)}`).toBeLessThan(500);
  if (r.status >= 400) expect(typeof r.body?.error, `${what}: no error key in ${r.text.slice(0, 200)}`).toBe('string');
  expect(jsonError(r), `${what}: non-JSON error body (${r.headers.get('content-type')}) ${r.text.slice(0, 120)}`).toBe(true);
}

beforeAll(async () => {
  env = await setupApi();
  art = (await env.db.selectFrom('articles').select('artnr').where('aus_sortiment', '=', 0).where('artnr', 'not like', '%/%')
    .where('artnr', 'not like', '% %').orderBy('artnr').limit(1).executeTakeFirstOrThrow()).artnr;
  c = env.client();
  expect((await c.login(LAB_A)).status).toBe(200);
  const doc = (await c.get('/api/openapi.json')).body;
  for (const [path, methods] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(methods)) {
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(), path,
        params: (op.parameters ?? []).filter((p: Json) => p.in === 'path').map((p: Json) => p.name),
        body: content['application/json']?.schema ?? null,
        multipart: !!content['multipart/form-data'],
      });
    }
  }
  // the login route is swept last: its throttle must not slow the rest down; logout would end the session
  ops = ops.filter((o) => !/\/logout$/.test(o.path)).sort((x, y) => Number(x.path.endsWith('/login')) - Number(y.path.endsWith('/login')));
});
afterAll(async () => { await env.close(); });

describe('bad input sweep over the OpenAPI document', () => {
  it('finds the routes', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter((o) => o.body).length).toBeGreaterThan(30);
  });

  it('malformed JSON → 400 invalid_json on every JSON-body route', async () => {
    for (const op of ops.filter((o) => o.body)) {
      const r = await c.req(op.method, fillPath(op), '{"a": [1, 2', { 'content-type': 'application/json' });
      failureIsClean(r, `${op.method} ${op.path} malformed`);
      expect([r.status, r.body.error], `${op.method} ${op.path}`).toEqual([400, 'invalid_json']);
    }
  });

  it('wrong-typed bodies → 4xx with an error key', async () => {
    for (const op of ops.filter((o) => o.body)) {
      for (const [label, body] of [['array', [1, 2, 3]], ['string', 'text'], ['number', 7], ['wrong fields', wrongTyped(op.body!)]] as const) {
        const r = await c.req(op.method, fillPath(op), JSON.stringify(body), { 'content-type': 'application/json' });
        failureIsClean(r, `${op.method} ${op.path} ${label}`);
        const emptyOk = label === 'wrong fields' && Object.keys(op.body!.properties ?? {}).length === 0;
        if (!emptyOk) expect(r.status, `${op.method} ${op.path} ${label} → ${r.status} ${r.text.slice(0, 160)}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('overlong strings → 4xx with an error key', async () => {
    const accepted: string[] = [];
    for (const op of ops.filter((o) => o.body && hasString(o.body))) {
      const r = await c.req(op.method, fillPath(op), JSON.stringify(overlong(op.body!)), { 'content-type': 'application/json' });
      failureIsClean(r, `${op.method} ${op.path} overlong`);
      if (r.status < 400) accepted.push(`${op.method} ${op.path} → ${r.status} ${r.text.slice(0, 120)}`);
    }
    expect(accepted).toEqual([]);
  });

  it('junk path parameters → never a 5xx; refusals carry an error key', async () => {
    for (const op of ops.filter((o) => o.params.length)) {
      for (const name of op.params) {
        for (const value of JUNK) {
          const r = await c.req(op.method, fillPath(op, { name, value }), op.body ? '{}' : undefined, op.body ? { 'content-type': 'application/json' } : {});
          failureIsClean(r, `${op.method} ${op.path} ${name}=${value.slice(0, 20)}`);
        }
      }
    }
  });

  it('every operation: no answer is a non-JSON error body (empty, wrong content type, over the body limit)', async () => {
    const bad: string[] = [];
    const tooBig = JSON.stringify({ x: 'y'.repeat(config.bodyLimitBytes) });
    for (const op of ops) {
      const tries: [string, string | undefined, Record<string, string>][] = [
        ['no body', undefined, {}],
        ['text/plain', 'hello', { 'content-type': 'text/plain' }],
        ['bad multipart', '--x\r\nbroken', { 'content-type': 'multipart/form-data; boundary=x' }],
      ];
      if (op.body || op.multipart) tries.push(['over the limit', tooBig, { 'content-type': 'application/json' }]);
      for (const [label, body, headers] of tries) {
        if (op.method === 'GET' && body !== undefined) continue;
        const r = await c.req(op.method, fillPath(op), body, headers);
        if (r.status >= 500 || !jsonError(r)) bad.push(`${op.method} ${op.path} ${label} → ${r.status} ${r.headers.get('content-type')} ${r.text.slice(0, 80)}`);
        if (label === 'over the limit' && op.body && r.status !== 413) bad.push(`${op.method} ${op.path} over the limit → ${r.status}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('the session survived the sweep', async () => {
    expect((await c.get('/api/user/infos')).status).toBe(200);
  });
});
