// Browser client of the shop API: cookies, JSON, `{ result }` unwrapping, and "any 401 logs out everywhere".
// `request('POST /api/wk/:artnr/add/:qty', { params })` is typed from the contract (src/api/): the call's
// name must exist, params/query/body must fit its schemas, and the answer has the contract's type.
import type { ApiRoute, ApiRoutes } from '../api/index.ts';
import { PAGE_COUNTRY_HEADER, PAGE_LANGUAGE_HEADER, routeTarget, type CallArgs, type ContractDef, type ResultOf } from '../api/contract.ts';
import { loggedOut } from '../stores/customer.ts';

export class ApiFailure extends Error {
  readonly status: number;
  readonly key: string;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.error ?? 'generic'));
    this.status = status;
    this.key = String(body.error ?? 'generic');
    this.body = body;
  }
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The arguments of a call: params when its path has placeholders, body when it takes one. */
export type RequestArgs<K extends ApiRoute> = CallArgs<Extract<ApiRoutes[K], ContractDef>> & Pick<CallOptions, 'headers' | 'signal'>;

/** The `result` a call answers. */
export type ApiResult<K extends ApiRoute> = ResultOf<Extract<ApiRoutes[K], ContractDef>>;

/** Method and URL of a call from its name and arguments. */
export function routeUrl(route: ApiRoute, args: { params?: Record<string, string | number>; query?: Record<string, unknown> } = {}): { method: Method; url: string } {
  const { method, url } = routeTarget(route, args);
  return { method: method as Method, url };
}

/** Calls the API by the call's name and returns its typed `result`. */
export function request<K extends ApiRoute>(
  route: K,
  ...[args]: {} extends RequestArgs<K> ? [args?: RequestArgs<K>] : [args: RequestArgs<K>]
): Promise<ApiResult<K>> {
  const a = (args ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown } & CallOptions;
  const { method, url } = routeUrl(route, a);
  return send(method, url, a) as Promise<ApiResult<K>>;
}

/** `request` with one retry after a failure other than 401, as the spec asks for the logbook user call. */
export async function requestWithRetry<K extends ApiRoute>(
  route: K,
  ...args: {} extends RequestArgs<K> ? [args?: RequestArgs<K>] : [args: RequestArgs<K>]
): Promise<ApiResult<K>> {
  try { return await request(route, ...args); } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) throw e;
    return request(route, ...args);
  }
}

/** A two-letter code of the page in the browser ('' elsewhere or when it is not one). */
function pageCode(read: (html: HTMLElement) => string | undefined): string {
  const code = typeof document === 'undefined' ? '' : (read(document.documentElement) ?? '').slice(0, 2).toLowerCase();
  return /^[a-z]{2}$/.test(code) ? code : '';
}

async function send(method: Method, url: string, opts: CallOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  // the answer's texts and prices follow the page, not the session's language and country (the login's)
  const lang = pageCode((html) => html.lang);
  if (lang) headers[PAGE_LANGUAGE_HEADER] = lang;
  const country = pageCode((html) => html.dataset.country);
  if (country) headers[PAGE_COUNTRY_HEADER] = country;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || opts.body instanceof Blob) body = opts.body;
  else if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] = 'application/json'; }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiFailure(0, { error: 'generic' });
  }
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try { json = text ? JSON.parse(text) : {}; } catch { json = { error: 'generic' }; }
  if (!res.ok) {
    if (res.status === 401 && !/^\/api\/(guest\/)?login/.test(url)) loggedOut();
    throw new ApiFailure(res.status, json);
  }
  return json.result;
}
