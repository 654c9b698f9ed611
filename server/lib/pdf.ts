// Shared PDF helpers on pdf-lib (documents, labels, logbook exports).
// Coordinates are points (1/72 inch) measured from the TOP-LEFT corner of the page, so layouts
// read top to bottom; `mm()` converts millimetres. Text is drawn with DejaVu Sans Condensed, regular
// and bold (npm dejavu-fonts-ttf; about Helvetica's width, so the layouts keep their lines), embedded
// as a subset through fontkit: every script the shop sells in (Polish ł, Czech ř ě, Hungarian ő …)
// prints exactly as written.
//
//   const w = await createPdf({ title: 'Rechnung 123' });
//   drawLetterhead(w, companyLetterhead(1));
//   w.text('Hello', 50, w.y);           // absolute
//   w.paragraph('long text …');         // flows at the cursor w.y, wraps, breaks pages
//   w.table([{ header: 'Art.', width: 80 }, …], rows);
//   return pdfResponse(await w.save(), 'rechnung-123.pdf');
import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { serverT } from '#i18n/server.ts';
import { typeset } from '#rules/typeset.ts';
import type { CompanyLetterhead } from './company.ts';

export const A4: readonly [number, number] = [595.28, 841.89];
export const mm = (v: number): number => (v * 72) / 25.4;
export const BLACK = rgb(0, 0, 0);
export const GREY = rgb(0.4, 0.4, 0.4);
export const LIGHT = rgb(0.92, 0.92, 0.92);
export const BRAND = rgb(0.05, 0.33, 0.55);

export type Align = 'left' | 'right' | 'center';
export interface TextOpts { size?: number; bold?: boolean; color?: RGB; align?: Align; /** for right/center: the box width starting at x */ width?: number }
export interface Margins { top: number; right: number; bottom: number; left: number }
export interface Column { header: string; width: number; align?: Align }

export interface CreatePdfOpts {
  title?: string; author?: string; subject?: string; language?: string;
  /** [width, height] in points; default A4 portrait */
  pageSize?: readonly [number, number];
  margins?: Partial<Margins>;
  /** draws on every new page (header/footer); may move `w.y` */
  onPage?: (w: PdfWriter) => void;
}

const DEFAULT_MARGINS: Margins = { top: mm(20), right: mm(18), bottom: mm(22), left: mm(22) };

/** One document being written: the current page and a vertical cursor `y` (from the top). */
export class PdfWriter {
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  readonly pageSize: readonly [number, number];
  readonly margins: Margins;
  onPage: ((w: PdfWriter) => void) | undefined;
  /** the document's language: wrapping keeps a number with its unit ("4 g") and French punctuation */
  readonly language: string;
  page!: PDFPage;
  /** cursor, points from the top edge */
  y = 0;

  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont, opts: CreatePdfOpts) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.pageSize = opts.pageSize ?? A4;
    this.margins = { ...DEFAULT_MARGINS, ...opts.margins };
    this.onPage = opts.onPage;
    this.language = opts.language ?? '';
  }

  get width(): number { return this.pageSize[0]; }
  get height(): number { return this.pageSize[1]; }
  /** usable width between the left and right margins */
  get contentWidth(): number { return this.width - this.margins.left - this.margins.right; }
  get bottom(): number { return this.height - this.margins.bottom; }

  addPage(): PDFPage {
    this.page = this.doc.addPage([this.pageSize[0], this.pageSize[1]]);
    this.y = this.margins.top;
    this.onPage?.(this);
    return this.page;
  }

  /** Starts a new page when `h` points do not fit below the cursor any more. */
  ensureSpace(h: number): void {
    if (this.y + h > this.bottom) this.addPage();
  }

  /** One line of text: line breaks and tabs become spaces (a drawn line has no control characters). */
  safe(s: string): string {
    return s.replace(/[\r\n\t]+/g, ' ');
  }

  font(bold = false): PDFFont { return bold ? this.bold : this.regular; }

  textWidth(s: string, size = 10, bold = false): number {
    return this.font(bold).widthOfTextAtSize(this.safe(s), size);
  }

  /** Draws one line of text; (x, y) is the top-left of the line box. Answers the line height. */
  text(s: string, x: number, y: number, o: TextOpts = {}): number {
    const size = o.size ?? 10;
    const font = this.font(o.bold);
    const t = this.safe(s);
    const w = font.widthOfTextAtSize(t, size);
    let dx = x;
    if (o.align === 'right') dx = x + (o.width ?? 0) - w;
    else if (o.align === 'center') dx = x + ((o.width ?? 0) - w) / 2;
    // baseline sits ~0.8 of the font size below the top of the line box
    this.page.drawText(t, { x: dx, y: this.height - y - size * 0.8, size, font, color: o.color ?? BLACK });
    return size * 1.25;
  }

  /** Splits text into lines that fit `width` (words longer than a line are cut). */
  wrap(s: string, width: number, size = 10, bold = false): string[] {
    const font = this.font(bold);
    const lines: string[] = [];
    for (const para of this.safe(typeset(s, this.language).replace(/\r?\n/g, '\u0000')).split('\u0000')) {
      let line = '';
      for (const word of para.split(/ +/)) {
        const cand = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(cand, size) <= width) { line = cand; continue; }
        if (line) lines.push(line);
        let rest = word;
        while (font.widthOfTextAtSize(rest, size) > width && rest.length > 1) {
          let n = rest.length - 1;
          while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
          lines.push(rest.slice(0, n));
          rest = rest.slice(n);
        }
        line = rest;
      }
      lines.push(line);
    }
    return lines;
  }

  /** Flowing text at the cursor: wraps, breaks pages, moves `y` below it. */
  paragraph(s: string, o: TextOpts & { x?: number; maxWidth?: number; gapAfter?: number } = {}): void {
    const size = o.size ?? 10;
    const x = o.x ?? this.margins.left;
    const width = o.maxWidth ?? this.width - this.margins.right - x;
    for (const line of this.wrap(s, width, size, o.bold)) {
      this.ensureSpace(size * 1.25);
      this.y += this.text(line, x, this.y, { ...o, width });
    }
    this.y += o.gapAfter ?? 0;
  }

  line(x1: number, y1: number, x2: number, y2: number, o: { thickness?: number; color?: RGB } = {}): void {
    this.page.drawLine({
      start: { x: x1, y: this.height - y1 }, end: { x: x2, y: this.height - y2 },
      thickness: o.thickness ?? 0.5, color: o.color ?? GREY,
    });
  }

  /** Rectangle with (x, y) its top-left corner. */
  rect(x: number, y: number, w: number, h: number, o: { fill?: RGB; border?: RGB; thickness?: number } = {}): void {
    this.page.drawRectangle({
      x, y: this.height - y - h, width: w, height: h,
      color: o.fill, borderColor: o.border, borderWidth: o.border ? (o.thickness ?? 0.5) : 0,
    });
  }

  /** Embeds a PNG (e.g. a bwip-js barcode) with (x, y) its top-left corner. */
  async image(png: Uint8Array, x: number, y: number, w: number, h: number): Promise<void> {
    const img = await this.doc.embedPng(png);
    this.page.drawImage(img, { x, y: this.height - y - h, width: w, height: h });
  }

  /**
   * A table at the cursor: a shaded header row (repeated after page breaks), then one row per
   * entry; cells wrap within their column. Column widths are points; the last column may be
   * 0 to take the rest of the content width.
   */
  table(columns: Column[], rows: string[][], o: { size?: number; x?: number; padding?: number; zebra?: boolean } = {}): void {
    const size = o.size ?? 9;
    const pad = o.padding ?? 3;
    const x0 = o.x ?? this.margins.left;
    const fixed = columns.reduce((s, c) => s + c.width, 0);
    const cols = columns.map((c) => ({ ...c, width: c.width || Math.max(20, this.width - this.margins.right - x0 - fixed) }));
    const total = cols.reduce((s, c) => s + c.width, 0);
    const lh = size * 1.25;
    // headers wrap within their column, and a word longer than the column is set smaller rather than cut:
    // a language with longer words must neither run into the next column nor lose letters
    const heads = cols.map((c) => {
      const inner = c.width - 2 * pad;
      let hs = size;
      while (hs > 5 && c.header.split(/ +/).some((word) => this.textWidth(word, hs, true) > inner)) hs -= 0.25;
      return { size: hs, lines: this.wrap(c.header, inner, hs, true) };
    });
    const hh = Math.max(1, ...heads.map((h) => h.lines.length)) * lh + 2 * pad;
    const header = () => {
      this.ensureSpace(hh + lh);
      this.rect(x0, this.y, total, hh, { fill: LIGHT });
      let x = x0;
      cols.forEach((c, i) => {
        const h = heads[i]!;
        h.lines.forEach((l, li) => this.text(l, x + pad, this.y + pad + li * lh, { size: h.size, bold: true, align: c.align, width: c.width - 2 * pad }));
        x += c.width;
      });
      this.y += hh;
    };
    header();
    rows.forEach((row, ri) => {
      const cells = cols.map((c, i) => this.wrap(row[i] ?? '', c.width - 2 * pad, size));
      const h = Math.max(1, ...cells.map((l) => l.length)) * lh + 2 * pad;
      if (this.y + h > this.bottom) { this.addPage(); header(); }
      if (o.zebra && ri % 2 === 1) this.rect(x0, this.y, total, h, { fill: rgb(0.97, 0.97, 0.97) });
      let x = x0;
      cols.forEach((c, i) => {
        cells[i]!.forEach((l, li) => this.text(l, x + pad, this.y + pad + li * lh, { size, align: c.align, width: c.width - 2 * pad }));
        x += c.width;
      });
      this.y += h;
      this.line(x0, this.y, x0 + total, this.y, { thickness: 0.25, color: LIGHT });
    });
  }

  /** Label/value pairs right-aligned in a block ending at the right margin (totals). */
  keyValues(pairs: [string, string, boolean?][], o: { size?: number; width?: number } = {}): void {
    const size = o.size ?? 10;
    const w = o.width ?? mm(80);
    const x = this.width - this.margins.right - w;
    for (const [k, v, bold] of pairs) {
      this.ensureSpace(size * 1.4);
      this.text(k, x, this.y, { size, bold });
      this.text(v, x, this.y, { size, bold, align: 'right', width: w });
      this.y += size * 1.4;
    }
  }

  async save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

// The font files are read once per process; each document parses them itself (a fontkit font shared
// by two documents garbles the second one's subset) and embeds only the glyphs it uses.
const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fonts(): { regular: Uint8Array; bold: Uint8Array } {
  fontFiles ??= {
    regular: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return fontFiles;
}

/** A new document with one empty page. */
export async function createPdf(opts: CreatePdfOpts = {}): Promise<PdfWriter> {
  const doc = await PDFDocument.create();
  if (opts.title) doc.setTitle(opts.title);
  doc.setAuthor(opts.author ?? 'Dentalshop');
  if (opts.subject) doc.setSubject(opts.subject);
  if (opts.language) doc.setLanguage(opts.language);
  doc.setCreator('Dentalshop');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(new Date());
  doc.registerFontkit(fontkit);
  const f = fonts();
  const [regular, bold] = await Promise.all([doc.embedFont(f.regular, { subset: true }), doc.embedFont(f.bold, { subset: true })]);
  const w = new PdfWriter(doc, regular, bold, opts);
  w.addPage();
  return w;
}

/**
 * Company name and contact block at the top right, the sender line above the address window,
 * and the legal footer. Call it on every page (e.g. from `onPage`). Leaves `w.y` below the header.
 */
export function drawLetterhead(w: PdfWriter, c: CompanyLetterhead, lang = 'de'): void {
  const t = serverT(lang);
  const right = w.width - w.margins.right;
  const top = mm(12);
  w.text(c.name, w.margins.left, top, { size: 16, bold: true, color: BRAND });
  const info = [`${c.strasse}`, `${c.plz} ${c.ort}`, `${t('pdf.phone')} ${c.telefon}`, c.email, c.web];
  info.forEach((s, i) => w.text(s, right - mm(70), top + i * 10, { size: 8, color: GREY, align: 'right', width: mm(70) }));
  w.line(w.margins.left, top + 52, right, top + 52, { thickness: 0.8, color: BRAND });
  // footer
  const fy = w.height - mm(15);
  w.line(w.margins.left, fy - 4, right, fy - 4, { thickness: 0.3 });
  const foot = `${c.name} · ${c.strasse} · ${c.plz} ${c.ort} · ${t('pdf.managing_directors')}${t('app.colon')} ${c.geschaeftsfuehrer} · ${c.register} · ${t('pdf.vat_id')} ${c.ustId}`;
  w.wrap(foot, right - w.margins.left, 7).slice(0, 2)
    .forEach((l, i) => w.text(l, w.margins.left, fy + i * 9, { size: 7, color: GREY, align: 'center', width: right - w.margins.left }));
  if (w.y < top + 62) w.y = top + 62;
}

/** The sender line and the recipient lines in the address window (DIN 5008 position). */
export function drawAddressWindow(w: PdfWriter, c: CompanyLetterhead, lines: string[]): void {
  const x = mm(25);
  const y = mm(45);
  w.text(`${c.name} · ${c.strasse} · ${c.plz} ${c.ort}`, x, y, { size: 7, color: GREY });
  w.line(x, y + 10, x + mm(80), y + 10, { thickness: 0.3 });
  lines.filter((l) => l.trim() !== '').slice(0, 7).forEach((l, i) => w.text(l, x, y + 15 + i * 12, { size: 10 }));
  w.y = Math.max(w.y, y + 15 + 7 * 12);
}

/** A PDF download: application/pdf, attachment with a safe file name. */
export function pdfResponse(bytes: Uint8Array, filename: string, inline = false): Response {
  const name = filename.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120) || 'document.pdf';
  return new Response(bytes as BodyInit, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
      'content-length': String(bytes.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
