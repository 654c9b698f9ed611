// Guard: a shop island translates with the shop subset of the locale files (server/messages.ts);
// a key outside that subset shows up raw on screen (issue 12: "zahnassistent.choose" in the
// "Branche" select of every language).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopMessages } from '../../src/islands/shop/server/messages.ts';

const dir = path.resolve('src/islands/shop');
const islands = fs.readdirSync(dir).filter((f) => f.endsWith('.tsx'));

describe('shop islands use only keys the shop messages carry', () => {
  const known = shopMessages('de');
  for (const f of islands) {
    it(f, () => {
      const src = fs.readFileSync(path.join(dir, f), 'utf8');
      const keys = [...src.matchAll(/\bt\('([a-z0-9_]+(?:\.[a-z0-9_]+)+)'/g)].map((m) => m[1]!);
      expect(keys.filter((k) => known[k] === undefined)).toEqual([]);
    });
  }
});
