// Scanned or typed product codes → the shop's article: shop article number (also from our label URLs),
// GTIN (GS1 element strings, Digital Link, bare EAN/UPC digits), manufacturer article number with the
// HIBC labeler code. Used by the logbook's scanner and by the catalogue search.
import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { normalizeArtnr } from '#rules/index.ts';
import { parseScan, type ScanResult } from '#lib/codes/index.ts';
import { isoDay } from '#api/common.ts';

/** What the logbook and the resolver use from a scanned code (GS1, HIBC, shop URL, plain number). */
export interface ScanFacts {
  gtin: string | null; artnr: string | null; lot: string | null; serial: string | null;
  expiry: string | null; production: string | null; herstellerArtnr: string | null; licence: string | null;
}

export function dateish(v: unknown): string | null {
  if (typeof v !== 'string' || v === '') return null;
  return isoDay(v.slice(0, 10));
}
const strOrNull = (v: string | undefined): string | null => (v !== undefined && v.trim() !== '' ? v.trim() : null);

export function scanFacts(scan: ScanResult | null): ScanFacts {
  return {
    gtin: strOrNull(scan?.gtin), artnr: strOrNull(scan?.artnr), lot: strOrNull(scan?.lot), serial: strOrNull(scan?.serial),
    expiry: dateish(scan?.expiry), production: dateish(scan?.production),
    herstellerArtnr: strOrNull(scan?.manufacturerArtnr), licence: strOrNull(scan?.licence),
  };
}

/** GTIN as stored may be 8, 12, 13 or 14 digits; a GS1 (01) is 14 with leading zeros. */
function gtinCandidates(gtin: string): string[] {
  const d = gtin.replace(/\D/g, '');
  if (d.length < 8 || d.length > 14) return [];
  const core = d.replace(/^0+/, '');
  const out = new Set([d, core, core.padStart(14, '0'), core.padStart(13, '0')]);
  if (core.length <= 12) out.add(core.padStart(12, '0'));
  if (core.length <= 8) out.add(core.padStart(8, '0'));
  return [...out];
}

/** Finds the article: shop article number, GTIN, manufacturer article number (+ HIBC licence). */
export async function resolveArticle(db: Db, raw: string, facts: ScanFacts): Promise<string | null> {
  const byArtnr = async (a: string | null) => {
    if (!a) return null;
    const r = await db.selectFrom('articles').select('artnr').where('artnr', '=', a).executeTakeFirst();
    return r?.artnr ?? null;
  };
  const direct = (await byArtnr(facts.artnr)) ?? (await byArtnr(facts.artnr ? normalizeArtnr(facts.artnr) : null));
  if (direct) return direct;
  if (facts.gtin) {
    const c = gtinCandidates(facts.gtin);
    if (c.length) {
      const r = await db.selectFrom('articles').select('artnr').where('gtin', 'in', c).orderBy('aus_sortiment').orderBy('artnr').limit(1).executeTakeFirst();
      if (r) return r.artnr;
    }
  }
  if (facts.herstellerArtnr) {
    let q = db.selectFrom('articles as a').innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id').select('a.artnr')
      .where(sql`upper(a.hersteller_artnr)`, '=', facts.herstellerArtnr.toUpperCase());
    if (facts.licence) q = q.where(sql`upper(m.licence)`, '=', facts.licence.toUpperCase());
    const r = await q.orderBy('a.aus_sortiment').orderBy('a.artnr').limit(1).executeTakeFirst();
    if (r) return r.artnr;
  }
  // a plain code typed or scanned: article number (normalised), else a bare GTIN
  const plain = raw.trim();
  const norm = normalizeArtnr(plain);
  const hit = (await byArtnr(plain)) ?? (await byArtnr(norm));
  if (hit) return hit;
  if (/^\d{8,14}$/.test(plain)) {
    const r = await db.selectFrom('articles').select('artnr').where('gtin', 'in', gtinCandidates(plain)).limit(1).executeTakeFirst();
    if (r) return r.artnr;
  }
  if (plain.length <= 40) {
    const r = await db.selectFrom('articles').select('artnr').where(sql`upper(hersteller_artnr)`, '=', plain.toUpperCase())
      .orderBy('aus_sortiment').orderBy('artnr').limit(1).executeTakeFirst();
    if (r) return r.artnr;
  }
  return null;
}


/**
 * Articles a search term names as a product code: a GS1 code (element string, Digital Link, bare
 * GTIN digits), an HIBC code (labeler + manufacturer article number) or a shop label URL; also a
 * bare 8–14 digit GTIN without a valid check digit. Ordinary words cost nothing here.
 */
export async function articlesByCode(db: Db, term: string): Promise<string[]> {
  const t = term.trim();
  // every product code has a digit (GS1 data, HIBC's unit of measure, a GTIN) or is a URL: words skip the parser
  if (!/\d/.test(t) && !/:\/\/|^www\./i.test(t)) return [];
  const scan = parseScan(t);
  if (scan.type === 'gs1' || scan.type === 'hibc' || scan.type === 'url') {
    const a = await resolveArticle(db, t, scanFacts(scan));
    if (a) return [a];
  }
  if (/^\d{8,14}$/.test(t)) {
    return (await db.selectFrom('articles').select('artnr').where('gtin', 'in', gtinCandidates(t)).orderBy('artnr').execute()).map((r) => r.artnr);
  }
  return [];
}
