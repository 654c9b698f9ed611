// Label templates (section 3 "Print label template") and label printing: rows × cols labels per page,
// starting at label N (offset), each with a QR/DataMatrix/Code-128 code and the article number + designation.
import bwipjs from 'bwip-js/node';
import type { PDFImage } from 'pdf-lib';
import { sql } from 'kysely';
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { lockForTransaction } from '../db/dialect.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { defineRoute, parseWith, type AnyRoute } from '../http/route.ts';
import * as labels from '#api/labels.ts';
import { zId } from '#api/common.ts';
import { MAX_LABELS, type TemplateInput } from '#api/labels.ts';
import { TemplateForm } from '#api/form-schemas.ts';
import { createPdf, pdfResponse, type PdfWriter } from '../lib/pdf.ts';
import { nowIso } from '../lib/time.ts';
import { PRINTER_MARGIN_MM, validatePrintTemplate } from '#rules/index.ts';
import { designations } from '../lib/designations.ts';
import { computeLayout, PAPER_MM, type Layout } from '#rules/labelLayout.ts';
import { serverT } from '#i18n/server.ts';

export { computeLayout, MAX_LABELS, PAPER_MM, type TemplateInput };

const MM = 72 / 25.4;
const MAX_TEMPLATES = 100;

function validateTemplate(t: TemplateInput): Layout {
  if (t.offset >= t.rows * t.cols) throw badRequest('invalid_offset', { field: 'offset', max: t.rows * t.cols - 1 });
  const layout = computeLayout(t);
  if (!layout) throw badRequest('label_does_not_fit');
  return layout;
}

const warningsOf = (t: TemplateInput): 'printerMarginWarning'[] => {
  const m = t.margins;
  return Math.min(m.top, m.right, m.bottom, m.left) < PRINTER_MARGIN_MM ? ['printerMarginWarning'] : [];
};

type TemplateRow = { id: number; kdnr: number; name: string; paper: string; orientation: string; rows: number; cols: number;
  margin_top: number; margin_right: number; margin_bottom: number; margin_left: number; padding: number; non_printable: number;
  width: number; height: number; sort: string; offset: number; code_type: string; created_at: string };

function rowToInput(r: TemplateRow): TemplateInput {
  return {
    name: r.name, paper: r.paper as TemplateInput['paper'], orientation: r.orientation as TemplateInput['orientation'],
    rows: r.rows, cols: r.cols, margins: { top: Number(r.margin_top), right: Number(r.margin_right), bottom: Number(r.margin_bottom), left: Number(r.margin_left) },
    padding: Number(r.padding), non_printable: Number(r.non_printable), width: Number(r.width), height: Number(r.height),
    sort: r.sort as TemplateInput['sort'], offset: r.offset, code_type: r.code_type as TemplateInput['code_type'],
  };
}

const toColumns = (t: TemplateInput) => ({
  name: t.name, paper: t.paper, orientation: t.orientation, rows: t.rows, cols: t.cols,
  margin_top: t.margins.top, margin_right: t.margins.right, margin_bottom: t.margins.bottom, margin_left: t.margins.left,
  padding: t.padding, non_printable: t.non_printable, width: t.width, height: t.height, sort: t.sort, offset: t.offset, code_type: t.code_type,
});

function templateOut(r: TemplateRow) {
  const t = rowToInput(r);
  const layout = computeLayout(t);
  return {
    id: r.id, ...t, createdAt: r.created_at, labelsPerPage: t.rows * t.cols,
    page: layout ? { width: round2(layout.pageW), height: round2(layout.pageH) } : null,
    warnings: warningsOf(t),
  };
}
const round2 = (n: number) => Math.round(n * 100) / 100;

async function ownTemplate(db: Db, kdnr: number, id: number): Promise<TemplateRow> {
  const r = await db.selectFrom('label_templates').selectAll().where('id', '=', id).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!r) throw notFound();
  return r as TemplateRow;
}

/** Common label sheets to start from (label/create). */
export const PRESETS: (TemplateInput & { key: string })[] = [
  { key: 'a4-3x8', name: 'A4 3 × 8 (70 × 37 mm)', paper: 'A4', orientation: 'portrait', rows: 8, cols: 3, margins: { top: 0.5, right: 0, bottom: 0.5, left: 0 }, padding: 3, non_printable: 0, width: 70, height: 37, sort: 'standard', offset: 0, code_type: 'qr' },
  { key: 'a4-2x7', name: 'A4 2 × 7 (99,1 × 38,1 mm)', paper: 'A4', orientation: 'portrait', rows: 7, cols: 2, margins: { top: 15.15, right: 4.65, bottom: 15.15, left: 4.65 }, padding: 2, non_printable: 0, width: 99.1, height: 38.1, sort: 'standard', offset: 0, code_type: 'qr' },
  { key: 'a4-4x10', name: 'A4 4 × 10 (48,5 × 25,4 mm)', paper: 'A4', orientation: 'portrait', rows: 10, cols: 4, margins: { top: 21.5, right: 8, bottom: 21.5, left: 8 }, padding: 1.5, non_printable: 0, width: 48.5, height: 25.4, sort: 'standard', offset: 0, code_type: 'datamatrix' },
  { key: 'roll-57x32', name: 'Etikettenrolle 57 × 32 mm', paper: 'custom', orientation: 'portrait', rows: 1, cols: 1, margins: { top: 0, right: 0, bottom: 0, left: 0 }, padding: 2, non_printable: 0, width: 57, height: 32, sort: 'standard', offset: 0, code_type: 'qr' },
];

// ---------------------------------------------------------------- PDF

export interface LabelItem { artnr: string; bezeichnung: string }

/** Lines of `text` that fit `maxW`; the last kept line ends in '...' when text is cut. */
function fitLines(w: PdfWriter, text: string, size: number, maxW: number, maxLines: number, bold = false): string[] {
  if (maxLines <= 0) return [];
  const lines = w.wrap(text, maxW, size, bold).filter((l) => l !== '');
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1]!;
  while (last.length > 1 && w.textWidth(`${last}...`, size, bold) > maxW) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last}...`;
  return kept;
}

/**
 * The shop's short product link (old-style /a/{artnr}, forwarded to the product details): short
 * content keeps QR/DataMatrix modules large enough for small labels; the scanner reads it back.
 */
export function productUrl(artnr: string): string {
  return `https://${config.shopDomain}/a/${encodeURIComponent(artnr)}`;
}

/** bwip-js draws a 2-D module 2 points wide (padding is given in points). */
const MODULE_PT = 2;
/** Quiet zone around a code, in modules: QR needs 4 (ISO/IEC 18004), DataMatrix 1 (ISO/IEC 16022). */
const QUIET_MODULES = { qr: 4, datamatrix: 1 } as const;

async function codePng(type: string, text: string): Promise<Buffer> {
  if (type === 'code128') return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 12, includetext: false });
  const dm = type === 'datamatrix';
  // the quiet zone is part of the image, so neighbouring text or the label's edge never touches the code
  const pad = (dm ? QUIET_MODULES.datamatrix : QUIET_MODULES.qr) * MODULE_PT;
  return bwipjs.toBuffer({ bcid: dm ? 'datamatrix' : 'qrcode', text, scale: 4, paddingwidth: pad, paddingheight: pad, backgroundcolor: 'FFFFFF' });
}

/** Builds the label PDF: one image draw per label (the code), text beside or below it. */
export async function renderLabels(
  t: TemplateInput, items: LabelItem[], offset: number, opts: { country: string; lang: string; title?: string },
): Promise<Uint8Array> {
  const layout = validateTemplate({ ...t, offset: 0 });
  const w = await createPdf({
    title: opts.title ?? serverT(opts.lang)('label.title'), language: opts.lang,
    pageSize: [layout.pageW * MM, layout.pageH * MM], margins: { top: 0, right: 0, bottom: 0, left: 0 },
  });
  const pages = [w.page];
  const pageCount = Math.max(1, Math.ceil((offset + items.length) / layout.perPage));
  while (pages.length < pageCount) pages.push(w.addPage());
  const H = layout.pageH * MM;
  const images = new Map<string, PDFImage>();
  for (const [k, item] of items.entries()) {
    const idx = offset + k;
    w.page = pages[Math.floor(idx / layout.perPage)]!;
    const cell = layout.cell(idx % layout.perPage);
    let img = images.get(item.artnr);
    if (!img) {
      const content = t.code_type === 'code128' ? item.artnr : productUrl(item.artnr);
      img = await w.doc.embedPng(await codePng(t.code_type, content));
      images.set(item.artnr, img);
    }
    // content box (points, from the top-left of the page)
    const x0 = (cell.x + t.padding) * MM, y0 = (cell.y + t.padding) * MM;
    const cw = (t.width - 2 * t.padding) * MM, ch = (t.height - 2 * t.padding) * MM;
    if (t.code_type === 'code128') {
      const scale = Math.min(cw / img.width, (ch * 0.5) / img.height);
      const iw = img.width * scale, ih = img.height * scale;
      w.page.drawImage(img, { x: x0 + (cw - iw) / 2, y: H - y0 - ih, width: iw, height: ih });
      const size = Math.max(4, Math.min(10, (ch - ih) * 0.3));
      let y = y0 + ih + size * 0.2;
      if (y + size * 1.2 <= y0 + ch) {
        w.text(fitLines(w, item.artnr, size, cw, 1, true)[0] ?? '', x0, y, { size, bold: true });
        y += size * 1.2;
        const ds = size * 0.85;
        for (const line of fitLines(w, item.bezeichnung, ds, cw, Math.floor((y0 + ch - y) / (ds * 1.2)))) y += w.text(line, x0, y, { size: ds }) * 0.96;
      }
    } else {
      const side = Math.min(ch, cw * 0.45);
      w.page.drawImage(img, { x: x0, y: H - y0 - side, width: side, height: side });
      const tx = x0 + side + Math.min(2 * MM, cw * 0.04);
      const tw = x0 + cw - tx;
      const size = Math.max(4, Math.min(10, ch * 0.2));
      if (tw > size) {
        let y = y0;
        w.text(fitLines(w, item.artnr, size, tw, 1, true)[0] ?? '', tx, y, { size, bold: true });
        y += size * 1.25;
        const ds = size * 0.85;
        for (const line of fitLines(w, item.bezeichnung, ds, tw, Math.floor((y0 + ch - y) / (ds * 1.25)))) y += w.text(line, tx, y, { size: ds });
      }
    }
  }
  return w.save();
}

function sortItems(items: (LabelItem & { count: number; seq: number })[], sort: string) {
  const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
  if (sort === 'name') items.sort((a, b) => collator.compare(a.bezeichnung, b.bezeichnung) || collator.compare(a.artnr, b.artnr));
  else if (sort === 'artnr') items.sort((a, b) => collator.compare(a.artnr, b.artnr));
  else items.sort((a, b) => a.seq - b.seq);
  return items;
}

async function printResponse(
  db: Db, kdnr: number, templateId: number, wanted: { artnr: string; count: number }[], offsetIn: number | undefined,
  opts: { country: string; lang: string; filename: string },
): Promise<Response> {
  const tpl = rowToInput(await ownTemplate(db, kdnr, templateId));
  const offset = offsetIn ?? tpl.offset;
  if (offset >= tpl.rows * tpl.cols) throw badRequest('invalid_offset', { field: 'offset', max: tpl.rows * tpl.cols - 1 });
  if (wanted.length === 0) throw badRequest('print_articles_required');
  const total = wanted.reduce((n, w) => n + w.count, 0);
  if (total > MAX_LABELS) throw badRequest('too_many_labels', { max: MAX_LABELS });
  const bez = await designations(db, wanted.map((w) => w.artnr), opts.lang);
  const unknown = wanted.find((w) => !bez.has(w.artnr));
  if (unknown) throw badRequest('error_artnr', { artnr: unknown.artnr });
  const items = sortItems(wanted.map((w, seq) => ({ artnr: w.artnr, bezeichnung: bez.get(w.artnr)!, count: w.count, seq })), tpl.sort);
  const labels = items.flatMap((i) => Array.from({ length: i.count }, () => ({ artnr: i.artnr, bezeichnung: i.bezeichnung })));
  const pdf = await renderLabels(tpl, labels, offset, { country: opts.country, lang: opts.lang, title: tpl.name });
  const res = pdfResponse(pdf, opts.filename, true);
  res.headers.set('x-label-count', String(labels.length));
  res.headers.set('x-page-count', String(Math.max(1, Math.ceil((offset + labels.length) / (tpl.rows * tpl.cols)))));
  return res;
}


export const routes: AnyRoute[] = [
  defineRoute(labels.templates, async ({ db, session }) => {
    const rows = await db.selectFrom('label_templates').selectAll().where('kdnr', '=', session.kdnr).orderBy('name').orderBy('id').execute();
    return rows.map((r) => templateOut(r as TemplateRow));
  }),
  defineRoute(labels.presets, () => PRESETS),
  defineRoute(labels.createTemplate, async ({ db, session, body }) => {
    const r = await db.transaction().execute(async (tx) => {
      await lockForTransaction(tx, `label_templates:${session.kdnr}`); // parallel creates cannot all count below the limit
      const n = await tx.selectFrom('label_templates').select(sql<number>`count(*)`.as('n')).where('kdnr', '=', session.kdnr).executeTakeFirst();
      if (Number(n?.n ?? 0) >= MAX_TEMPLATES) throw conflict('too_many_templates', { max: MAX_TEMPLATES });
      return tx.insertInto('label_templates').values({ kdnr: session.kdnr, ...toColumns(body), created_at: nowIso() })
        .returning('id').executeTakeFirstOrThrow();
    });
    return templateOut(await ownTemplate(db, session.kdnr, Number(r.id)));
  }),
  defineRoute(labels.template, async ({ db, session, params }) => templateOut(await ownTemplate(db, session.kdnr, params.id))),
  defineRoute(labels.updateTemplate, async ({ db, session, params, body }) => {
    await db.transaction().execute(async (tx) => {
      // one change of a template at a time: each writes the whole template merged from what it read
      await lockForTransaction(tx, `label_template:${session.kdnr}:${params.id}`); // the key names the customer
      const cur = rowToInput(await ownTemplate(tx, session.kdnr, params.id));
      const merged = { ...cur, ...body, margins: { ...cur.margins, ...(body.margins ?? {}) } };
      const checked = parseWith(TemplateForm, merged)!;
      await tx.updateTable('label_templates').set(toColumns(checked)).where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
    });
    return templateOut(await ownTemplate(db, session.kdnr, params.id));
  }),
  defineRoute(labels.deleteTemplate, async ({ db, session, params }) => {
    await ownTemplate(db, session.kdnr, params.id);
    await db.deleteFrom('label_templates').where('id', '=', params.id).where('kdnr', '=', session.kdnr).execute();
    return { deleted: params.id };
  }),
  defineRoute(labels.print, async ({ db, session, body, country, lang }) => {
    const tplErr = validatePrintTemplate(body.templateId ?? null);
    if (tplErr) throw badRequest(tplErr);
    const templateId = zId.safeParse(body.templateId);
    if (!templateId.success) throw notFound();
    let wanted: { artnr: string; count: number }[];
    if (body.artnrs) {
      // the same article twice adds up
      const m = new Map<string, number>();
      for (const a of body.artnrs) m.set(a.artnr.trim(), (m.get(a.artnr.trim()) ?? 0) + a.count);
      wanted = [...m].map(([artnr, count]) => ({ artnr, count }));
    } else if (body.listId !== undefined) {
      if (body.listId !== 0) {
        const list = await db.selectFrom('order_lists').select('id').where('id', '=', body.listId).where('kdnr', '=', session.kdnr).executeTakeFirst();
        if (!list) throw notFound();
      }
      const items = await db.selectFrom('order_list_items').select(['artnr']).where('kdnr', '=', session.kdnr).where('list_id', '=', body.listId)
        .orderBy('added_at').orderBy('artnr').execute();
      wanted = items.map((i) => ({ artnr: i.artnr, count: 1 }));
    } else throw badRequest('print_articles_required');
    return printResponse(db, session.kdnr, templateId.data, wanted, body.offset, { country, lang, filename: 'etiketten.pdf' });
  }),
  defineRoute(labels.printArticle, async ({ db, session, params, query, country, lang }) => {
    const tplErr = validatePrintTemplate(query.templateId ?? null);
    if (tplErr) throw badRequest(tplErr);
    const templateId = zId.safeParse(query.templateId);
    if (!templateId.success) throw notFound();
    const artnr = params.artn.trim();
    return printResponse(db, session.kdnr, templateId.data, [{ artnr, count: query.count ?? 1 }], query.offset,
      { country, lang, filename: `etikett-${artnr.replace(/[^A-Za-z0-9.-]/g, '_')}.pdf` });
  }),
];

