// The PDF writer prints the letters of every language the shop sells in and never cuts a column header.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createPdf } from '../../server/lib/pdf.ts';

const text = (bytes: Uint8Array) => execFileSync('pdftotext', ['-raw', '-enc', 'UTF-8', '-', '-'], { input: bytes }).toString('utf8');

describe('PdfWriter', () => {
  it('wraps a designation without parting a number from its unit, nor a French colon from its word', async () => {
    const w = await createPdf({ language: 'fr' });
    const name = 'SR Nexco composite cosmétique opaque D3 4 g';
    // the width at which the plain text would leave "g" alone on the second line
    const width = w.textWidth('SR Nexco composite cosmétique opaque D3 4', 9) + 1;
    const lines = w.wrap(name, width, 9);
    expect(lines.at(-1)).toBe('4\u00a0g');
    const address = w.wrap('Adresse de livraison : Hamburg', w.textWidth('Adresse de livraison', 9) + 1, 9);
    expect(address.some((l) => /^\s*:/.test(l))).toBe(false);
    expect(address.join(' ')).toBe('Adresse de livraison\u00a0: Hamburg');
  });
  it('prints Polish, Czech, Hungarian (and the other shop languages\') letters as written, regular and bold', async () => {
    const letters = ['ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ', 'áčďéěíňóřšťúůýž ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ', 'áéíóöőúüű ÁÉÍÓÖŐÚÜŰ', 'àâçèéêëîïôùûüÿœæ ß €'];
    const w = await createPdf({ title: 'Łukasz' });
    letters.forEach((l, i) => { w.text(l, 40, 40 + i * 20); w.text(l, 40, 200 + i * 20, { bold: true }); });
    const out = text(await w.save());
    for (const l of letters) expect(out.split(l).length - 1).toBe(2);
  });

  it('sets a table header word that is longer than its column smaller instead of cutting it', async () => {
    const w = await createPdf();
    w.table([{ header: 'Przeterminowany', width: 56 }, { header: 'Množství', width: 30 }, { header: 'Termin ważności', width: 44 }], [['tak', '2', '2026-01-01']], { size: 7 });
    const out = text(await w.save());
    for (const word of ['Przeterminowany', 'Množství', 'Termin', 'ważności']) expect(out.split(/\s+/)).toContain(word);
  });

  it('documents written one after the other (and at the same time) each print their own text', async () => {
    const names = ['Łukasz Dvořák-Kőrösi', 'Zsófia Kőváry-Šťastná', 'Agnieszka Żółć'];
    const docs = await Promise.all(names.map(async (n) => { const w = await createPdf(); w.text(n, 40, 40); w.text(n, 40, 60, { bold: true }); return w.save(); }));
    docs.forEach((d, i) => expect(text(d).split(names[i]!).length - 1).toBe(2));
  });
});
