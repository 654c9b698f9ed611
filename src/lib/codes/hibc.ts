// HIBC LIC data structures (ANSI/HIBC Supplier Labeling Standard):
//  primary       "+" LIC(4, first char a letter) PCN(1-18) UoM(1 digit) Check
//  secondary     "+" quantity/date/lot-or-serial field  Link  Check   (Link = primary's check char)
//  concatenated  "+" LIC PCN UoM "/" secondary ["/" supplemental]… Check
// Secondary fields: "$" lot, "$+" serial, "$$"[+] date format 0-7 (optionally after a quantity
// "8"QQ or "9"QQQQQ) then lot/serial, or the original form YYJJJ + lot. Supplemental fields of
// 2-D codes: "14D" expiry YYYYMMDD, "16D" production date YYYYMMDD, "S" serial, "Q" quantity.
// Pure; never throws on bad input: problems end up in `errors`.
import { centuryYear, daysInMonth, isoDate, splitSymbology } from './gs1.ts';

export type HibcError =
  | 'empty'
  | 'not_hibc'
  | 'invalid_char'
  | 'check_digit'
  | 'truncated'
  | 'invalid_length'
  | 'invalid_format'
  | 'invalid_date';

export interface HibcOptions {
  /** Reference date for the two-digit-year century window; defaults to today. */
  now?: Date;
}

export interface HibcResult {
  kind?: 'primary' | 'secondary' | 'concatenated';
  symbology?: string;
  /** Labeler Identification Code. */
  licence?: string;
  /** Labeler's product or catalogue number. */
  pcn?: string;
  /** Unit-of-measure / packaging level digit, 0 = unit of use, 9 = variable quantity. */
  unitOfMeasure?: string;
  lot?: string;
  serial?: string;
  /** ISO yyyy-mm-dd; month-only formats (MMYY) mean the last day of that month. */
  expiry?: string;
  production?: string;
  quantity?: number;
  /** Link character of a standalone secondary: must equal the check character of its primary. */
  link?: string;
  checkChar?: string;
  errors: HibcError[];
  valid: boolean;
}

/** Modulo-43 character values are the positions in this string (Code 39 order). */
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';
const MAX_LOT = 18;

/** Modulo-43 check character over `data` (including the leading "+"); undefined for non-HIBC characters. */
export function hibcCheckChar(data: string): string | undefined {
  let sum = 0;
  for (const ch of data) {
    const value = CHARSET.indexOf(ch);
    if (value === -1) return undefined;
    sum += value;
  }
  return CHARSET[sum % 43];
}

/** True if the last character is the correct modulo-43 check character of the rest. */
export function isValidHibcCheck(code: string): boolean {
  return code.length >= 2 && hibcCheckChar(code.slice(0, -1)) === code.slice(-1);
}

function addError(res: HibcResult, error: HibcError): void {
  if (!res.errors.includes(error)) res.errors.push(error);
}

/** YYJJJ (Julian day of year) → ISO date. */
function julianDate(yy: string, jjj: string, now: Date): string | undefined {
  const year = centuryYear(Number(yy), now);
  const day = Number(jjj);
  const leap = daysInMonth(year, 2) === 29;
  if (day < 1 || day > (leap ? 366 : 365)) return undefined;
  const d = new Date(Date.UTC(year, 0, day));
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

function calendarDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12) return undefined;
  const last = daysInMonth(year, month);
  if (day === 0) day = last; // no day given: valid through the end of the month
  return day > last ? undefined : isoDate(year, month, day);
}

const hourOk = (hh: string): boolean => Number(hh) <= 23;

/** Date formats after "$$": flag character → length of the date digits that follow it. */
const DATE_LENGTHS: Record<string, number> = { '2': 6, '3': 6, '4': 8, '5': 5, '6': 7, '7': 0 };

/**
 * Reads the date field at the start of `s` (after "$$", "$$+" or the quantity).
 * "0"/"1" start MMYY directly (the flag is the month's first digit); "2"-"6" are format flags;
 * "7" says no date follows.
 */
function readDateField(
  s: string,
  now: Date,
): { date?: string; rest: string; error?: HibcError } {
  const flag = s[0];
  if (flag === undefined) return { rest: s, error: 'truncated' };
  if (flag === '0' || flag === '1') {
    const m = /^(\d\d)(\d\d)/.exec(s);
    if (!m) return { rest: s.slice(4), error: s.length < 4 ? 'truncated' : 'invalid_date' };
    const date = calendarDate(centuryYear(Number(m[2]), now), Number(m[1]), 0);
    return date ? { date, rest: s.slice(4) } : { rest: s.slice(4), error: 'invalid_date' };
  }
  const len = DATE_LENGTHS[flag];
  if (len === undefined) return { rest: s, error: 'invalid_format' };
  const digits = s.slice(1, 1 + len);
  const rest = s.slice(1 + len);
  if (len === 0) return { rest };
  if (digits.length < len) return { rest, error: 'truncated' };
  if (!/^\d+$/.test(digits)) return { rest, error: 'invalid_date' };
  const yy = (i: number): number => centuryYear(Number(digits.slice(i, i + 2)), now);
  const nn = (i: number): number => Number(digits.slice(i, i + 2));
  let date: string | undefined;
  switch (flag) {
    case '2': // MMDDYY
      date = nn(2) === 0 ? undefined : calendarDate(yy(4), nn(0), nn(2));
      break;
    case '3': // YYMMDD
      date = nn(4) === 0 ? undefined : calendarDate(yy(0), nn(2), nn(4));
      break;
    case '4': // YYMMDDHH
      date = nn(4) === 0 || !hourOk(digits.slice(6)) ? undefined : calendarDate(yy(0), nn(2), nn(4));
      break;
    case '5': // YYJJJ
      date = julianDate(digits.slice(0, 2), digits.slice(2, 5), now);
      break;
    case '6': // YYJJJHH
      date = hourOk(digits.slice(5)) ? julianDate(digits.slice(0, 2), digits.slice(2, 5), now) : undefined;
      break;
  }
  return date ? { date, rest } : { rest, error: 'invalid_date' };
}

function setLotOrSerial(res: HibcResult, value: string, serial: boolean, required: boolean): void {
  if (value === '') {
    if (required) addError(res, 'truncated');
    return;
  }
  if (value.length > MAX_LOT) addError(res, 'invalid_length');
  if (serial) res.serial = value;
  else res.lot = value;
}

function parsePrimary(res: HibcResult, p: string): void {
  if (p.length < 6) {
    addError(res, 'truncated');
    return;
  }
  const lic = p.slice(0, 4);
  const pcn = p.slice(4, -1);
  const uom = p.slice(-1);
  if (!/^[A-Z][A-Z0-9]{3}$/.test(lic) || !/^\d$/.test(uom) || !/^[A-Z0-9]+$/.test(pcn)) {
    addError(res, 'invalid_format');
  }
  if (pcn.length > 18) addError(res, 'invalid_length');
  res.licence = lic;
  res.pcn = pcn;
  res.unitOfMeasure = uom;
}

function parseSecondary(res: HibcResult, seg: string, now: Date): void {
  if (/^\d{5}/.test(seg)) {
    // Original secondary format: Julian expiry YYJJJ, then the lot.
    const date = julianDate(seg.slice(0, 2), seg.slice(2, 5), now);
    if (date) res.expiry = date;
    else addError(res, 'invalid_date');
    setLotOrSerial(res, seg.slice(5), false, false);
    return;
  }
  if (seg.startsWith('$$')) {
    let rest = seg.slice(2);
    const serial = rest.startsWith('+');
    if (serial) rest = rest.slice(1);
    if (rest[0] === '8' || rest[0] === '9') {
      const len = rest[0] === '8' ? 2 : 5;
      const qty = rest.slice(1, 1 + len);
      if (qty.length < len) addError(res, 'truncated');
      else if (!/^\d+$/.test(qty)) addError(res, 'invalid_format');
      else res.quantity = Number(qty);
      rest = rest.slice(1 + len);
    }
    const field = readDateField(rest, now);
    if (field.error) addError(res, field.error);
    if (field.date) res.expiry = field.date;
    // "$$7" carries nothing but the lot/serial, so it must not be empty.
    setLotOrSerial(res, field.rest, serial, rest[0] === '7');
    return;
  }
  if (seg.startsWith('$')) {
    const serial = seg[1] === '+';
    setLotOrSerial(res, seg.slice(serial ? 2 : 1), serial, true);
    return;
  }
  addError(res, 'invalid_format');
}

/** Supplemental fields after "/" in concatenated 2-D codes. */
function parseSupplemental(res: HibcResult, seg: string): void {
  const long = /^(14|16)D(\d{4})(\d\d)(\d\d)$/.exec(seg);
  if (long) {
    const date = Number(long[4]) === 0 ? undefined : calendarDate(Number(long[2]), Number(long[3]), Number(long[4]));
    if (!date) addError(res, 'invalid_date');
    else if (long[1] === '14') res.expiry = date;
    else res.production = date;
  } else if (/^1[46]D/.test(seg)) {
    addError(res, 'invalid_date');
  } else if (seg.startsWith('S')) {
    setLotOrSerial(res, seg.slice(1), true, true);
  } else if (/^Q\d+$/.test(seg)) {
    res.quantity = Number(seg.slice(1));
  } else {
    addError(res, 'invalid_format');
  }
}

const isSecondaryStart = (seg: string): boolean => seg.startsWith('$') || /^\d{5}/.test(seg);

/** True for text that is meant to be HIBC LIC data (optionally with Code 39 "*" delimiters). */
export function looksLikeHibc(input: string): boolean {
  return /^\*?\+[A-Z$0-9]/.test(splitSymbology(input).data);
}

/** Parses HIBC LIC primary, secondary or concatenated data. Never throws. */
export function parseHibc(raw: string, opts: HibcOptions = {}): HibcResult {
  const now = opts.now ?? new Date();
  // Only strip line endings at the end: a space can be a valid check character.
  const input = String(raw ?? '').replace(/^[\r\n\t ]+/, '').replace(/[\r\n\t\0]+$/, '');
  const { symbology, data } = splitSymbology(input);
  const res: HibcResult = { ...(symbology ? { symbology } : {}), errors: [], valid: false };
  // The asterisks are Code 39 start/stop characters shown in the caption, not data.
  const s = data.length >= 2 && data.startsWith('*') && data.endsWith('*') ? data.slice(1, -1) : data;
  if (s === '') {
    addError(res, 'empty');
    return res;
  }
  if (!s.startsWith('+')) {
    addError(res, 'not_hibc');
    return res;
  }
  if ([...s].some((ch) => !CHARSET.includes(ch))) {
    addError(res, 'invalid_char');
    return res;
  }
  if (s.length < 3) {
    addError(res, 'truncated');
    return res;
  }
  const body = s.slice(0, -1);
  res.checkChar = s.slice(-1);
  if (hibcCheckChar(body) !== res.checkChar) addError(res, 'check_digit');
  const d = body.slice(1);

  if (/^[A-Z]/.test(d)) {
    const [primary = '', ...more] = d.split('/');
    res.kind = more.length > 0 ? 'concatenated' : 'primary';
    parsePrimary(res, primary);
    let secondarySeen = false;
    for (const seg of more) {
      if (!secondarySeen && isSecondaryStart(seg)) {
        secondarySeen = true;
        parseSecondary(res, seg, now);
      } else {
        parseSupplemental(res, seg);
      }
    }
  } else if (isSecondaryStart(d)) {
    // Standalone secondary: the character before the check character links it to its primary.
    res.kind = 'secondary';
    res.link = d.slice(-1);
    const [secondary = '', ...more] = d.slice(0, -1).split('/');
    if (secondary === '') addError(res, 'truncated');
    else parseSecondary(res, secondary, now);
    for (const seg of more) parseSupplemental(res, seg);
  } else {
    addError(res, d === '' ? 'truncated' : 'invalid_format');
  }
  res.valid = res.errors.length === 0;
  return res;
}
