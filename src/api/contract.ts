// The API contract: each call is declared once (method, path, access, zod schemas of params, query, body
// and answer) in src/api/<feature>.ts. The server binds a handler to it (server/http/route.ts), the
// OpenAPI document is generated from it, and every client (islands, site script, tests) is typed from it
// through `RouteKey`: a client names a call as 'POST /api/wk/:artnr/add/:qty' and imports the contract
// types only, so no schema ships to the browser.
import type { z, ZodType } from 'zod';

/** Any zod schema, classic or zod/mini: a form's body rule is written in zod/mini so its island can ship it small. */
export type AnySchema = z.core.$ZodType;

export type Access =
  | 'public' // /api/…, session optional
  | 'guest' // /api/guest/… and /api/…, session optional (the spec's guest calls)
  | 'customer' // /api/…, logged-in customer required (401 otherwise)
  | 'logbook'; // /api/logbook/…, logged-in customer required

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ContractDef {
  method: Method;
  /** Hono path syntax relative to the access prefix, e.g. '/wk/:artnr/add/:qty' */
  path: string;
  access: Access;
  tag: string;
  summary: string;
  params?: ZodType;
  query?: ZodType;
  body?: AnySchema;
  /** body is multipart/form-data or binary: the handler reads it itself (its schema documents the fields) */
  rawBody?: boolean;
  /** the answer (of `result`); checked against every 2xx answer in the test run */
  response?: ZodType;
  /** the answer is a file or redirect (PDF, CSV, image) sent as is, not `{ result }` */
  rawResponse?: boolean;
  /** a GET that changes state (the spec's logout, auto booking): refused when a browser sends it cross-site */
  stateChangingGet?: boolean;
}

/** Declares a call; `const` keeps method, path and access as literal types for the clients' route keys. */
export function contract<const D extends ContractDef>(def: D): D {
  return def;
}

/** The path prefixes under which the server mounts a call of each access. */
/**
 * Sent by the browser's API client with every call: the language of the page it is on. A call without a
 * language of its own (path segment, ?lang=) answers in it before the session's language, which is the
 * one of the login and stays when the customer switches the page's language.
 */
export const PAGE_LANGUAGE_HEADER = 'x-page-language';

/**
 * Sent with it: the country of the page. Prices, currency and totals of a call without a country of its own
 * (path segment, ?country=) follow it before the session's country (the login's), so the cart, the
 * checkout and the lists of one page show one currency when the customer has switched the page's country.
 */
export const PAGE_COUNTRY_HEADER = 'x-page-country';

export const ACCESS_PREFIXES = {
  public: ['/api'],
  guest: ['/api/guest', '/api'],
  customer: ['/api'],
  logbook: ['/api/logbook'],
} as const satisfies Record<Access, readonly string[]>;

type Prefix<A extends Access> = (typeof ACCESS_PREFIXES)[A][number];

/** How a client names a call: 'GET /api/wk/anz'. A guest call has two names (/api/guest/… and /api/…). */
export type RouteKey<C extends ContractDef> = `${Uppercase<C['method']>} ${Prefix<C['access']>}${C['path']}`;

type SchemaOut<S> = S extends AnySchema ? z.output<S> : undefined;
type SchemaIn<S> = S extends AnySchema ? z.input<S> : undefined;

/** What the handler returns and the client receives as `result`. */
export type ResultOf<C extends ContractDef> = C['rawResponse'] extends true ? Response : SchemaOut<C['response']>;
/** What a handler may return: the answer before the schema's transforms, or a file response. */
export type HandlerResult<C extends ContractDef> = C['response'] extends ZodType ? SchemaIn<C['response']> | Response : unknown;

/** Path parameters as a client gives them: every value is put into the path as text. */
export type ParamsArg<C extends ContractDef> = C['params'] extends ZodType
  ? { [K in keyof z.input<C['params']>]: string | number }
  : undefined;
export type QueryArg<C extends ContractDef> = C['query'] extends ZodType
  ? { [K in keyof z.input<C['query']>]?: string | number | boolean | null }
  : undefined;
export type BodyArg<C extends ContractDef> = C['rawBody'] extends true ? FormData | Blob : SchemaIn<C['body']>;

/** A client's arguments of a call: params when its path has placeholders, body when it takes one. */
export type CallArgs<C extends ContractDef> = (C['params'] extends ZodType ? { params: ParamsArg<C> } : { params?: undefined })
  & (C['query'] extends ZodType ? { query?: QueryArg<C> } : { query?: undefined })
  & (C['rawBody'] extends true ? { body: FormData | Blob }
    : C['body'] extends AnySchema ? (undefined extends BodyArg<C> ? { body?: BodyArg<C> } : {} extends BodyArg<C> ? { body?: BodyArg<C> } : { body: BodyArg<C> })
    : { body?: undefined });

/** Fills `:name` placeholders of a path; values are URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`path parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(v));
  });
}

/** `?a=1&b=x` from a query object; null/undefined entries are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** Method and URL of a call from its client name ('POST /api/wk/:artnr/add/:qty') and arguments. */
export function routeTarget(route: string, args: { params?: Record<string, string | number>; query?: Record<string, unknown> } = {}): { method: string; url: string } {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space), url: fillPath(route.slice(space + 1), args.params) + queryString(args.query) };
}
