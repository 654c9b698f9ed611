// Production server: the shop API (Hono) and the built Astro site on one port.
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { config, ROOT } from './config.ts';
import { bootDatabase } from './boot.ts';
import { createApi } from './http/app.ts';

type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export async function loadSiteHandler(distDir = path.join(ROOT, 'dist')): Promise<NodeHandler | null> {
  const entry = path.join(distDir, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) return null;
  process.env.ASTRO_NODE_AUTOSTART = 'disabled';
  const mod = (await import(pathToFileURL(entry).href)) as { handler: NodeHandler };
  return mod.handler;
}

export async function startServer(opts: { port?: number; host?: string; apiOnly?: boolean } = {}) {
  const db = await bootDatabase();
  const api = getRequestListener(createApi(db).fetch);
  const site = opts.apiOnly ? null : await loadSiteHandler();
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return void api(req, res);
    if (site) return site(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('site not built: run npm run build');
  });
  server.keepAliveTimeout = 65_000;
  const port = opts.port ?? config.port;
  const host = opts.host ?? config.host;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  console.log(`[shop] listening on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}${site ? '' : ' (API only)'}`);
  const stop = () => server.close(() => db.destroy().then(() => process.exit(0)));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return { server, db };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await startServer({ apiOnly: process.argv.includes('--api-only') });
}
