// Which texts an island needs, derived from its source (server-only: imported by .astro files):
// every locale key (or plural base) named by its module and the island modules it imports, and all
// keys under a template's static head (`function.${code}` → function.*). Shared domain code
// (src/lib, src/stores) is followed but not counted: its error keys reach the screen through
// errorMessage, and the error catalogue (every key the server or the rules answer) is added where a
// page asks for it (the shop page block, forms without it) — not to the header islands of every
// page. Nothing is picked by hand, so the payload follows the code (tests/unit/island-keys.test.ts,
// the raw-key e2e check).
import de from './locales/de.json' with { type: 'json' };
import { ERROR_KEYS } from '../lib/rules/constants.ts';
import type { Messages } from './translate.ts';

const SOURCES = import.meta.glob<string>(['/src/islands/**/*.{ts,tsx}', '/src/lib/**/*.ts', '/src/stores/**/*.ts'],
  { query: '?raw', import: 'default', eager: true });
const SERVER = import.meta.glob<string>('/server/**/*.ts', { query: '?raw', import: 'default', eager: true });
const LOCALES = import.meta.glob<{ default: Messages }>('./locales/*.json', { eager: true });

const ALL = Object.keys(de);
const KNOWN = new Set(ALL);
const PLURAL = /_(?:zero|one|two|few|many|other)$/;
/** Error keys the server answers (ApiError and its helpers; zod messages are in ERROR_KEYS or named in code). */
export const API_KEY_CALL = /\b(?:badRequest|conflict|forbidden|notFound|unauthorized|new ApiError)\(\s*(?:\d+\s*,\s*)?'([a-z][a-z0-9_]*)'/g;

/** The locale keys a source names: key-shaped tokens (plural forms included) and template heads. */
export function keysNamedIn(src: string): Set<string> {
  const out = new Set<string>();
  for (const [tok] of src.matchAll(/[A-Za-z0-9_.]+/g)) {
    if (KNOWN.has(tok)) out.add(tok);
    else if (KNOWN.has(`${tok}_one`) || KNOWN.has(`${tok}_other`)) for (const k of ALL) if (k.startsWith(`${tok}_`) && PLURAL.test(k)) out.add(k);
  }
  for (const m of src.matchAll(/`([a-z][a-z0-9_]*[._][a-z0-9_.]*)\$\{/g)) for (const k of ALL) if (k.startsWith(m[1]!)) out.add(k);
  return out;
}

function resolve(from: string, spec: string): string | null {
  const parts = from.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop(); else if (seg !== '.') parts.push(seg);
  }
  const p = parts.join('/');
  for (const c of [p, `${p}.ts`, `${p}.tsx`, `${p}/index.ts`]) if (c in SOURCES) return c;
  return null;
}

/** The module and everything it imports (relative imports inside src/islands, src/lib, src/stores). */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const m of SOURCES[f]!.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const r = resolve(f, m[1]!);
      if (r) todo.push(r);
    }
  }
  return [...seen];
}

let apiKeys: Set<string> | undefined;
/** The error catalogue: every error key the rules (ERROR_KEYS) or the server answer. */
export function apiErrorKeys(): Set<string> {
  if (!apiKeys) {
    apiKeys = new Set(ERROR_KEYS.filter((k) => KNOWN.has(k)));
    for (const src of Object.values(SERVER)) for (const m of src.matchAll(API_KEY_CALL)) if (KNOWN.has(m[1]!)) apiKeys.add(m[1]!);
  }
  return apiKeys;
}

const keyCache = new Map<string, string[]>();
/** The modules of one island, named by its path under src/islands without extension ('shop/LoginPanel'). */
export function islandFiles(island: string): string[] {
  const entry = resolve('/src/islands/x', `./${island}`);
  if (!entry) throw new Error(`unknown island ${island}`);
  return closure(entry);
}

/** The keys of one island. */
export function islandKeys(island: string): string[] {
  let keys = keyCache.get(island);
  if (!keys) {
    const files = islandFiles(island);
    const set = new Set<string>();
    for (const f of files) if (f.startsWith('/src/islands/')) for (const k of keysNamedIn(SOURCES[f]!)) set.add(k);
    keys = [...set].sort();
    keyCache.set(island, keys);
  }
  return keys;
}

/** The shop islands (src/islands/shop/*.tsx): their texts are embedded once per shop page. */
export const SHOP_ISLANDS = Object.keys(SOURCES).filter((f) => /^\/src\/islands\/shop\/[^/]+\.tsx$/.test(f))
  .map((f) => f.slice('/src/islands/'.length, -'.tsx'.length));

const msgCache = new Map<string, Messages>();
/** The texts of the given islands in a language (German where the language lacks one), with the
 * error catalogue when `errors` is set. */
export function islandMessages(lang: string, islands: readonly string[], opts: { errors?: boolean } = {}): Messages {
  const id = `${lang}|${islands.join(',')}|${opts.errors ? 'e' : ''}`;
  let m = msgCache.get(id);
  if (!m) {
    const file = LOCALES[`./locales/${lang}.json`]?.default ?? {};
    const keys = islands.flatMap((i) => islandKeys(i));
    if (opts.errors) keys.push(...apiErrorKeys());
    m = {};
    for (const k of keys.sort()) m[k] = file[k] ?? (de as Messages)[k]!;
    msgCache.set(id, m);
  }
  return m;
}
