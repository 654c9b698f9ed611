// `npm start`: build the site if needed, migrate, seed an empty database, serve site + API on one port;
// WORKERS=n (or auto) serves with n processes sharing the port. `--api-only` serves the API without the site.
import './node-check.ts';
import cluster from 'node:cluster';
import { buildIfNeeded } from './build-if-needed.ts';
import { superviseWorkers, workerCount } from '../server/cluster.ts';

const apiOnly = process.argv.includes('--api-only');
const workers = workerCount();
if (cluster.isPrimary && !apiOnly) buildIfNeeded(process.argv.includes('--rebuild'));
if (cluster.isPrimary && workers > 1) {
  // migrate and seed once, before any worker opens the database
  const { bootDatabase } = await import('../server/boot.ts');
  await (await bootDatabase()).destroy();
  superviseWorkers(workers);
} else {
  const { startServer } = await import('../server/main.ts');
  await startServer({ apiOnly });
}
