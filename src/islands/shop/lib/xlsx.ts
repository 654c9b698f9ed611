// The cells of an XLSX workbook's first sheet, for the quick order's file upload. No library: an
// XLSX file is a ZIP of XML parts; the ZIP's central directory names the parts, the platform's
// DecompressionStream('deflate-raw') inflates them (browsers and Node 22), and the sheet XML is
// machine-written and flat enough for a few regular expressions.

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface ZipEntry { name: string; method: number; size: number; offset: number }

function entries(buf: Uint8Array): Map<string, ZipEntry> {
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  // the end-of-central-directory record sits in the last 22 + up to 65535 (comment) bytes
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (v.getUint32(i, true) === EOCD) { eocd = i; break; }
  }
  if (eocd < 0) throw new Error('xlsx_not_zip');
  const count = v.getUint16(eocd + 10, true);
  let p = v.getUint32(eocd + 16, true);
  const out = new Map<string, ZipEntry>();
  const dec = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (v.getUint32(p, true) !== CENTRAL) throw new Error('xlsx_broken');
    const nameLen = v.getUint16(p + 28, true), extraLen = v.getUint16(p + 30, true), commentLen = v.getUint16(p + 32, true);
    const name = dec.decode(buf.subarray(p + 46, p + 46 + nameLen));
    out.set(name, { name, method: v.getUint16(p + 10, true), size: v.getUint32(p + 20, true), offset: v.getUint32(p + 42, true) });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

async function readEntry(buf: Uint8Array, e: ZipEntry): Promise<string> {
  const v = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (v.getUint32(e.offset, true) !== LOCAL) throw new Error('xlsx_broken');
  const start = e.offset + 30 + v.getUint16(e.offset + 26, true) + v.getUint16(e.offset + 28, true);
  const data = buf.slice(start, start + e.size);
  if (e.method === 0) return new TextDecoder().decode(data);
  if (e.method !== 8) throw new Error('xlsx_compression');
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e] ?? m);
}

/** The text of all <t> runs inside a fragment (shared strings and inline strings may be rich text). */
function texts(xml: string): string {
  let s = '';
  for (const m of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) s += m[1];
  return unescapeXml(s);
}

/** "BC12" → 54 (0-based column). */
function columnOf(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0].toUpperCase() ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Path of the workbook's first sheet (workbook.xml → its relationship), else the first sheet part. */
async function firstSheetPath(buf: Uint8Array, files: Map<string, ZipEntry>): Promise<string> {
  const wb = files.get('xl/workbook.xml');
  const rels = files.get('xl/_rels/workbook.xml.rels');
  if (wb && rels) {
    const rid = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(await readEntry(buf, wb))?.[1];
    const rel = rid && new RegExp(`<Relationship\\b[^>]*\\bId="${rid}"[^>]*>`).exec(await readEntry(buf, rels))?.[0];
    const target = rel && /\bTarget="([^"]+)"/.exec(rel)?.[1];
    if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  }
  const sheets = [...files.keys()].filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n)).sort();
  if (!sheets[0]) throw new Error('xlsx_no_sheet');
  return sheets[0];
}

/** Rows of the first sheet as text cells (empty rows kept out, gaps between columns kept as ''). */
export async function readXlsxRows(data: ArrayBuffer | Uint8Array): Promise<string[][]> {
  const buf = data instanceof Uint8Array ? data : new Uint8Array(data);
  const files = entries(buf);
  const sheet = files.get(await firstSheetPath(buf, files));
  if (!sheet) throw new Error('xlsx_no_sheet');
  const shared: string[] = [];
  const sst = files.get('xl/sharedStrings.xml');
  if (sst) for (const m of (await readEntry(buf, sst)).matchAll(/<si>([\s\S]*?)<\/si>/g)) shared.push(texts(m[1]!));
  const rows: string[][] = [];
  for (const row of (await readEntry(buf, sheet)).matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const c of row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1] ?? '', body = c[2] ?? '';
      const ref = /\br="([^"]+)"/.exec(attrs)?.[1];
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? 'n';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const text = type === 's' ? shared[Number(v)] ?? '' : type === 'inlineStr' ? texts(body) : unescapeXml(v ?? '');
      const col = ref ? columnOf(ref) : cells.length;
      while (cells.length < col) cells.push('');
      cells[col] = text;
    }
    if (cells.some((x) => x.trim() !== '')) rows.push(cells);
  }
  return rows;
}
