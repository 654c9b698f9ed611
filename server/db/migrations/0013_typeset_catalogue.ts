// Catalogue texts are stored typeset (src/lib/rules/typeset.ts): a number keeps its unit ("4 g", "Ø 1,8 mm")
// so a designation never leaves a lone "g" at the start of a phone's next line. The seed writes them so;
// this brings the texts of a database seeded before to the same form (names, descriptions, property wordings,
// the designations of placed orders). Only changed rows are written.
import { sql, type Kysely } from 'kysely';
import { typeset } from '#rules/typeset.ts';

const BATCH = 5000;
/** rows per UPDATE: a CASE of 500 keys stays far below both engines' parameter limits */
const PER_UPDATE = 500;

interface Target {
  table: string;
  /** the primary key: read in its order, page by page after the last key seen */
  pk: string[];
  /** the key column the CASE picks a row by */
  pick: string;
  /** the other key columns: one UPDATE per combination of their values */
  fixed: string[];
  column: string;
  lang: (row: any) => string;
}

/**
 * Rewrites one text column. Changed rows go out as one UPDATE … CASE per 500 rows sharing the `fixed` key
 * (250,000 single-row updates take a minute on PostgreSQL).
 */
async function typesetColumn(db: Kysely<any>, t: Target): Promise<void> {
  const { pick, fixed } = t;
  let after: unknown[] | null = null;
  for (;;) {
    let q = db.selectFrom(t.table).select([...t.pk, t.column]).limit(BATCH);
    for (const k of t.pk) q = q.orderBy(k);
    if (after) q = q.where(sql<boolean>`(${sql.join(t.pk.map((k) => sql.ref(k)))}) > (${sql.join(after)})`);
    const rows = await q.execute();
    if (!rows.length) return;
    const lastRow = rows[rows.length - 1]!;
    after = t.pk.map((k) => lastRow[k]);
    const groups = new Map<string, { key: unknown; text: string }[]>();
    for (const row of rows) {
      const text = row[t.column] as string | null;
      const next = text && typeset(text, t.lang(row));
      if (!next || next === text) continue;
      const group = JSON.stringify(fixed.map((k) => row[k]));
      let list = groups.get(group);
      if (!list) groups.set(group, (list = []));
      list.push({ key: row[pick], text: next });
    }
    for (const [group, changed] of groups) {
      for (let i = 0; i < changed.length; i += PER_UPDATE) {
        const part = changed.slice(i, i + PER_UPDATE);
        const cases = sql.join(part.map((r) => sql`when ${r.key} then ${r.text}`), sql` `);
        let u = db.updateTable(t.table).set({ [t.column]: sql`case ${sql.ref(pick)} ${cases} end` })
          .where(pick, 'in', part.map((r) => r.key));
        const values = JSON.parse(group) as unknown[];
        fixed.forEach((k, j) => { u = u.where(k, '=', values[j]); });
        await u.execute();
      }
    }
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  const byLang = (row: any) => row.lang as string;
  const texts = { table: 'article_texts', pk: ['artnr', 'lang'], pick: 'artnr', fixed: ['lang'], lang: byLang };
  await typesetColumn(db, { table: 'articles', pk: ['artnr'], pick: 'artnr', fixed: [], column: 'bezeichnung', lang: () => 'de' });
  await typesetColumn(db, { ...texts, column: 'bezeichnung' });
  await typesetColumn(db, { ...texts, column: 'beschreibung' });
  // an order keeps the designation it was placed with, in the catalogue's base language
  await typesetColumn(db, { table: 'order_lines', pk: ['order_id', 'pos'], pick: 'order_id', fixed: ['pos'], column: 'bezeichnung', lang: () => 'de' });
  await typesetColumn(db, { table: 'property_texts', pk: ['prop', 'value', 'lang'], pick: 'value', fixed: ['prop', 'lang'], column: 'text', lang: byLang });
}

export async function down(): Promise<void> {
  // no-break spaces read as spaces everywhere; nothing to undo
}
