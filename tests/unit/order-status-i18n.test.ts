// Every order status the API answers has a label in every UI language: the order lists never show
// a raw status such as `processing` (statusLabel falls back to the raw value).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.resolve(import.meta.dirname, '../../src/i18n/locales');
/** checkout.ts places orders as processing / release_pending; fulfilment moves them to shipped / delivered */
const STATUSES = ['processing', 'release_pending', 'shipped', 'delivered'];

describe('order status labels', () => {
  for (const file of fs.readdirSync(DIR).filter((f) => f.endsWith('.json'))) {
    it(`${file} names every order status`, () => {
      const m = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as Record<string, string>;
      for (const s of STATUSES) {
        expect(m[`order.status.${s}`], `order.status.${s}`).toBeTruthy();
        expect(m[`order.status.${s}`]).not.toBe(s);
      }
    });
  }
});
