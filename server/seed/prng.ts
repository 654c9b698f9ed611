// Seeded pseudo-random numbers (mulberry32). Every module draws from its own named stream, so
// changing one module's draws never shifts the data of another. Math.random is never used.

/** 32-bit FNV-1a hash of a string: turns a stream name into a seed. */
export function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Rng {
  /** float in [0, 1) */
  next(): number;
  /** integer in [min, max] (both inclusive) */
  int(min: number, max: number): number;
  /** float in [min, max) */
  float(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(arr: readonly T[]): T;
  /** index drawn with the given non-negative weights */
  weighted(weights: readonly number[]): number;
  /** k distinct items (all of them, shuffled, when k >= length) */
  sample<T>(arr: readonly T[], k: number): T[];
  shuffle<T>(arr: T[]): T[];
  /** a child stream, independent of how many draws this one makes later */
  fork(name: string): Rng;
}

export function rng(name: string, seed = hash32(name)): Rng {
  const next = mulberry32(seed);
  const r: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (arr) => {
      if (arr.length === 0) throw new Error('pick from empty list');
      return arr[Math.floor(next() * arr.length)]!;
    },
    weighted: (weights) => {
      let total = 0;
      for (const w of weights) total += w;
      let x = next() * total;
      for (let i = 0; i < weights.length; i++) {
        x -= weights[i]!;
        if (x < 0) return i;
      }
      return weights.length - 1;
    },
    sample: (arr, k) => r.shuffle([...arr]).slice(0, k),
    shuffle: (arr) => {
      for (let i = arr.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [arr[i], arr[j]] = [arr[j]!, arr[i]!];
      }
      return arr;
    },
    fork: (child) => rng(`${name}/${child}`, hash32(`${seed}/${child}`)),
  };
  return r;
}
