// API errors carry the spec's error keys (section 8); the client maps keys to translated texts.
export class ApiError extends Error {
  readonly status: number;
  readonly key: string;
  readonly extra: Record<string, unknown>;
  constructor(status: number, key: string, extra: Record<string, unknown> = {}) {
    super(key);
    this.status = status;
    this.key = key;
    this.extra = extra;
  }
}

export const badRequest = (key: string, extra?: Record<string, unknown>) => new ApiError(400, key, extra);
export const unauthorized = (key = 'unauthorized', extra?: Record<string, unknown>) => new ApiError(401, key, extra);
export const forbidden = (key = 'forbidden', extra?: Record<string, unknown>) => new ApiError(403, key, extra);
export const notFound = (key = 'not_found', extra?: Record<string, unknown>) => new ApiError(404, key, extra);
export const conflict = (key: string, extra?: Record<string, unknown>) => new ApiError(409, key, extra);

