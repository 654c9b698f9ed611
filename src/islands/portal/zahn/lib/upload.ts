// Multipart upload with progress (XMLHttpRequest: fetch has no upload progress). Resolves with the
// API's `result`, rejects with ApiFailure (status 0 = the connection failed).
import { ApiFailure, apiUrl } from '../../../../lib/api.ts';
import { loggedOut } from '../../../../stores/customer.ts';

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
export const UPLOAD_MAX_BYTES = 15 * 1024 * 1024;

/** Browser-side pre-check of a photo (the server checks the bytes again). */
export function photoProblem(f: File): 'upload_type' | 'upload_too_large' | null {
  const type = f.type || (/\.(heic|heif)$/i.test(f.name) ? 'image/heic' : '');
  if (!UPLOAD_TYPES.includes(type)) return 'upload_type';
  return f.size > UPLOAD_MAX_BYTES ? 'upload_too_large' : null;
}

export function uploadForm<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => { if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total); };
    xhr.onerror = () => reject(new ApiFailure(0, { error: 'network' }));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = xhr.onerror;
    xhr.onload = () => {
      let body: Record<string, unknown> = {};
      try { body = xhr.responseText ? JSON.parse(xhr.responseText) : {}; } catch { body = { error: 'generic' }; }
      if (xhr.status >= 200 && xhr.status < 300) { onProgress(1); resolve(body.result as T); return; }
      if (xhr.status === 401) loggedOut();
      reject(new ApiFailure(xhr.status, body));
    };
    xhr.send(form);
  });
}
