// The browser client (src/lib/api.ts): calls are named by their contract, the spec's one retry of the
// logbook user call goes through the typed client, and no island calls the API past the contract.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as client from '../../src/lib/api.ts';
import { ApiFailure, request, requestWithRetry } from '../../src/lib/api.ts';
import { loadScannerUser } from '../../src/islands/portal/scanner/lib/logbook.ts';
import { loadSets } from '../../src/islands/portal/zahn/lib/assistant.ts';

/** fetch answering each call with the next of `answers` (status, JSON body); records the URLs. */
function fakeFetch(...answers: [number, unknown][]) {
  const urls: string[] = [];
  const fn = vi.fn(async (url: string) => {
    urls.push(url);
    const [status, body] = answers[Math.min(urls.length - 1, answers.length - 1)]!;
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return urls;
}

const USER = { id: 5, vorname: 'Anna', nachname: 'Berg', funktionen: ['K09'], role: 'sub' };

afterEach(() => { vi.unstubAllGlobals(); });

describe('request', () => {
  it('builds the URL from the call name, params and query and answers the result', async () => {
    const urls = fakeFetch([200, { result: { zahnlinien: [] } }]);
    expect(await request('GET /api/zahnassistent/zahnlinien/:country/:language', { params: { country: 'de', language: 'de' } })).toEqual({ zahnlinien: [] });
    await request('GET /api/scan/resolve', { query: { code: '(01)0400 7' } }).catch(() => undefined);
    expect(urls).toEqual(['/api/zahnassistent/zahnlinien/de/de', '/api/scan/resolve?code=%2801%290400+7']);
  });
});

describe('requestWithRetry', () => {
  it('retries a failed call once', async () => {
    const urls = fakeFetch([500, { error: 'generic' }], [200, { result: USER }]);
    expect(await requestWithRetry('GET /api/logbook/user/:id', { params: { id: 5 } })).toEqual(USER);
    expect(urls).toEqual(['/api/logbook/user/5', '/api/logbook/user/5']);
  });

  it('gives up after the second failure', async () => {
    const urls = fakeFetch([503, { error: 'generic' }]);
    await expect(requestWithRetry('GET /api/logbook/user')).rejects.toMatchObject({ status: 503 });
    expect(urls).toHaveLength(2);
  });

  it('does not retry a 401 (the session is gone)', async () => {
    const urls = fakeFetch([401, { error: 'not_logged_in' }]);
    await expect(requestWithRetry('GET /api/logbook/user')).rejects.toBeInstanceOf(ApiFailure);
    expect(urls).toHaveLength(1);
  });
});

describe('island calls', () => {
  it('the scanner user: the chosen one by id, else the active one, each retried once', async () => {
    let urls = fakeFetch([500, {}], [200, { result: USER }]);
    expect(await loadScannerUser(5)).toEqual(USER);
    expect(urls).toEqual(['/api/logbook/user/5', '/api/logbook/user/5']);
    urls = fakeFetch([200, { result: { ...USER, id: 0, role: 'general' } }]);
    expect((await loadScannerUser(0)).role).toBe('general');
    expect(urls).toEqual(['/api/logbook/user']);
  });

  it('the tooth sets: an empty choice is no filter', async () => {
    const urls = fakeFetch([200, { result: { items: [], total: 0, facets: {} } }]);
    await loadSets({ zahnlinie: 'Vita Physiodens', kiefer: '', farbe: 'A2' }, 'de', 'de', 1);
    expect(urls).toEqual(['/api/zahnassistent/garnituren?country=de&lang=de&limit=1&zahnlinie=Vita+Physiodens&farbe=A2']);
  });
});

describe('one client', () => {
  it('offers only the typed calls (no untyped get/post/put/del, no path-based call)', () => {
    expect(Object.keys(client).sort()).toEqual(['ApiFailure', 'request', 'requestWithRetry', 'routeUrl']);
  });

  it('no source file calls the API past the contract', () => {
    const root = path.resolve(import.meta.dirname, '../../src');
    const offenders: string[] = [];
    for (const f of fs.readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!/\.(ts|tsx|astro)$/.test(f)) continue;
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      if (/\bapi\.(get|post|put|del)\s*[<(]|\bgetWithRetry\b|\bapiUrl\(/.test(text)) offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});
