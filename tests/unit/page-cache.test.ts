// The guest page cache: a 200 HTML answer is served again (headers from writeHead kept, cookies not),
// other answers are not kept, entries expire, clear() forgets everything, and so does a catalogue or
// content change announced on the bus by any process; a render that raced such a change is not kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GuestPageCache } from '../../server/page-cache.ts';
import { invalidate } from '../../server/lib/bus.ts';
import { TOPIC } from '../../server/lib/cache-topics.ts';

let server: http.Server;
let base = '';
let renders = 0;
const cache = new GuestPageCache(200);
/** called in the middle of the next render (a price change while the page is being rendered) */
let duringRender: (() => void) | null = null;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const render = () => {
      renders++;
      res.setHeader('set-cookie', 'hint=1');
      if (req.url === '/missing') { res.writeHead(404, { 'content-type': 'text/html' }).end('nope'); return; }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-page': 'product' });
      res.write('<p>');
      duringRender?.(); duringRender = null;
      res.end(`render ${renders}</p>`);
    };
    if (cache.serve(req.url!, req, res)) return;
    void cache.fill(req.url!, res, render);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => { server.close(); });

describe('GuestPageCache', () => {
  it('serves a 200 HTML page again with its headers but without cookies', async () => {
    const a = await fetch(`${base}/p`);
    expect(await a.text()).toBe('<p>render 1</p>');
    const b = await fetch(`${base}/p`);
    expect(await b.text()).toBe('<p>render 1</p>');
    expect(b.headers.get('x-page')).toBe('product');
    expect(b.headers.get('content-type')).toContain('text/html');
    expect(b.headers.get('set-cookie')).toBeNull();
    expect(renders).toBe(1);
  });

  it('does not keep other answers', async () => {
    await fetch(`${base}/missing`);
    await fetch(`${base}/missing`);
    expect(renders).toBe(3);
  });

  it('expires after its time and forgets everything on clear', async () => {
    await new Promise((r) => setTimeout(r, 250));
    expect(await (await fetch(`${base}/p`)).text()).toBe('<p>render 4</p>');
    cache.clear();
    expect(await (await fetch(`${base}/p`)).text()).toBe('<p>render 5</p>');
  });
});

describe('GuestPageCache and the bus', () => {
  it('a price, currency, category or content change on any process empties it', async () => {
    for (const [i, topic] of [TOPIC.articles, TOPIC.currencies, TOPIC.categories, TOPIC.content].entries()) {
      const before = await (await fetch(`${base}/bus-${i}`)).text();
      expect(await (await fetch(`${base}/bus-${i}`)).text()).toBe(before);
      invalidate(topic, topic === TOPIC.articles ? '14-0001' : '*');
      expect(await (await fetch(`${base}/bus-${i}`)).text()).not.toBe(before);
    }
    // another topic (a session) leaves the pages alone
    const kept = await (await fetch(`${base}/bus-x`)).text();
    invalidate(TOPIC.session, 'abc');
    expect(await (await fetch(`${base}/bus-x`)).text()).toBe(kept);
  });

  it('a page rendered while the price changed is not kept', async () => {
    duringRender = () => invalidate(TOPIC.articles, '14-0001');
    const first = await (await fetch(`${base}/race`)).text();
    expect(await (await fetch(`${base}/race`)).text()).not.toBe(first);
  });
});
