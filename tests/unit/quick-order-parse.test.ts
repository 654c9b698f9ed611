// Quick order input: pasted blocks (tab, semicolon, comma, space), CSV files, the 500-line limit,
// and the XLSX reader (a workbook as a spreadsheet program writes it: shared strings, numbers, deflate).
import { deflateRawSync, crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isBlock, linesFromRows, parseOrderBlock } from '../../src/lib/rules/quickOrder.ts';
import { readXlsxRows } from '../../src/islands/shop/lib/xlsx.ts';

const pairs = (text: string) => parseOrderBlock(text).lines.map((l) => [l.artnr, l.menge]);

describe('parseOrderBlock', () => {
  it('splits spreadsheet rows (tab), German CSV (semicolon), comma lists and e-mail lines (spaces)', () => {
    expect(pairs('123456\t3\n234567\t10\r\n')).toEqual([['123456', '3'], ['234567', '10']]);
    expect(pairs('123456;3\n234567;1')).toEqual([['123456', '3'], ['234567', '1']]);
    expect(pairs('123456, 3\n234567,2')).toEqual([['123456', '3'], ['234567', '2']]);
    expect(pairs('  123456   3 \n\n234567 2\r')).toEqual([['123456', '3'], ['234567', '2']]);
  });

  it('quantity is optional (empty = the server takes 1); blank lines are skipped', () => {
    expect(pairs('123456\n\n   \n234567;\nK-345678\t')).toEqual([['123456', ''], ['234567', ''], ['K-345678', '']]);
  });

  it('keeps the article number as written for the server\'s normalising; drops inner spaces of a cell', () => {
    expect(pairs('FH-1234.2;2\nk-360588s\t1\n"12 34 56";4')).toEqual([['FH-1234.2', '2'], ['k-360588s', '1'], ['123456', '4']]);
  });

  it('skips a header row without digits, reads quoted CSV cells and a byte-order mark', () => {
    expect(pairs('\uFEFFArtikelnummer;Menge;Bezeichnung\n123456;2;"Gips; Typ ""4"""\n')).toEqual([['123456', '2']]);
    expect(pairs('Art.-Nr.\tAnzahl\n123456\t2')).toEqual([['123456', '2']]);
    // only the first row can be a header: later rows without digits stay (the server answers error_artnr)
    expect(pairs('123456\nabc')).toEqual([['123456', ''], ['abc', '']]);
  });

  it('takes the first non-empty cell as the article number and the next as the quantity', () => {
    expect(pairs('\t123456\t5\tGips')).toEqual([['123456', '5']]);
    expect(pairs('123456\tabc')).toEqual([['123456', 'abc']]);
  });

  it('500 lines are fine, 501 are refused as a whole', () => {
    const block = (n: number) => Array.from({ length: n }, (_, i) => `${100000 + i};1`).join('\n');
    expect(parseOrderBlock(block(500))).toMatchObject({ tooMany: false });
    expect(parseOrderBlock(block(500)).lines).toHaveLength(500);
    expect(parseOrderBlock(block(501))).toEqual({ lines: [], tooMany: true });
    expect(linesFromRows(Array.from({ length: 501 }, () => ['1', '1']))).toMatchObject({ tooMany: true });
  });

  it('isBlock tells a pasted block from one article number', () => {
    expect(isBlock('123456')).toBe(false);
    expect(isBlock(' FH-1234.2 ')).toBe(false);
    expect(isBlock('123456\n234567')).toBe(true);
    expect(isBlock('123456\t2')).toBe(true);
    expect(isBlock('123456 2')).toBe(true);
  });
});

// ---- a minimal XLSX writer for the test (stored the way spreadsheet programs do: deflate, shared strings)
function zip(files: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = Buffer.from(text, 'utf8');
    const data = deflateRawSync(raw);
    const n = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(raw), 14); local.writeUInt32LE(data.length, 18); local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(raw), 16); central.writeUInt32LE(data.length, 20); central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(n.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += local.length + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(Object.keys(files).length, 8); end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12); end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, cd, end]));
}

function workbook(sheet2Rows: string): Uint8Array {
  return zip({
    '[Content_Types].xml': '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'xl/workbook.xml': '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>'
      + '<sheet name="Bestellung" sheetId="1" r:id="rId7"/><sheet name="Other" sheetId="2" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Type="ws" Target="worksheets/sheet1.xml"/>'
      + '<Relationship Id="rId7" Type="ws" Target="worksheets/sheet2.xml"/></Relationships>',
    'xl/sharedStrings.xml': '<sst count="4" uniqueCount="4"><si><t>Artikelnummer</t></si><si><t>Menge</t></si>'
      + '<si><r><t>FH-</t></r><r><t xml:space="preserve">1234.2</t></r></si><si><t>K-360588S &amp; co</t></si></sst>',
    'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c r="A1"><v>999999</v></c></row></sheetData></worksheet>',
    'xl/worksheets/sheet2.xml': `<worksheet><sheetData>${sheet2Rows}</sheetData></worksheet>`,
  });
}

describe('readXlsxRows', () => {
  it('reads the first sheet of the workbook (by its relationship), shared, rich and inline strings, numbers, gaps', async () => {
    const rows = await readXlsxRows(workbook(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
      + '<row r="2"><c r="A2"><v>123456</v></c><c r="B2"><v>3</v></c></row>'
      + '<row r="3"><c r="A3" t="s"><v>2</v></c><c r="C3"><v>7</v></c></row>'
      + '<row r="4"/>'
      + '<row r="5"><c r="A5" t="inlineStr"><is><t>234567</t></is></c><c r="B5" s="1"/></row>'
      + '<row r="6"><c r="A6" t="str"><f>A2&amp;""</f><v>123456</v></c><c r="B6" t="s"><v>3</v></c></row>',
    ));
    expect(rows).toEqual([
      ['Artikelnummer', 'Menge'], ['123456', '3'], ['FH-1234.2', '', '7'], ['234567', ''], ['123456', 'K-360588S & co'],
    ]);
    expect(linesFromRows(rows).lines.map((l) => [l.artnr, l.menge])).toEqual([['123456', '3'], ['FH-1234.2', ''], ['234567', ''], ['123456', 'K-360588S & co']]);
  });

  it('refuses a file that is no ZIP', async () => {
    await expect(readXlsxRows(new TextEncoder().encode('123456;2\n'))).rejects.toThrow('xlsx_not_zip');
  });
});
