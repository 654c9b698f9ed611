// The search relevance set: queries labs type, with the categories (kat_id) or the article that must
// lead the first 10 results. Shared by tests/api/search-relevance.test.ts (test seed, SQLite and
// PostgreSQL) and the API benchmark (relevance score on the live catalogue). Category ids are the
// seed catalogue's (server/seed/data); code queries name their article through a lookup.
import { hibcCheckChar } from '../../src/lib/codes/index.ts';
import type { Db } from '../../server/db/index.ts';

const BURS = [601, 602, 606, 608, 1005];
const TEETH = [101, 102, 103, 104, 105, 88801];
const ZIRCONIA = [304, 603, 1001];

export interface RelevanceCase {
  q: string;
  /** the query class reported by the benchmark */
  kind: 'word' | 'synonym' | 'plural' | 'compound' | 'phrase' | 'typo' | 'partial' | 'code' | 'language';
  /** categories the first result and most of the first 10 belong to */
  kat?: number[];
  /** the article the first result must be (codes) */
  artnr?: string;
}

export const STATIC_CASES: RelevanceCase[] = [
  { q: 'Bohrer', kind: 'synonym', kat: BURS },
  { q: 'Fräser', kind: 'word', kat: BURS },
  { q: 'Schleifer', kind: 'synonym', kat: BURS },
  { q: 'Schleifkörper', kind: 'synonym', kat: BURS },
  { q: 'Bur', kind: 'language', kat: BURS },
  { q: 'fraise', kind: 'language', kat: BURS },
  { q: 'Hartmetallfräser', kind: 'word', kat: [601] },
  { q: 'Diamantschleifer', kind: 'word', kat: [602] },
  { q: 'tungsten carbide bur', kind: 'language', kat: [601] },
  { q: 'ZrO2', kind: 'synonym', kat: ZIRCONIA },
  { q: 'Zirkon', kind: 'synonym', kat: ZIRCONIA },
  { q: 'Zirkonoxid', kind: 'word', kat: ZIRCONIA },
  { q: 'zirconia', kind: 'language', kat: ZIRCONIA },
  { q: 'Kunststoffzähne', kind: 'synonym', kat: TEETH },
  { q: 'Prothesenzähne', kind: 'synonym', kat: TEETH },
  { q: 'Garnitur', kind: 'word', kat: TEETH },
  { q: 'Zähne', kind: 'plural', kat: TEETH },
  { q: 'denture teeth', kind: 'language', kat: TEETH },
  { q: 'Modellgips Klasse 4', kind: 'synonym', kat: [401] },
  { q: 'Superhartgips Klasse 4', kind: 'phrase', kat: [401] },
  { q: 'Superhartgips', kind: 'word', kat: [401] },
  { q: 'Hartgips Klasse 3', kind: 'phrase', kat: [402] },
  { q: 'die stone', kind: 'language', kat: [401] },
  { q: 'Abdrucklöffel', kind: 'synonym', kat: [1101] },
  { q: 'Abformlöffel', kind: 'word', kat: [1101] },
  { q: 'impression tray', kind: 'language', kat: [1101] },
  { q: 'Einbettmasse', kind: 'word', kat: [404, 405] },
  { q: 'investment', kind: 'language', kat: [404, 405] },
  { q: 'Einbettmasse phosphatgebunden', kind: 'phrase', kat: [404] },
  { q: 'Trennscheiben', kind: 'plural', kat: [604] },
  { q: 'Polierbürsten', kind: 'plural', kat: [605] },
  { q: 'Handschuhe', kind: 'word', kat: [1206, 88806] },
  { q: 'Keramikofen', kind: 'synonym', kat: [701] },
  { q: 'Brennofen', kind: 'synonym', kat: [701] },
  { q: 'Vorwärmofen', kind: 'word', kat: [703] },
  { q: 'Lichthärtgerät', kind: 'word', kat: [710] },
  { q: 'Tiefziehfolie', kind: 'word', kat: [504, 88805] },
  { q: 'Garnituren', kind: 'plural', kat: TEETH },
  { q: 'Fräsern', kind: 'plural', kat: BURS },
  { q: 'Frontzahngarnitur', kind: 'compound', kat: [101, 104, 105, 88801] },
  { q: 'Frontzahn Garnitur', kind: 'compound', kat: [101, 104, 105, 88801] },
  { q: 'Alginat', kind: 'synonym', kat: [1102] },
  { q: 'Dubliermasse', kind: 'synonym', kat: [407] },
  { q: 'Modellgips Klase 4', kind: 'typo', kat: [401] },
  { q: 'Bohrr', kind: 'typo', kat: BURS },
  { q: 'Zirkonoxyd', kind: 'typo', kat: ZIRCONIA },
  { q: 'Gips Klasse 3 grün Spezialmischung', kind: 'partial', kat: [402] },
  { q: 'Superhartgips Klasse 4 Sonderfarbe', kind: 'partial', kat: [401] },
  // Hungarian and Czech have no article texts (the shop shows the English ones): their trade words find
  // the articles only through the synonym files (server/search/synonyms/hu.json, cs.json)
  { q: 'fúró', kind: 'language', kat: BURS },
  { q: 'cirkónium-oxid', kind: 'language', kat: ZIRCONIA },
  { q: 'beágyazó anyag', kind: 'language', kat: [404, 405] },
  { q: 'vrták', kind: 'language', kat: BURS },
  { q: 'oxid zirkoničitý', kind: 'language', kat: ZIRCONIA },
  { q: 'otiskovací lžíce', kind: 'language', kat: [1101] },
];

/** Code queries (GTIN, GS1 element string, HIBC) for articles of the catalogue at hand. */
export async function codeCases(db: Db): Promise<RelevanceCase[]> {
  const a = await db.selectFrom('articles').select(['artnr', 'gtin']).where('gtin', '!=', '').where('parent_artnr', 'is', null)
    .orderBy('artnr').limit(1).executeTakeFirstOrThrow();
  const h = await db.selectFrom('articles as a').innerJoin('manufacturers as m', 'm.id', 'a.hersteller_id')
    .select(['a.artnr', 'a.hersteller_artnr', 'm.licence']).where('m.licence', '!=', '').where('a.parent_artnr', 'is', null)
    .orderBy('a.artnr').execute();
  // an HIBC primary code: + licence, product number (letters and digits), unit of measure, check character
  const hibcArticle = h.find((r) => /^[A-Z0-9]{1,18}$/.test(r.hersteller_artnr.toUpperCase())
    && h.filter((o) => o.licence === r.licence && o.hersteller_artnr.toUpperCase() === r.hersteller_artnr.toUpperCase()).length === 1)!;
  const body = `+${hibcArticle.licence}${hibcArticle.hersteller_artnr.toUpperCase()}0`;
  return [
    { q: a.gtin, kind: 'code', artnr: a.artnr },
    { q: `(01)${a.gtin.padStart(14, '0')}(10)LOT42`, kind: 'code', artnr: a.artnr },
    { q: `${body}${hibcCheckChar(body)}`, kind: 'code', artnr: hibcArticle.artnr },
  ];
}

export interface CaseResult { c: RelevanceCase; ok: boolean; top: { artnr: string; kat: number }[]; why?: string }

/** Judges a case by its first 10 results: the first in the expected categories (or the article) and at least 6 of 10 there. */
export function judge(c: RelevanceCase, top: { artnr: string; kat: number }[]): CaseResult {
  if (!top.length) return { c, ok: false, top, why: 'no result' };
  if (c.artnr) return { c, ok: top[0]!.artnr === c.artnr, top, why: `first ${top[0]!.artnr}` };
  const inSet = top.filter((t) => c.kat!.includes(t.kat)).length;
  const need = Math.min(6, top.length);
  const ok = c.kat!.includes(top[0]!.kat) && inSet >= need;
  return { c, ok, top, why: `first in kat ${top[0]!.kat}, ${inSet}/${top.length} in ${c.kat!.join('/')}` };
}
