// Browser client of the shop API: cookies, JSON, `{ result }` unwrapping, and "any 401 logs out everywhere".
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

export interface CallOptions {
  body?: unknown;
  /** the spec's guest calls go to /api/guest/ */
  guest?: boolean;
  /** scanner-user calls go to /api/logbook/ */
  logbook?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function apiUrl(path: string, opts: Pick<CallOptions, 'guest' | 'logbook'> = {}): string {
  const base = opts.logbook ? '/api/logbook/' : opts.guest ? '/api/guest/' : '/api/';
  return base + path.replace(/^\/+/, '');
}

export async function call<T = unknown>(method: Method, path: string, opts: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) { body = JSON.stringify(opts.body); headers['content-type'] = 'application/json'; }
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts), { method, headers, body, credentials: 'same-origin', signal: opts.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiFailure(0, { error: 'generic' });
  }
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try { json = text ? JSON.parse(text) : {}; } catch { json = { error: 'generic' }; }
  if (!res.ok) {
    if (res.status === 401 && !path.startsWith('login')) loggedOut();
    throw new ApiFailure(res.status, json);
  }
  return json.result as T;
}

export const api = {
  get: <T = unknown>(path: string, opts?: CallOptions) => call<T>('GET', path, opts),
  post: <T = unknown>(path: string, body?: unknown, opts?: CallOptions) => call<T>('POST', path, { ...opts, body }),
  put: <T = unknown>(path: string, body?: unknown, opts?: CallOptions) => call<T>('PUT', path, { ...opts, body }),
  del: <T = unknown>(path: string, body?: unknown, opts?: CallOptions) => call<T>('DELETE', path, { ...opts, body }),
};

/** GET with one retry, as the spec asks for the logbook user call. */
export async function getWithRetry<T>(path: string, opts?: CallOptions): Promise<T> {
  try { return await api.get<T>(path, opts); } catch (e) {
    if (e instanceof ApiFailure && e.status === 401) throw e;
    return api.get<T>(path, opts);
  }
}
