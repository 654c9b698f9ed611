// Lighthouse runner shared by bench:site and bench:shop: mobile form factor with Lighthouse's default
// simulated throttling, performance only, in Debian chromium. Every page is run `runs` times and the
// median run (by score) is reported with its LCP, CLS, TBT, LCP element and the JavaScript transferred
// (compressed bytes on the wire, as the browser received them). A session cookie goes into the browser's
// cookie jar, not into Lighthouse's extraHeaders: those reach the document but not the page's fetch()
// calls, which then answer 401 and log the page out (it reloads as a guest: a broken measurement).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LighthousePage { name: string; url: string; cookie?: string }
export interface LighthouseResult {
  name: string; scores: number[]; score: number;
  lcpMs: number; cls: number; tbtMs: number; jsBytes: number; lcpElement: string;
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const median = <T>(xs: T[], key: (x: T) => number): T => [...xs].sort((a, b) => key(a) - key(b))[Math.floor(xs.length / 2)]!;

interface Lhr {
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: { items?: any[] } }>;
}

function summarize(lhr: Lhr) {
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  // newer Lighthouse nests the element in a table of tables
  const node = lcpItems[0]?.node ?? lcpItems[0]?.items?.[0]?.node;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    jsBytes: requests.filter((r) => r.resourceType === 'Script').reduce((n, r) => n + (r.transferSize ?? 0), 0),
    lcpElement: String(node?.snippet ?? node?.selector ?? '-').slice(0, 90),
  };
}

/** One CDP command on the browser's first page target (raw DevTools protocol over WebSocket). */
async function cdp(port: number, commands: { method: string; params?: object }[]): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const page = targets.find((t) => t.type === 'page');
  if (!page) throw new Error('no page target in chromium');
  const ws = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
  let id = 0;
  for (const c of commands) {
    const my = ++id;
    await new Promise<void>((resolve, reject) => {
      ws.onmessage = (e) => {
        const m = JSON.parse(String(e.data)) as { id?: number; error?: { message: string } };
        if (m.id !== my) return;
        if (m.error) reject(new Error(`${c.method}: ${m.error.message}`)); else resolve();
      };
      ws.send(JSON.stringify({ id: my, method: c.method, params: c.params ?? {} }));
    });
  }
  ws.close();
}

/**
 * A logged-in run: Lighthouse's own storage reset would clear the cookie, so it is switched off and done
 * here instead — HTTP cache and the origin's storage cleared (a first visit, like every other run), then
 * the session cookie set.
 */
async function prepareSession(port: number, url: string, cookie: string): Promise<void> {
  const origin = new URL(url).origin;
  const [name, ...rest] = cookie.split('=');
  await cdp(port, [
    { method: 'Network.enable' },
    { method: 'Network.clearBrowserCache' },
    { method: 'Storage.clearDataForOrigin', params: { origin, storageTypes: 'all' } },
    { method: 'Network.setCookie', params: { name, value: rest.join('='), url: origin, httpOnly: true, sameSite: 'Lax' } },
  ]);
}

export async function lighthouse(pages: LighthousePage[], runs: number): Promise<LighthouseResult[]> {
  const { default: run } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const out: LighthouseResult[] = [];
  try {
    for (const p of pages) {
      const all: ReturnType<typeof summarize>[] = [];
      for (let i = 0; i < runs; i++) {
        if (p.cookie) await prepareSession(chrome.port, p.url, p.cookie);
        // default config = mobile form factor with simulated throttling
        const r = await run(p.url, {
          port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'],
          ...(p.cookie ? { disableStorageReset: true } : {}),
        });
        if (r) all.push(summarize(r.lhr as unknown as Lhr));
        // BENCH_LH_DUMP=dir keeps every report (long tasks, bootup time and the rest of the audits)
        if (r && process.env.BENCH_LH_DUMP) {
          fs.mkdirSync(process.env.BENCH_LH_DUMP, { recursive: true });
          fs.writeFileSync(path.join(process.env.BENCH_LH_DUMP, `${p.name.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(r.lhr));
        }
      }
      const m = median(all, (x) => x.score);
      out.push({ name: p.name, scores: all.map((x) => x.score), ...m });
    }
  } finally {
    chrome.kill();
  }
  return out;
}

/** The table both benchmarks print, with the load average it was measured under (simulated throttling still feels CPU contention). */
export function printLighthouse(rows: LighthouseResult[], runs: number, target = { score: 98, cls: 0.02 }): void {
  const kb = (b: number) => `${(b / 1024).toFixed(1)} KB`;
  console.log(`\nLighthouse mobile performance (simulated throttling, ${runs} run${runs > 1 ? 's, median' : ''}; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores):`);
  console.log(`  ${'page'.padEnd(18)} ${'score'.padStart(5)} ${'LCP'.padStart(7)} ${'CLS'.padStart(6)} ${'TBT'.padStart(7)} ${'JS wire'.padStart(9)}  runs / target / LCP element`);
  for (const r of rows) {
    const ok = r.score >= target.score && r.cls <= target.cls;
    console.log(`  ${r.name.padEnd(18)} ${String(r.score).padStart(5)} ${`${(r.lcpMs / 1000).toFixed(2)} s`.padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${`${Math.round(r.tbtMs)} ms`.padStart(7)} ${kb(r.jsBytes).padStart(9)}`
      + `  (${r.scores.join(', ')}) [>= ${target.score}, CLS <= ${target.cls}: ${ok ? 'ok' : 'MISSED'}] ${r.lcpElement}`);
  }
}
