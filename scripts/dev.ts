// `npm run dev`: API (restarting on change) + astro dev with its /api proxy, one port for the browser.
import './node-check.ts';
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT || '4322';
// development helpers (outbox, default webhook secret) are on only here and in the test harness
const env = { ...process.env, API_PORT: apiPort, DEV_TOOLS: process.env.DEV_TOOLS ?? '1' };
const api = spawn(process.execPath, ['--watch-path=server', '--watch-path=src/lib', 'server/main.ts', '--api-only'], {
  stdio: 'inherit', env: { ...env, PORT: apiPort },
});
const site = spawn('npx', ['astro', 'dev'], { stdio: 'inherit', env });
const stop = () => { api.kill(); site.kill(); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
site.on('exit', (code) => { api.kill(); process.exit(code ?? 0); });
