// Small building blocks of the catalogue generator: article numbers, GTINs, manufacturer numbers, prices.
import type { Rng } from './prng.ts';

/** EAN-13 check digit of 12 digits. */
export function ean13Check(d12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(d12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** Unique article numbers: plain 6 digits, "FH" + 5 digits, tooth sets ending in S or S + digit. */
export class ArtnrPool {
  private used = new Set<string>();
  private r: Rng;
  constructor(r: Rng) { this.r = r; }
  private take(make: () => string): string {
    for (;;) {
      const nr = make();
      if (!this.used.has(nr)) { this.used.add(nr); return nr; }
    }
  }
  plain(): string { return this.take(() => String(this.r.int(100000, 999999))); }
  fh(): string { return this.take(() => `FH${this.r.int(10000, 99999)}`); }
  set(): string {
    return this.take(() => (this.r.chance(0.7) ? `${this.r.int(100000, 999999)}S` : `${this.r.int(10000, 99999)}S${this.r.int(1, 9)}`));
  }
}

/** Per-manufacturer GTIN sequence: GS1 prefix (2) + company (5) + item (5) + check digit. */
export class GtinPool {
  private next = new Map<number, number>();
  private r: Rng;
  constructor(r: Rng) { this.r = r; }
  take(maker: { id: number; gs1: string; company: string }): string {
    let item = this.next.get(maker.id);
    if (item === undefined) item = this.r.int(100, 9000);
    this.next.set(maker.id, item + 1);
    const d12 = `${maker.gs1}${maker.company}${String(item).padStart(5, '0')}`;
    return d12 + ean13Check(d12);
  }
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** Manufacturer article number from the maker's pattern (N digit, A letter, anything else literal). */
export function makerArtnr(r: Rng, pattern: string): string {
  let s = '';
  for (const ch of pattern) s += ch === 'N' ? String(r.int(0, 9)) : ch === 'A' ? LETTERS[r.int(0, LETTERS.length - 1)] : ch;
  return s;
}

/** Catalogue-like price in [min, max] (log-uniform), ending in ,50 / ,90 / ,95 / ,00 above 10 EUR. */
export function drawPrice(r: Rng, min: number, max: number): number {
  if (min >= max) return min;
  const p = Math.exp(r.float(Math.log(min), Math.log(max)));
  if (p < 10) return Math.round(p * 20) / 20 || 0.05;
  return Math.floor(p) + r.pick([0.5, 0.9, 0.95, 0]);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Amount of a pack size in base units (g, ml, Stk, Z) for price scaling: "4x5 kg" → 20000. */
export function gebAmount(geb: string): number {
  const m = /^(?:(\d+)x)?([\d.]+) (\S+)$/.exec(geb);
  if (!m) return 1;
  const times = m[1] ? Number(m[1]) : 1;
  const unit = m[3]!;
  const f = unit === 'kg' || unit === 'l' ? 1000 : 1;
  return times * Number(m[2]) * f;
}
