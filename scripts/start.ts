// `npm start`: build the site if needed, migrate, seed an empty database, serve site + API on one port.
import './node-check.ts';
import { buildIfNeeded } from './build-if-needed.ts';

buildIfNeeded(process.argv.includes('--rebuild'));
const { startServer } = await import('../server/main.ts');
await startServer();
