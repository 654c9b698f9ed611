// Content-layer loader for a Strapi-compatible REST API (v4 { id, attributes } and v5 flat entries):
// fetches every page of /api/{collection} at build time and replaces the collection's store.
import type { Loader } from 'astro/loaders';

export interface StrapiOptions { url: string; token: string; collection: string; pageSize?: number }

function flatten(item: unknown): Record<string, unknown> {
  const o = (item ?? {}) as Record<string, unknown>;
  const attrs = o.attributes as Record<string, unknown> | undefined;
  return attrs ? { ...attrs, id: attrs.id ?? o.id } : o;
}

export async function fetchStrapiCollection(opts: StrapiOptions, fetchImpl: typeof fetch = fetch): Promise<Record<string, unknown>[]> {
  const base = `${opts.url.replace(/\/+$/, '')}/api/${encodeURIComponent(opts.collection)}`;
  const size = opts.pageSize ?? 100;
  const out: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const res = await fetchImpl(`${base}?pagination[page]=${page}&pagination[pageSize]=${size}`, {
      headers: { accept: 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`CMS ${opts.collection}: HTTP ${res.status}`);
    const body = (await res.json()) as { data?: unknown[]; meta?: { pagination?: { pageCount?: number } } };
    const data = Array.isArray(body.data) ? body.data.map(flatten) : [];
    out.push(...data);
    const pageCount = body.meta?.pagination?.pageCount ?? 1;
    if (page >= pageCount || data.length === 0) break;
  }
  return out;
}

export function strapiLoader(opts: StrapiOptions): Loader {
  return {
    name: 'strapi-loader',
    load: async ({ store, parseData, generateDigest, logger }) => {
      const items = await fetchStrapiCollection(opts);
      store.clear();
      for (const raw of items) {
        const id = String(raw.id ?? raw.documentId ?? '');
        if (!id) continue;
        const data = await parseData({ id, data: raw });
        store.set({ id, data, digest: generateDigest(data) });
      }
      logger.info(`${opts.collection}: ${items.length} entries from the CMS`);
    },
  };
}
