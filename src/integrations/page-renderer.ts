// Astro integration: keeps the build's prerender bundle (the code that rendered the static pages) next
// to the server output as dist/server/renderer/, with what its render needs from the build (page styles,
// page scripts) in renderer.json. A CMS publish re-renders the pages one entry affects with exactly
// this code in well under a second (server/publish/renderer.ts) instead of a whole `astro build`.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** What the render of a page takes from Astro's build internals (serialisable). */
export interface RendererManifest {
  entry: string;
  /** pagesByKeys: page key → its stylesheets */
  styles: [string, unknown[]][];
  scripts: unknown[];
  /** SITE_COUNTRIES of the build (a development subset): the renderer enumerates the same pages */
  siteCountries: string | null;
}

export const RENDERER_DIR = 'renderer';

interface DefaultPrerenderer {
  name: string;
  setup?(): Promise<void>;
  getStaticPaths(): Promise<unknown>;
  render(request: Request, opts: unknown): Promise<unknown>;
  teardown?(): Promise<void>;
  collectStaticImages?(): Promise<unknown>;
}

export default function pageRenderer(): AstroIntegration {
  let serverDir = '';
  // the build's page data (Astro fills in the styles while bundling; read when prerendering starts)
  let pages: Map<string, { styles?: unknown[] }> = new Map();
  let setPrerenderer: ((p: (d: DefaultPrerenderer) => DefaultPrerenderer) => void) | undefined;
  return {
    name: 'shop:page-renderer',
    hooks: {
      'astro:config:done': ({ config }) => { serverDir = fileURLToPath(config.build.server); },
      'astro:build:setup': ({ pages: p }) => { pages = p as unknown as typeof pages; },
      // taken at build start but called only once the bundles are built: a prerenderer set at the start
      // makes Astro skip its default prerender entry, which this wrapper keeps using
      'astro:build:start': (params) => {
        setPrerenderer = (params as unknown as { setPrerenderer: typeof setPrerenderer }).setPrerenderer;
      },
      'astro:build:ssr': () => {
        setPrerenderer?.((def) => ({
          ...def,
          name: 'shop:page-renderer',
          async setup() {
            await def.setup?.();
            // the default prerenderer imported the bundle from .prerender/ (deleted after the build)
            const app = (def as unknown as { app: { getOptions(): { settings: { scripts: unknown[] } } } }).app;
            const dest = path.join(serverDir, RENDERER_DIR);
            await fsp.rm(dest, { recursive: true, force: true });
            await fsp.cp(path.join(serverDir, '.prerender'), dest, { recursive: true });
            const manifest: RendererManifest = {
              entry: (await fsp.readdir(dest)).find((f) => f.startsWith('prerender-entry')) ?? '',
              styles: [...pages].map(([k, d]) => [k, d.styles ?? []]),
              scripts: app.getOptions().settings.scripts,
              siteCountries: process.env.SITE_COUNTRIES ?? null,
            };
            await fsp.writeFile(path.join(dest, 'renderer.json'), JSON.stringify(manifest));
          },
          getStaticPaths: () => def.getStaticPaths(),
          render: (req, o) => def.render(req, o),
          teardown: () => def.teardown?.() ?? Promise.resolve(),
        }));
      },
    },
  };
}

