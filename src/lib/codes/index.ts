// Classifies a scanned code (camera or hardware scanner) and extracts the batch data the
// logbook records: GS1 element strings and Digital Link URIs, HIBC LIC, our own shop URLs
// (QR labels) and plain article numbers.
import { artnrFromArtbez } from '../rules/artnr.ts';
import {
  GS,
  isGs1Symbology,
  isValidGtin,
  looksBracketed,
  parseGs1,
  parseGs1DigitalLink,
  parseGtin,
  splitSymbology,
  type Gs1Result,
} from './gs1.ts';
import { looksLikeHibc, parseHibc } from './hibc.ts';

export * from './gs1.ts';
export * from './hibc.ts';

export type ScanType = 'gs1' | 'hibc' | 'artnr' | 'url' | 'unknown';

export interface ScanResult {
  type: ScanType;
  raw: string;
  gtin?: string;
  /** Our article number (plain code or shop URL), as scanned: see normalizeArtnr for look-ups. */
  artnr?: string;
  lot?: string;
  serial?: string;
  /** ISO yyyy-mm-dd. */
  expiry?: string;
  /** ISO yyyy-mm-dd. */
  production?: string;
  /** GS1 AI 240 or the HIBC product/catalogue number (PCN). */
  manufacturerArtnr?: string;
  /** HIBC Labeler Identification Code. */
  licence?: string;
  quantity?: number;
  /** GS1 measure unit (kg, m, m2, l, m3) or the HIBC unit-of-measure digit. */
  unit?: string;
  /** GS1 AI → raw value. */
  ais?: Record<string, string>;
  /** Error codes such as 'check_digit', 'truncated', 'invalid_date', 'empty', 'unrecognized'. */
  errors: string[];
  valid: boolean;
}

export interface ScanOptions {
  /** Reference date for two-digit years (GS1 century rule); defaults to today. */
  now?: Date;
  /** Hosts whose URLs are our shop; by default any host with a shop path counts. */
  shopHosts?: string[];
}

/** Plain article number as printed on our labels or typed: 1-20 letters, digits, dot, dash, slash. */
const ARTNR = /^[A-Za-z0-9./-]{1,20}$/;

function fromGs1(raw: string, r: Gs1Result): ScanResult {
  const out: ScanResult = { type: 'gs1', raw, errors: [...r.errors], valid: r.valid };
  if (r.gtin !== undefined) out.gtin = r.gtin;
  if (r.lot !== undefined) out.lot = r.lot;
  if (r.serial !== undefined) out.serial = r.serial;
  if (r.expiry !== undefined) out.expiry = r.expiry;
  if (r.production !== undefined) out.production = r.production;
  if (r.manufacturerArtnr !== undefined) out.manufacturerArtnr = r.manufacturerArtnr;
  if (r.quantity !== undefined) out.quantity = r.quantity;
  if (r.unit !== undefined) out.unit = r.unit;
  out.ais = { ...r.ais };
  return out;
}

function fromHibc(raw: string, input: string, opts: ScanOptions): ScanResult {
  const r = parseHibc(input, opts);
  const out: ScanResult = { type: 'hibc', raw, errors: [...r.errors], valid: r.valid };
  if (r.licence !== undefined) out.licence = r.licence;
  if (r.pcn !== undefined) out.manufacturerArtnr = r.pcn;
  if (r.unitOfMeasure !== undefined) out.unit = r.unitOfMeasure;
  if (r.lot !== undefined) out.lot = r.lot;
  if (r.serial !== undefined) out.serial = r.serial;
  if (r.expiry !== undefined) out.expiry = r.expiry;
  if (r.production !== undefined) out.production = r.production;
  if (r.quantity !== undefined) out.quantity = r.quantity;
  return out;
}

/**
 * Article number from a URL of our shop: product details ".../shop/artikel/{artbez}/details",
 * the old-style "/a/{artnr}" links, or an "artnr" query parameter (e.g. index.php?id=22&artnr=…).
 */
export function artnrFromShopUrl(input: string, shopHosts?: string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return undefined;
  }
  if (shopHosts && !shopHosts.some((h) => h.toLowerCase() === url.hostname.toLowerCase())) return undefined;
  for (const [key, value] of url.searchParams) {
    if (key.toLowerCase() === 'artnr' && ARTNR.test(value.trim())) return value.trim();
  }
  const segments = url.pathname.split('/').filter((p) => p !== '');
  // "aktionen/artikel/{pg}" also has an "artikel" segment, so require "shop" right before it.
  const at = segments.findIndex((seg, i) => seg === 'artikel' && segments[i - 1] === 'shop');
  const artbez = at !== -1 ? segments[at + 1] : segments[0] === 'a' ? segments[1] : undefined;
  if (artbez === undefined) return undefined;
  const artnr = artnrFromArtbez(artbez);
  return ARTNR.test(artnr) ? artnr : undefined;
}

function fromUrl(raw: string, text: string, opts: ScanOptions): ScanResult {
  const artnr = artnrFromShopUrl(text, opts.shopHosts);
  if (artnr !== undefined) return { type: 'url', raw, artnr, errors: [], valid: true };
  // Medical devices increasingly carry GS1 Digital Link QR codes instead of element strings.
  const dl = parseGs1DigitalLink(text, opts);
  if (dl) return fromGs1(raw, dl);
  return { type: 'url', raw, errors: ['no_artnr'], valid: false };
}

/**
 * GS1 data without symbology identifier, brackets or FNC1 is only recognisable by shape:
 * it must start with an SSCC/GTIN element and read cleanly up to the end (a wrong check digit or
 * date still counts as GS1, then reported as invalid).
 */
function rawGs1(text: string, opts: ScanOptions): Gs1Result | undefined {
  if (!/^0[012]\d{14}/.test(text)) return undefined;
  const r = parseGs1(text, opts);
  const structural = ['unknown_ai', 'truncated', 'invalid_length', 'invalid_format', 'invalid_char'];
  return r.errors.some((e) => structural.includes(e)) ? undefined : r;
}

/** Classifies and parses one scan. Never throws; problems are listed in `errors`. */
export function parseScan(raw: string, opts: ScanOptions = {}): ScanResult {
  const rawText = typeof raw === 'string' ? raw : String(raw ?? '');
  // Scanners terminate with CR/LF; FNC1 may arrive as the visible symbol U+241D.
  const input = rawText.replace(/[\r\n\t\0]+$/, '').replace(/^[\r\n\t ]+/, '').replaceAll('\u241d', GS);
  if (input.trim() === '') return { type: 'unknown', raw: rawText, errors: ['empty'], valid: false };

  const { symbology, data } = splitSymbology(input);
  if (isGs1Symbology(symbology)) return fromGs1(rawText, parseGs1(input, opts));

  // HIBC before trimming: a trailing space can be its check character.
  if (looksLikeHibc(input)) return fromHibc(rawText, input, opts);

  const text = data.trim().replace(/^\u001d+/, '');
  if (text === '') return { type: 'unknown', raw: rawText, errors: ['empty'], valid: false };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text) || /^www\./i.test(text)) {
    return fromUrl(rawText, /^www\./i.test(text) ? `https://${text}` : text, opts);
  }
  if (looksBracketed(text) || text.includes(GS)) return fromGs1(rawText, parseGs1(text, opts));

  // Bare EAN-8/UPC-A/EAN-13/ITF-14 digits; our own article numbers are shorter (6 digits, FH…).
  if (isValidGtin(text)) return fromGs1(rawText, parseGtin(text, opts));
  const gs1 = rawGs1(text, opts);
  if (gs1) return fromGs1(rawText, gs1);

  if (ARTNR.test(text)) return { type: 'artnr', raw: rawText, artnr: text, errors: [], valid: true };
  return { type: 'unknown', raw: rawText, errors: ['unrecognized'], valid: false };
}
