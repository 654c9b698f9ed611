// The content a publish renders with: every collection loaded afresh from where the build loads it
// (the CMS when CMS_URL is set, else src/content/data/*.json; src/content.config.ts) and written into the
// new generation's content-layer modules, so its renderer and its on-demand pages read the new entries.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { stringify, unflatten } from 'devalue';
import { config } from '../config.ts';
import { CONTENT_DIR } from '../lib/content.ts';
import { COLLECTION_DEFS, COLLECTION_NAMES, type CollectionName } from '#lib/content/collections.ts';
import { fetchStrapiCollection } from '#lib/content/strapi-loader.ts';
import { replaceFile } from './tree.ts';

type Raw = Record<string, unknown>;

async function loadCollection(name: CollectionName): Promise<Raw[]> {
  const file = COLLECTION_DEFS[name].file;
  if (config.cmsUrl) return fetchStrapiCollection({ url: config.cmsUrl, token: config.cmsToken, collection: file });
  const parsed = JSON.parse(await fsp.readFile(path.join(CONTENT_DIR, `${file}.json`), 'utf8')) as unknown;
  return Array.isArray(parsed) ? (parsed as Raw[]) : [];
}

/** Every collection as the content layer stores it: collection → id → { id, data }. */
export type SiteContent = Map<string, Map<string, { id: string; data: Raw }>>;

export async function freshContent(): Promise<SiteContent> {
  const out = new Map<string, Map<string, { id: string; data: Raw }>>();
  await Promise.all(COLLECTION_NAMES.map(async (name) => {
    const entries = new Map<string, { id: string; data: Raw }>();
    for (const raw of await loadCollection(name)) {
      const id = String(raw.id ?? raw.documentId ?? '');
      if (id) entries.set(id, { id, data: raw });
    }
    out.set(name, entries);
  }));
  return out;
}

const DATA_LAYER = /^_astro_data-layer-content.*\.mjs$/;

/** The content-layer modules of a build (server bundle and kept renderer), paths relative to the build. */
export async function dataLayerModules(buildDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const dir of [path.join('server', 'chunks'), path.join('server', 'renderer', 'chunks')]) {
    const names = await fsp.readdir(path.join(buildDir, dir)).catch(() => [] as string[]);
    out.push(...names.filter((n) => DATA_LAYER.test(n)).map((n) => path.join(dir, n)));
  }
  return out;
}

/** The store of a content-layer module (Vite emits it as `JSON.parse("<devalue data>")`; read as text, not imported). */
function readStore(code: string, file: string): Map<string, Map<string, Raw>> {
  const m = /JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(code);
  if (!m) throw new Error(`${file}: not a content-layer module this publish can read`);
  return unflatten(JSON.parse(JSON.parse(m[1]!) as string)) as Map<string, Map<string, Raw>>;
}

/**
 * Rewrites the content-layer modules of `buildDir` with `content`. Collections absent from the build's
 * store are left out; entry fields the build stored beyond id and data (filePath, digest) are kept.
 */
export async function writeContent(buildDir: string, content: SiteContent): Promise<number> {
  const modules = await dataLayerModules(buildDir);
  for (const rel of modules) {
    const file = path.join(buildDir, rel);
    const store = readStore(await fsp.readFile(file, 'utf8'), file);
    for (const [name, entries] of content) {
      const old = store.get(name) ?? new Map<string, Raw>();
      store.set(name, new Map([...entries].map(([id, e]) => {
        const { digest: _stale, ...kept } = (old.get(id) ?? {}) as Raw;
        return [id, { ...kept, id, data: e.data }];
      })));
    }
    const code = `// \\0astro:data-layer-content (CMS publish)\nvar content = JSON.parse(${JSON.stringify(stringify(store))});\nexport { content as default };\n`;
    await replaceFile(file, code);
  }
  return modules.length;
}
