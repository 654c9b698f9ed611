// Multipart upload with progress (XMLHttpRequest: fetch has no upload progress). Resolves with the
// API's `result`, rejects with ApiFailure (status 0 = the connection failed).
import type { ApiRoute } from '#api/index.ts';
import { ApiFailure, routeUrl, type ApiResult, type RequestArgs } from '#lib/api.ts';
import { loggedOut } from '#stores/customer.ts';

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** Browser-side pre-check of a photo (the server checks the bytes again). */
export function photoProblem(f: File): 'upload_type' | 'upload_too_large' | null {
  const type = f.type || (/\.(heic|heif)$/i.test(f.name) ? 'image/heic' : '');
  if (!UPLOAD_TYPES.includes(type)) return 'upload_type';
  return f.size > UPLOAD_MAX_BYTES ? 'upload_too_large' : null;
}

/** A multipart call of the contract (`rawBody`), its FormData as `body`. */
export function uploadForm<K extends ApiRoute>(route: K, args: RequestArgs<K> & { body: FormData }, onProgress: (fraction: number) => void): Promise<ApiResult<K>> {
  const { method, url } = routeUrl(route, args as { params?: Record<string, string | number> });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total); };
    xhr.onerror = () => reject(new ApiFailure(0, { error: 'network' }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = xhr.onerror;
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try { body = xhr.responseText ? JSON.parse(xhr.responseText) : {}; } catch { body = { error: 'generic' }; }
      if (xhr.status >= 200 && xhr.status < 300) { onProgress(1); resolve(body.result as ApiResult<K>); return; }
      if (xhr.status === 401) loggedOut();
      reject(new ApiFailure(xhr.status, body));
    };
    xhr.send(args.body);
  });
}
