// GS1 element strings as scanners deliver them (GS1 General Specifications, sections 3 and 7):
//  - raw, optionally behind a symbology identifier (]C1 GS1-128, ]e0 DataBar, ]d2 DataMatrix,
//    ]Q3 QR, ]J1 DotCode), variable-length fields terminated by FNC1 = ASCII 29 (GS);
//  - the human-readable bracket form "(01)09521234543213(17)160408(10)A1B2C3";
//  - plain EAN/UPC/ITF-14 scans (]E0, ]E4, ]I1 or bare digits) carrying only a GTIN;
//  - GS1 Digital Link URIs (https://id.gs1.org/01/09521234543213/10/A1?17=160408).
// Pure and dependency-free; nothing here throws on bad input: problems end up in `errors`.

export const GS = '\u001d';

/** Error codes reported by the GS1 parser. */
export type Gs1Error =
  | 'empty'
  | 'unknown_ai'
  | 'truncated'
  | 'invalid_length'
  | 'invalid_format'
  | 'invalid_char'
  | 'check_digit'
  | 'invalid_date'
  | 'duplicate_ai';

export interface Gs1Element {
  ai: string;
  value: string;
}

export interface Gs1Options {
  /** Reference date for the two-digit-year century rule; defaults to today. */
  now?: Date;
}

export interface Gs1Result {
  /** AI → value as encoded (raw, not converted). */
  ais: Record<string, string>;
  /** Elements in scan order (duplicates included). */
  elements: Gs1Element[];
  /** Symbology identifier the scanner sent, e.g. "]d2". */
  symbology?: string;
  gtin?: string;
  lot?: string;
  serial?: string;
  /** ISO yyyy-mm-dd from AI 17, else from AI 7003. */
  expiry?: string;
  /** ISO yyyy-mm-dd from AI 11. */
  production?: string;
  /** AI 240, additional product identification assigned by the manufacturer. */
  manufacturerArtnr?: string;
  /** AI 30, else AI 37, else a metric trade measure (AI 310n-316n, see `unit`). */
  quantity?: number;
  unit?: string;
  errors: Gs1Error[];
  valid: boolean;
}

interface AiSpec {
  numeric: boolean;
  min: number;
  max: number;
  check?: boolean;
  date?: 'yymmdd' | 'yymmddhhmm';
  /** Decimal-point indicator in the 4th AI digit (AIs 31nn-36nn). */
  measure?: boolean;
}

const n = (len: number, extra: Partial<AiSpec> = {}): AiSpec => ({ numeric: true, min: len, max: len, ...extra });
const nv = (max: number): AiSpec => ({ numeric: true, min: 1, max });
const xv = (max: number): AiSpec => ({ numeric: false, min: 1, max });
const date6 = n(6, { date: 'yymmdd' });

const AIS: Record<string, AiSpec> = {
  '00': n(18, { check: true }), // SSCC
  '01': n(14, { check: true }), // GTIN
  '02': n(14, { check: true }), // GTIN of contained trade items
  '10': xv(20), // batch/lot
  '11': date6, // production date
  '12': date6, // due date
  '13': date6, // packaging date
  '15': date6, // best before
  '16': date6, // sell by
  '17': date6, // expiration date
  '20': n(2), // internal product variant
  '21': xv(20), // serial number
  '22': xv(20), // consumer product variant
  '235': xv(28), // third-party controlled serialised extension of GTIN
  '240': xv(30), // additional product identification assigned by the manufacturer
  '241': xv(30), // customer part number
  '242': nv(6), // made-to-order variation number
  '243': xv(20), // packaging component number
  '250': xv(30), // secondary serial number
  '251': xv(30), // reference to source entity
  '254': xv(20), // GLN extension component
  '30': nv(8), // variable count of items
  '37': nv(8), // count of trade items
  '400': xv(30), // customer's purchase order number
  '401': xv(30), // GINC
  '402': n(17, { check: true }), // GSIN
  '403': xv(30), // routing code
  '420': xv(20), // ship-to postal code
  '422': n(3), // country of origin
  '7003': n(10, { date: 'yymmddhhmm' }), // expiration date and time
  '7240': xv(20), // protocol ID
  '8012': xv(20), // software version
  '8013': xv(25), // global model number
  '8020': xv(25), // payment slip reference number
  '8200': xv(70), // extended packaging URL
  '90': xv(30), // mutually agreed between trading partners
};

function aiSpec(ai: string): AiSpec | undefined {
  const spec = AIS[ai];
  if (spec) return spec;
  if (/^3[1-6]\d\d$/.test(ai)) return n(6, { measure: true }); // trade/logistic measures
  if (/^41[0-7]$/.test(ai)) return n(13, { check: true }); // GLNs
  if (/^71[0-6]$/.test(ai)) return xv(20); // national healthcare reimbursement numbers
  if (/^9[1-9]$/.test(ai)) return xv(90); // company internal information
  return undefined;
}

/**
 * Predefined-length table (figure 7.8.5-2): total length (AI + data) by the first two digits.
 * These never need an FNC1 after them; it also lets the parser step over AIs it does not know.
 */
const PREDEFINED: Record<string, number> = {
  '00': 20, '01': 16, '02': 16, '03': 16, '04': 18, '11': 8, '12': 8, '13': 8, '14': 8, '15': 8, '16': 8,
  '17': 8, '18': 8, '19': 8, '20': 4, '31': 10, '32': 10, '33': 10, '34': 10, '35': 10, '36': 10, '41': 16,
};

/** Metric trade measures (AI 310n-316n) that map onto a quantity with unit. */
const MEASURE_UNITS: Record<string, string> = {
  '310': 'kg', '311': 'm', '312': 'm', '313': 'm', '314': 'm2', '315': 'l', '316': 'm3',
};

/** Symbology identifiers whose content is a GS1 element string (FNC1 in first position). */
const GS1_SYMBOLOGIES = new Set([']C1', ']e0', ']d2', ']Q3', ']J1']);
/** Symbology identifiers whose content is a bare GTIN (EAN-13/UPC-A, EAN with add-on, EAN-8, ITF-14). */
const GTIN_SYMBOLOGIES = new Set([']E0', ']E3', ']E4', ']I1']);

/** GS1 character set 82, the only characters allowed in alphanumeric AIs. */
const CS82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/** Mod-10 check digit for a GS1 key given without its check digit (GTIN, SSCC, GLN, GSIN). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  // Weights alternate 3,1,... starting from the rightmost digit.
  for (let i = digits.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += Number(digits[i]) * w;
  return String((10 - (sum % 10)) % 10);
}

/** True for an all-digit GS1 key whose last digit is its correct mod-10 check digit. */
export function isValidGs1Key(code: string): boolean {
  return /^\d{2,}$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === code.slice(-1);
}

/** True for a GTIN-8, -12, -13 or -14 with a correct check digit. */
export function isValidGtin(code: string): boolean {
  return /^(\d{8}|\d{12,14})$/.test(code) && isValidGs1Key(code);
}

/** Century rule of section 7.12 for a two-digit year relative to `now`. */
export function centuryYear(yy: number, now: Date = new Date()): number {
  const current = now.getUTCFullYear();
  const currentYY = current % 100;
  const century = current - currentYY;
  const diff = yy - currentYY;
  if (diff >= 51) return century - 100 + yy; // 51..99 ahead means last century
  if (diff <= -50) return century + 100 + yy; // 50..99 behind means next century
  return century + yy;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * YYMMDD → ISO date, or undefined when impossible. DD = 00 means the last day of the month
 * (section 3.4: only year and month are relevant).
 */
export function gs1Date(yymmdd: string, now: Date = new Date()): string | undefined {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(yymmdd);
  if (!m) return undefined;
  const month = Number(m[2]);
  let day = Number(m[3]);
  if (month < 1 || month > 12) return undefined;
  const year = centuryYear(Number(m[1]), now);
  const last = daysInMonth(year, month);
  if (day === 0) day = last;
  if (day > last) return undefined;
  return isoDate(year, month, day);
}

/** YYMMDDHHMM (AI 7003) → ISO date of its day; a day is mandatory here. */
function gs1DateTime(value: string, now: Date): string | undefined {
  const m = /^(\d{4})(\d\d)(\d\d)(\d\d)$/.exec(value);
  if (!m || m[2] === '00' || Number(m[3]) > 23 || Number(m[4]) > 59) return undefined;
  return gs1Date(`${m[1]}${m[2]}`, now);
}

function result(symbology?: string): Gs1Result {
  return { ais: {}, elements: [], ...(symbology ? { symbology } : {}), errors: [], valid: false };
}

function addError(res: Gs1Result, error: Gs1Error): void {
  if (!res.errors.includes(error)) res.errors.push(error);
}

/** Checks one element against its AI definition and stores it. */
function addElement(res: Gs1Result, ai: string, value: string, now: Date, spec: AiSpec | undefined): void {
  res.elements.push({ ai, value });
  const prev = res.ais[ai];
  if (prev !== undefined && prev !== value) addError(res, 'duplicate_ai');
  else res.ais[ai] = value;
  if (!spec) {
    addError(res, 'unknown_ai');
    return;
  }
  if (value.length < spec.min || value.length > spec.max) addError(res, 'invalid_length');
  if (spec.numeric ? !/^\d*$/.test(value) : !CS82.test(value)) {
    addError(res, spec.numeric ? 'invalid_format' : 'invalid_char');
    return;
  }
  if (value.length !== spec.max && spec.min === spec.max) return; // already reported
  if (spec.check && !isValidGs1Key(value)) addError(res, 'check_digit');
  if (spec.date === 'yymmdd' && !gs1Date(value, now)) addError(res, 'invalid_date');
  if (spec.date === 'yymmddhhmm' && !gs1DateTime(value, now)) addError(res, 'invalid_date');
}

/** Finds the AI at `pos` of a raw element string (AIs are prefix-free, so the first hit is it). */
function matchAi(s: string, pos: number): string | undefined {
  for (let len = 2; len <= 4; len++) {
    const ai = s.slice(pos, pos + len);
    if (ai.length === len && /^\d+$/.test(ai) && aiSpec(ai)) return ai;
  }
  return undefined;
}

/** Stores an element that could not be read completely (its checks would only repeat the error). */
function addBroken(res: Gs1Result, ai: string, value: string, error: Gs1Error): void {
  res.elements.push({ ai, value });
  if (res.ais[ai] === undefined) res.ais[ai] = value;
  addError(res, error);
}

function parseRaw(res: Gs1Result, s: string, now: Date): void {
  let i = 0;
  while (i < s.length) {
    if (s[i] === GS) {
      i++;
      continue;
    }
    const ai = matchAi(s, i);
    const spec = ai ? aiSpec(ai) : undefined;
    if (!ai || !spec) {
      // Unknown AI: only a predefined-length prefix tells how far to skip.
      const two = s.slice(i, i + 2);
      const total = PREDEFINED[two];
      if (total === undefined) {
        addError(res, 'unknown_ai');
        return;
      }
      const value = s.slice(i + 2, i + total).split(GS)[0] ?? '';
      addBroken(res, two, value, 'unknown_ai');
      if (value.length < total - 2) addError(res, 'truncated');
      i += 2 + value.length;
      continue;
    }
    i += ai.length;
    let value: string;
    if (spec.min === spec.max) {
      value = (s.slice(i, i + spec.max).split(GS)[0]) ?? '';
    } else {
      const end = s.indexOf(GS, i);
      value = s.slice(i, end === -1 ? s.length : end);
    }
    i += value.length;
    if (value === '' || (spec.min === spec.max && value.length < spec.max)) addBroken(res, ai, value, 'truncated');
    else addElement(res, ai, value, now, spec);
  }
}

/** "(01)…(17)…" — each bracketed AI starts an element; whitespace around values is HRI layout. */
function parseBracketed(res: Gs1Result, s: string, now: Date): void {
  const re = /\((\d{2,4})\)([^(]*)/gy;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(s)) !== null) {
    const ai = m[1] ?? '';
    const value = (m[2] ?? '').trim().replaceAll(GS, '');
    end = re.lastIndex;
    if (value === '') addBroken(res, ai, value, 'truncated');
    else addElement(res, ai, value, now, aiSpec(ai));
  }
  // Anything that is not "(AI)value" (a stray bracket inside data, trailing text) is malformed.
  if (end < s.length) addError(res, 'invalid_format');
}

/** Fills the convenience fields from the collected AIs. */
function finish(res: Gs1Result, now: Date): Gs1Result {
  const a = res.ais;
  if (res.elements.length === 0 && res.errors.length === 0) addError(res, 'empty');
  if (a['01'] !== undefined) res.gtin = a['01'];
  if (a['10'] !== undefined) res.lot = a['10'];
  if (a['21'] !== undefined) res.serial = a['21'];
  if (a['240'] !== undefined) res.manufacturerArtnr = a['240'];
  const expiry = (a['17'] !== undefined ? gs1Date(a['17'], now) : undefined)
    ?? (a['7003'] !== undefined ? gs1DateTime(a['7003'], now) : undefined);
  if (expiry) res.expiry = expiry;
  const production = a['11'] !== undefined ? gs1Date(a['11'], now) : undefined;
  if (production) res.production = production;
  const count = a['30'] ?? a['37'];
  if (count !== undefined && /^\d+$/.test(count)) {
    res.quantity = Number(count);
  } else {
    for (const [ai, value] of Object.entries(a)) {
      const unit = MEASURE_UNITS[ai.slice(0, 3)];
      if (ai.length === 4 && unit && /^\d{6}$/.test(value)) {
        res.quantity = Number(value) / 10 ** Number(ai[3]);
        res.unit = unit;
        break;
      }
    }
  }
  res.valid = res.errors.length === 0;
  return res;
}

/** Splits off a leading AIM symbology identifier ("]" + letter + modifier). */
export function splitSymbology(input: string): { symbology?: string; data: string } {
  const m = /^\][A-Za-z][0-9A-Za-z]/.exec(input);
  return m ? { symbology: m[0], data: input.slice(3) } : { data: input };
}

/** True if the symbology identifier announces GS1 data (element string or bare GTIN). */
export function isGs1Symbology(symbology: string | undefined): boolean {
  return !!symbology && (GS1_SYMBOLOGIES.has(symbology) || GTIN_SYMBOLOGIES.has(symbology));
}

/** True for text in the bracketed human-readable form, e.g. "(01)09521234543213". */
export function looksBracketed(input: string): boolean {
  return /^\(\d{2,4}\)/.test(input);
}

/**
 * Parses a scanned GS1 element string (raw with FNC1 = GS, bracketed, or a bare GTIN behind an
 * EAN/UPC/ITF symbology identifier). Never throws.
 */
export function parseGs1(raw: string, opts: Gs1Options = {}): Gs1Result {
  const now = opts.now ?? new Date();
  // Scanners append CR/LF; some tools show FNC1 as the visible symbol U+241D.
  const input = String(raw ?? '').replace(/^[\r\n\t ]+|[\r\n\t ]+$/g, '').replaceAll('\u241d', GS);
  const { symbology, data } = splitSymbology(input);
  const res = result(symbology);
  // FNC1 in first position sometimes comes through as a leading GS.
  const s = data.replace(/^\u001d+/, '');
  if (s === '') {
    addError(res, 'empty');
    return res;
  }
  if (symbology && GTIN_SYMBOLOGIES.has(symbology)) {
    // EAN-13/UPC-A may carry a 2- or 5-digit add-on (]E3); the GTIN is the leading part.
    const gtin = symbology === ']E4' ? s.slice(0, 8) : symbology === ']I1' ? s.slice(0, 14) : s.slice(0, 13);
    return parseGtin(gtin, opts, symbology);
  }
  if (looksBracketed(s)) parseBracketed(res, s, now);
  else parseRaw(res, s, now);
  return finish(res, now);
}

/** A bare GTIN-8/12/13/14 (linear EAN/UPC/ITF-14 scan) as AI 01, padded to 14 digits. */
export function parseGtin(code: string, opts: Gs1Options = {}, symbology?: string): Gs1Result {
  const now = opts.now ?? new Date();
  const res = result(symbology);
  const digits = code.trim();
  if (digits === '') {
    addError(res, 'empty');
    return res;
  }
  if (!/^\d+$/.test(digits)) addError(res, 'invalid_format');
  else if (![8, 12, 13, 14].includes(digits.length)) addError(res, digits.length < 8 ? 'truncated' : 'invalid_length');
  const gtin = /^\d{8}$|^\d{12,14}$/.test(digits) ? digits.padStart(14, '0') : digits;
  addElement(res, '01', gtin, now, { numeric: true, min: 14, max: 14, check: true });
  return finish(res, now);
}

/** Primary keys that can start the path of a GS1 Digital Link URI. */
const DL_PRIMARY = new Set(['01', '00', '414', '417', '8013']);

/**
 * GS1 Digital Link URI: "/{primary key AI}/{value}[/{qualifier AI}/{value}…]" anywhere in the
 * path (a custom prefix is allowed), data attributes as query parameters with numeric AI keys.
 * Returns undefined if the URI carries no GS1 primary key.
 */
export function parseGs1DigitalLink(uri: string, opts: Gs1Options = {}): Gs1Result | undefined {
  const now = opts.now ?? new Date();
  let url: URL;
  try {
    url = new URL(String(uri ?? '').trim());
  } catch {
    return undefined;
  }
  const segments = url.pathname.split('/').filter((p) => p !== '');
  const start = segments.findIndex((seg, i) => DL_PRIMARY.has(seg) && /^\d+$/.test(segments[i + 1] ?? ''));
  if (start === -1) return undefined;
  const res = result();
  const decode = (v: string): string => {
    try {
      return decodeURIComponent(v);
    } catch {
      return v;
    }
  };
  for (let i = start; i < segments.length; i += 2) {
    const ai = segments[i] ?? '';
    const value = decode(segments[i + 1] ?? '');
    if (!/^\d{2,4}$/.test(ai) || value === '') {
      addError(res, 'invalid_format');
      break;
    }
    // Digital Link allows GTIN-8/12/13 in the path; the element string form is always 14 digits.
    addElement(res, ai, ai === '01' && /^\d{8}$|^\d{12,13}$/.test(value) ? value.padStart(14, '0') : value, now, aiSpec(ai));
  }
  for (const [key, value] of url.searchParams) {
    if (/^\d{2,4}$/.test(key)) addElement(res, key, value, now, aiSpec(key));
  }
  return finish(res, now);
}
