// Saturation load from wrk (Debian's package, written in C) instead of autocannon: on a 2-core machine the
// load generator takes its cores from the server, and autocannon (JavaScript) needs 0.5–0.6 of a core for
// 15,000–20,000 req/s where wrk needs a fraction of that, so a second server process gets more of the
// second core. Same closed loop as autocannon: every connection sends again as soon as its answer arrives;
// latency is measured from the request's write to the end of its answer.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Scenario, WorkerJob, WorkerResult } from './load.ts';

/** wrk on the PATH (apt-get install wrk), unless BENCH_CLIENT=autocannon asks for the JavaScript client. */
export function wrkAvailable(): boolean {
  if (process.env.BENCH_CLIENT === 'autocannon') return false;
  return spawnSync('wrk', ['--version']).error === undefined;
}

// The Lua script: reads the requests (one per line: method, path, cookie, accept-encoding, body, tab-separated) once per
// thread, formats them, cycles through them from a per-thread offset, and prints the figures as JSON.
const SCRIPT = `
local reqs = {}
function init(args)
  for line in io.lines(args[1]) do
    local m, p, c, e, b = line:match("^([^\\t]*)\\t([^\\t]*)\\t([^\\t]*)\\t([^\\t]*)\\t(.*)$")
    local h = { ["content-type"] = "application/json" }
    if c ~= "" then h["cookie"] = c end
    if e ~= "" then h["accept-encoding"] = e end
    if b == "" then b = nil end
    reqs[#reqs + 1] = wrk.format(m, p, h, b)
  end
  i = tonumber(args[2]) or 0
end
function request()
  i = i % #reqs + 1
  return reqs[i]
end
function done(s, latency, requests)
  io.write(string.format('\\nWRK_RESULT {"requests":%d,"duration":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f,"status":%d,"errors":%d}\\n',
    s.requests, s.duration, latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    s.errors.status, s.errors.connect + s.errors.read + s.errors.write + s.errors.timeout))
end
`;

/** One line per request of the scenario's rotation: the sessions in turn, each over every path (a
 *  rotation of paths and sessions in step would give each session only a few of the paths). */
function requestLines(s: Scenario): string {
  const sessions = Math.max(1, s.cookies?.length ?? 1);
  const n = Math.max(s.paths.length, s.bodies?.length ?? 1) * sessions;
  const lines: string[] = [];
  for (let k = 0; k < n; k++) {
    const cookie = s.cookies?.length ? s.cookies[k % sessions]! : '';
    const j = Math.floor(k / sessions);
    const body = s.bodies ? s.bodies[j % s.bodies.length]! : '';
    lines.push(`${s.method}\t${s.paths[j % s.paths.length]}\t${cookie}\t${s.acceptEncoding ?? ''}\t${body}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A closed-loop saturation run of `job` with wrk (one thread: the fewer cores the client takes, the better). */
export function wrkSaturation(job: WorkerJob): Promise<WorkerResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-'));
  const script = path.join(dir, 'rotate.lua');
  const data = path.join(dir, 'requests.tsv');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(data, requestLines(job.scenario));
  // `times` prints the CPU the shell's children (wrk) used: its second line, user and system
  const cmd = `wrk -t1 -c${job.connections} -d${job.seconds}s --timeout 10s -s ${script} ${job.url} -- ${data} 0; times`;
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', cmd], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.once('error', reject);
    child.once('exit', (code) => {
      fs.rmSync(dir, { recursive: true, force: true });
      const m = /WRK_RESULT (\{.*\})/.exec(out);
      if (code !== 0 || !m) { reject(new Error(`wrk failed (${code}):\n${out}`)); return; }
      const r = JSON.parse(m[1]!) as { requests: number; duration: number; p50: number; p95: number; p99: number; status: number; errors: number };
      const seconds = r.duration / 1e6;
      const times = out.trim().split('\n').at(-1)!.split(/\s+/).map(parseTimes);
      const clientCores = (times[0]! + times[1]!) / seconds;
      resolve({
        requests: r.requests, seconds, p50: r.p50, p95: r.p95, p99: r.p99, non2xx: r.status, errors: r.errors,
        status: { '2xx': r.requests - r.status, ...(r.status ? { 'non-2xx': r.status } : {}) }, clientCores,
      });
    });
  });
}

/** `times` prints e.g. 0m1.234s */
function parseTimes(t: string): number {
  const m = /^(\d+)m([\d.]+)s$/.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}
