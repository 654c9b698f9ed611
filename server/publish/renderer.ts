// The build's own page renderer at run time: imports the prerender bundle a build keeps in
// server/renderer/ (src/integrations/page-renderer.ts) and renders single static pages with it, the
// same code and content that rendered them in `astro build`.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { StaticPaths } from 'astro/runtime/prerender/static-paths.js';
import { RENDERER_DIR as KEPT, type RendererManifest } from '#src/integrations/page-renderer.ts';
import { resolveServerImports } from '../lib/build-imports.ts';

/** Where a build keeps its renderer, relative to the build. */
export const RENDERER_DIR = path.join('server', KEPT);

interface RouteData { route: string; component: string; prerender: boolean; type: string }
interface BuildApp {
  manifest: { entryModules: Record<string, string> };
  setInternals(i: unknown): void;
  setOptions(o: unknown): void;
  render(req: Request, o: { routeData: RouteData }): Promise<Response>;
}

export interface StaticPage { pathname: string; route: RouteData }

export interface PageRenderer {
  /** every static page of the build with its route (the build's getStaticPaths, current content) */
  paths(): Promise<StaticPage[]>;
  /** the page's bytes as `astro build` writes them; null when the route renders no body */
  render(page: StaticPage): Promise<Buffer | null>;
}

/** Loads the renderer of the build in `buildDir` (its own module graph: a fresh copy per generation). */
export async function loadRenderer(buildDir: string): Promise<PageRenderer> {
  resolveServerImports();
  const dir = path.join(buildDir, RENDERER_DIR);
  const manifest = JSON.parse(await fsp.readFile(path.join(dir, 'renderer.json'), 'utf8')) as RendererManifest;
  // the site's modules read SITE_COUNTRIES when they load: the build's value, whatever this process has
  const withBuildEnv = async <T>(fn: () => Promise<T>): Promise<T> => {
    const own = process.env.SITE_COUNTRIES;
    if (manifest.siteCountries === null) delete process.env.SITE_COUNTRIES; else process.env.SITE_COUNTRIES = manifest.siteCountries;
    try { return await fn(); } finally { if (own === undefined) delete process.env.SITE_COUNTRIES; else process.env.SITE_COUNTRIES = own; }
  };
  const { app } = await withBuildEnv(async () => (await import(pathToFileURL(path.join(dir, manifest.entry)).href)) as { app: BuildApp });
  // what the build environment reads from Astro's build internals and options (head elements)
  app.setInternals({
    pagesByKeys: new Map(manifest.styles.map(([key, styles]) => [key, { styles }])),
    entrySpecifierToBundleMap: new Map(Object.entries(app.manifest.entryModules)),
  });
  app.setOptions({ settings: { scripts: manifest.scripts }, logger: { options: { destination: { write: () => true } } } });
  return {
    async paths() {
      return withBuildEnv(async () => (await new StaticPaths(app as never).getAll()) as StaticPage[]);
    },
    async render(page) {
      const url = new URL(page.pathname.endsWith('/') || page.pathname.includes('.') ? page.pathname : `${page.pathname}/`, 'http://localhost');
      const res = await withBuildEnv(() => app.render(new Request(url), { routeData: page.route }));
      if (!res.body || res.status >= 300) return null;
      return Buffer.from(await res.arrayBuffer());
    },
  };
}
