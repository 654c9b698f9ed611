// Quick order (issue 11): a block pasted from a spreadsheet or an e-mail, or a CSV file, becomes
// lines of (article number, quantity). Shared by the browser grid and the API tests; the server
// normalises and checks each line (section 5) — this only splits.
import { QUICK_ORDER_MAX_LINES } from './constants.ts';

export interface OrderLineInput {
  /** as written (whitespace removed: catalogue numbers never contain any) */
  artnr: string;
  /** as written; '' = none given, the server then takes 1 */
  menge: string;
}

export interface ParsedBlock {
  lines: OrderLineInput[];
  /** more than QUICK_ORDER_MAX_LINES lines: nothing is taken (error_too_many_lines) */
  tooMany: boolean;
}

/** Splits one row at `sep`, honouring "quoted" cells (CSV) with "" as an escaped quote. */
function splitCells(row: string, sep: string): string[] {
  if (!row.includes('"')) return row.split(sep);
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < row.length; i++) {
    const ch = row[i]!;
    if (quoted) {
      if (ch === '"' && row[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') quoted = false; else cur += ch;
    } else if (ch === '"' && cur.trim() === '') { quoted = true; cur = ''; } else if (ch === sep) { out.push(cur); cur = ''; } else cur += ch;
  }
  out.push(cur);
  return out;
}

/**
 * The separator of one row, strongest first: tab (spreadsheets), semicolon (German CSV), comma,
 * else whitespace ("12345 3" from an e-mail).
 */
function cellsOf(row: string): string[] {
  const sep = row.includes('\t') ? '\t' : row.includes(';') ? ';' : row.includes(',') ? ',' : null;
  const cells = sep ? splitCells(row, sep) : row.trim().split(/\s+/);
  return cells.map((c) => c.trim());
}

/**
 * Rows → lines: the first non-empty cell is the article number, the next cell the quantity
 * (missing = 1). Blank rows are skipped; a first row without any digit is a header
 * ("Artikelnummer;Menge") and skipped too — every catalogue article number has a digit.
 */
export function linesFromRows(rows: readonly (readonly string[])[]): ParsedBlock {
  const lines: OrderLineInput[] = [];
  let first = true;
  for (const raw of rows) {
    const cells = raw.map((c) => c.trim());
    const at = cells.findIndex((c) => c !== '');
    if (at < 0) continue;
    if (first && !cells.some((c) => /\d/.test(c))) { first = false; continue; }
    first = false;
    lines.push({ artnr: cells[at]!.replace(/\s+/g, ''), menge: cells[at + 1] ?? '' });
    if (lines.length > QUICK_ORDER_MAX_LINES) return { lines: [], tooMany: true };
  }
  return { lines, tooMany: false };
}

/** A pasted block or a CSV file's text (a UTF-8 byte-order mark is ignored). */
export function parseOrderBlock(text: string): ParsedBlock {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).map(cellsOf);
  return linesFromRows(rows);
}

/** Is the text more than one article number (a block to split rather than one cell's value)? */
export function isBlock(text: string): boolean {
  return /[\r\n\t;,]/.test(text.trim()) || /\S\s+\S/.test(text.trim());
}
