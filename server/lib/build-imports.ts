// A build's bundle imports the server's own modules as `#server/*` (astro.config.mjs keeps them out of
// the bundle, so a page and the API share one search index and one set of caches). Node resolves such a
// specifier through the package.json above the importing file: a build in the project's dist/ finds the
// project's, but a site generation in the site store (elsewhere on disk) finds none. This hook resolves
// them to this checkout's server/ wherever the bundle lies; every thread that imports a build calls it.
import { registerHooks } from 'node:module';

const SERVER_DIR = new URL('../', import.meta.url);
const PREFIX = '#server/';
let registered = false;

export function resolveServerImports(): void {
  if (registered) return;
  registered = true;
  registerHooks({
    resolve: (specifier, context, next) =>
      next(specifier.startsWith(PREFIX) ? new URL(specifier.slice(PREFIX.length), SERVER_DIR).href : specifier, context),
  });
}
