// Order history of the demo labs: repeat purchases of a typical lab assortment, 30 months back.
// Orders of the last 14 days are open ('processing' / 'shipped'); numbers rise with the order date.
import type { Insertable } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Art } from './catalog-build.ts';
import type { SeedClock } from './clock.ts';
import { ADDRESSES, SUB } from './customers.ts';
import { round2 } from './catalog-util.ts';
import { rng, type Rng } from './prng.ts';

const DAY = 86_400_000;

interface Pick { art: Art; weight: number; qty: [number, number] }
export interface OrderSet {
  orders: Insertable<DB['orders']>[];
  lines: Insertable<DB['order_lines']>[];
  documents: Insertable<DB['documents']>[];
  /** assortment per customer (most bought first), for lists and suggestions */
  assortment: Map<number, string[]>;
}

/** Assortment mix of a lab: [category keys, how many articles, weight range, quantity range]. */
const MIX: [string[], number, [number, number], [number, number]][] = [
  [['front', 'seite'], 18, [2, 6], [1, 6]],
  [['garnituren', 'composite'], 3, [1, 2], [1, 2]],
  [['sh4', 'hg3', 'einbett_p'], 5, [5, 9], [1, 4]],
  [['verblend', 'malfarben', 'press', 'zirkon'], 9, [2, 5], [1, 3]],
  [['hm', 'dia', 'polierer', 'trenn'], 14, [2, 6], [1, 5]],
  [['heiss', 'kalt', 'komposit', 'folien', 'isolier'], 6, [2, 4], [1, 3]],
  [['abform', 'modellsys', 'wachse', 'lacke'], 6, [2, 4], [1, 4]],
  [['strahlmittel', 'einweg', 'hygiene', 'schutz', 'pinsel'], 7, [2, 5], [1, 6]],
  [['pmma', 'bloecke', 'tools'], 4, [1, 3], [1, 3]],
];

export function labAssortment(r: Rng, arts: Art[], scale: number): Pick[] {
  const ok = arts.filter((a) => !a.isParent && !a.request && !a.aus && a.pg !== 9 && a.pg !== 888);
  const picks: Pick[] = [];
  for (const [cats, k, w, qty] of MIX) {
    const cands = ok.filter((a) => cats.includes(a.cat));
    for (const art of r.sample(cands, Math.max(1, Math.round(k * scale)))) picks.push({ art, weight: r.float(w[0], w[1]), qty });
  }
  return picks;
}

interface Draft { kdnr: number; at: number; lines: { art: Art; menge: number; back?: boolean }[]; sub: number | null }

function ordersFor(r: Rng, kdnr: number, picks: Pick[], clock: SeedClock, perMonth: [number, number], lines: [number, number], subs: number[]): Draft[] {
  const out: Draft[] = [];
  const weights = picks.map((p) => p.weight);
  const make = (at: number) => {
    const n = Math.min(picks.length, r.int(lines[0], lines[1]));
    const chosen = new Set<number>();
    while (chosen.size < n) chosen.add(r.weighted(weights));
    out.push({
      kdnr, at, sub: subs.length && r.chance(0.35) ? r.pick(subs) : null,
      lines: [...chosen].map((i) => ({ art: picks[i]!.art, menge: r.int(picks[i]!.qty[0], picks[i]!.qty[1]) })),
    });
  };
  for (let k = -30; k <= -1; k++) {
    const start = clock.monthStart(k);
    const days = clock.daysIn(start);
    const count = r.int(perMonth[0], perMonth[1]);
    for (let i = 0; i < count; i++) make(start.getTime() + r.float(0.3, days - 0.05) * DAY);
  }
  // the recent window counts back from today, so open orders exist on any day of the month
  const recent = Math.max(1, Math.round((perMonth[0] + perMonth[1]) / 4));
  // the newest one is still 'processing' (under 3 days), the others 'shipped'
  for (let i = 0; i < recent; i++) make(clock.today0.getTime() - (i === 0 ? r.float(0.2, 1.5) : r.float(2.5, 12.5)) * DAY);
  return out;
}

/**
 * The newest open order of the tooth-storage lab carries tooth sets (one of them back-ordered), so the
 * seeded storage can show slots 'delivering' and 'backorder' linked to real order lines.
 */
function addOpenSetLines(drafts: Draft[], picks: Pick[]): void {
  const newest = drafts.reduce((a, b) => (b.at > a.at ? b : a));
  const sets = picks.filter((p) => p.art.draft.isSet && p.art.pg === 1 && !newest.lines.some((l) => l.art === p.art)).slice(0, 3);
  sets.forEach((p, i) => newest.lines.push({ art: p.art, menge: 1, back: i === 0 }));
}

export function buildOrders(arts: Art[], clock: SeedClock): OrderSet {
  const r = rng('orders');
  const now = clock.today0.getTime() + DAY;
  const assortment = new Map<number, string[]>();
  const drafts: Draft[] = [];
  const plan: [number, number, [number, number], [number, number], number[]][] = [
    [123456, 1, [4, 8], [3, 15], [SUB.ben, SUB.david, SUB.anna]],
    [654321, 0.6, [1, 3], [2, 8], [SUB.eva]],
    [777777, 0.6, [1, 3], [2, 9], [SUB.mette]],
  ];
  for (const [kdnr, scale, perMonth, lines, subs] of plan) {
    const rc = r.fork(String(kdnr));
    const picks = labAssortment(rc, arts, scale);
    assortment.set(kdnr, [...picks].sort((a, b) => b.weight - a.weight).map((p) => p.art.artnr));
    const own = ordersFor(rc, kdnr, picks, clock, perMonth, lines, subs);
    if (kdnr === 123456) addOpenSetLines(own, picks);
    drafts.push(...own);
  }
  drafts.sort((a, b) => a.at - b.at || a.kdnr - b.kdnr);

  const rn = r.fork('numbers');
  let auftrag = 4100000, vorgang = 5200000, rechnung = 6300000;
  const orders: OrderSet['orders'] = [];
  const lines: OrderSet['lines'] = [];
  const documents: OrderSet['documents'] = [];
  const monthly = new Map<string, { kdnr: number; sum: number; month: string }>();
  drafts.forEach((d, i) => {
    const id = i + 1;
    auftrag += rn.int(1, 40); vorgang += rn.int(1, 40); rechnung += rn.int(1, 40);
    const ageDays = (now - d.at) / DAY;
    const status = ageDays < 3 ? 'processing' : ageDays < 14 ? 'shipped' : 'delivered';
    const created = new Date(Math.round(d.at / 60_000) * 60_000).toISOString();
    let total = 0;
    d.lines.forEach((l, j) => {
      const back = rn.chance(status === 'delivered' ? 0.015 : 0.1) || !!l.back;
      const lineStatus = back ? 'backorder' : status;
      total += l.menge * l.art.preis;
      lines.push({
        order_id: id, pos: j + 1, artnr: l.art.artnr, bezeichnung: l.art.draft.names.de, menge: l.menge, preis: l.art.preis,
        status: lineStatus, geliefert: lineStatus === 'delivered' || lineStatus === 'shipped' ? l.menge : 0, zahnlager_slot_id: null,
      });
    });
    total = round2(total);
    const addr = ADDRESSES.filter((a) => a.kdnr === d.kdnr);
    const a = rn.chance(0.85) ? addr[0]! : rn.pick(addr);
    orders.push({
      id, kdnr: d.kdnr, auftrag, vorgang, rechnung, created_at: created, status, total, currency: 'EUR',
      address_json: JSON.stringify({ firma_name: a.firma_name, zusatz1: a.zusatz1, zusatz2: a.zusatz2, ansprechpartner: a.ansprechpartner, strasse: a.strasse, plz: a.plz, ort: a.ort, land_iso2: a.land_iso2 }),
      versandart: rn.chance(0.1) ? 'express' : 'standard', versanddatum: null, kommentar: rn.chance(0.08) ? 'Bitte bis 10 Uhr liefern' : '',
      zahlungsart: 'rechnung', benefit_code: null, discount: 0, free_gift_artnr: null, fwt: 0, idempotency_key: null,
      placed_by_sub_user: d.sub, release_status: 'released', released_by: null, source: 'shop',
    });
    const day = created.slice(0, 10);
    documents.push({ kdnr: d.kdnr, typ: 'lieferschein', nummer: String(vorgang), datum: day, order_id: id, betrag: total });
    documents.push({ kdnr: d.kdnr, typ: 'rechnung', nummer: String(rechnung), datum: day, order_id: id, betrag: total });
    if (status === 'delivered' && rn.chance(0.05)) {
      const l = rn.pick(d.lines);
      documents.push({ kdnr: d.kdnr, typ: 'gutschrift', nummer: `GS${rechnung}`, datum: new Date(d.at + 9 * DAY).toISOString().slice(0, 10), order_id: id, betrag: round2(l.art.preis * l.menge) });
    }
    const month = created.slice(0, 7);
    const key = `${d.kdnr}/${month}`;
    const m = monthly.get(key) ?? { kdnr: d.kdnr, sum: 0, month };
    m.sum += total;
    monthly.set(key, m);
  });
  // monthly account statements for completed months, dated the 1st of the following month
  const month0 = clock.month0.toISOString().slice(0, 7);
  for (const m of monthly.values()) {
    if (m.month >= month0) continue;
    const [y, mo] = m.month.split('-').map(Number) as [number, number];
    const next = new Date(Date.UTC(y, mo, 1)).toISOString().slice(0, 10);
    documents.push({ kdnr: m.kdnr, typ: 'kontoauszug', nummer: `KA-${m.month}`, datum: next, order_id: null, betrag: round2(m.sum) });
  }
  documents.sort((a, b) => (a.datum < b.datum ? -1 : a.datum > b.datum ? 1 : 0));
  documents.forEach((d, i) => { d.id = i + 1; });
  return { orders, lines, documents, assortment };
}
