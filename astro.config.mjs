// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import node from '@astrojs/node';
import interactionDirective from './src/integrations/interaction.ts';
import precompress from './src/integrations/precompress.ts';
import pageRenderer from './src/integrations/page-renderer.ts';

// In development the API runs beside `astro dev` (scripts/dev.ts) and is reached through this proxy,
// so the browser talks to one origin and one port in dev as in production.
const apiPort = Number(process.env.API_PORT || 4322);

export default defineConfig({
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react(), interactionDirective(), pageRenderer(), precompress()],
  server: { port: Number(process.env.PORT || 4321), host: process.env.HOST || '127.0.0.1' },
  trailingSlash: 'ignore',
  build: { format: 'directory', concurrency: 4 },
  // pages carry a cacheKey (digest of the content they render): a rebuild re-renders only those
  // whose content changed and copies the rest from the previous build (node_modules/.astro)
  experimental: { incrementalBuild: true },
  vite: {
    server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
    // the server's own modules stay imports in the page bundle: pages that call the API's domain functions
    // in-process (product page, search) share the server's instances (one search index, one set of caches)
    // instead of a bundled copy that would build its own
    build: { rollupOptions: { external: [/^#server\//] } },
  },
});
