// PDF downloads of the portal: a call that answers a file (POST label printing) is fetched as a blob
// and saved through a temporary link; errors answer the API's JSON like every other call.
import { ApiFailure, routeUrl, type RequestArgs } from '#lib/api.ts';
import type { ApiRoute } from '#api/index.ts';
import { loggedOut } from '#stores/customer.ts';

export interface Downloaded { filename: string; headers: Headers; size: number }

function filenameOf(res: Response, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
  return m?.[1] ?? fallback;
}

/** Calls `route` and saves the answer as a file; throws ApiFailure with the API's error key. */
export async function downloadFile<K extends ApiRoute>(route: K, args: RequestArgs<K>, fallbackName: string): Promise<Downloaded> {
  const { method, url } = routeUrl(route, args as Parameters<typeof routeUrl>[1]);
  const { body } = args as { body?: unknown };
  let res: Response;
  try {
    res = await fetch(url, {
      method, credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/pdf, application/json' } : { 'content-type': 'application/json', accept: 'application/pdf, application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure(0, { error: 'network' });
  }
  if (!res.ok) {
    let json: Record<string, unknown> = {};
    try { json = (await res.json()) as Record<string, unknown>; } catch { json = { error: 'generic' }; }
    if (res.status === 401) loggedOut();
    throw new ApiFailure(res.status, json);
  }
  const blob = await res.blob();
  const filename = filenameOf(res, fallbackName);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
  return { filename, headers: res.headers, size: blob.size };
}
