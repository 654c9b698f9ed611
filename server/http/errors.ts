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

/** German default texts for keys the server raises; the client has the translations. */
export const ERROR_TEXTS: Record<string, string> = {
  generic: 'Ein Fehler ist aufgetreten',
  error_menge: 'Bitte gültige Menge eingeben',
  error_artnr: 'Ungültige Artikelnummer',
  error_art_in_liste: 'Artikel befindet sich bereits in Bestelliste',
  login_error: 'Benutzername oder Kennwort ungültig',
  unauthorized: 'Bitte melden Sie sich an',
  forbidden: 'Keine Berechtigung',
  not_found: 'Nicht gefunden',
  invalid_json: 'Ungültige Anfrage (JSON)',
  invalid_input: 'Ungültige Eingabe',
  too_many_requests: 'Zu viele Versuche, bitte warten',
};
