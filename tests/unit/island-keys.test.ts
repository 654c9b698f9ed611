// The texts an island gets are derived from its code (src/i18n/island-keys.ts): every key its
// modules hand to t() is in its set (a key outside it shows raw on screen — issue 12 had
// "zahnassistent.choose" in the "Branche" select), template keys bring their family, the shop page
// block carries the error catalogue, and the header islands of every page stay small.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiErrorKeys, islandFiles, islandKeys, islandMessages, keysNamedIn, SHOP_ISLANDS } from '../../src/i18n/island-keys.ts';
import { shopMessages } from '../../src/islands/shop/server/messages.ts';

const root = path.resolve(import.meta.dirname, '../..');
const islandsDir = path.join(root, 'src/islands');
/** Every island entry: a .tsx under src/islands whose default export a page mounts. */
const entries = fs.readdirSync(islandsDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx$/.test(f) && !/\/(ui|lib|panels|quick|server)\//.test(`/${f}`) && fs.readFileSync(path.join(islandsDir, f), 'utf8').includes('export default'))
  .map((f) => f.replace(/\.tsx$/, ''));
const LITERAL_T = /\bt\(\s*'([a-z][a-z0-9_.]*)'/g;

describe('island texts are derived from the code', () => {
  it('finds the island entries', () => {
    expect(entries).toEqual(expect.arrayContaining(['shop/LoginPanel', 'shop/CartView', 'portal/labels/LabelSelect', 'portal/scanner/ScannerApp']));
  });
  for (const island of entries) {
    it(`${island}: every t('…') key of its modules is in its set`, () => {
      const keys = new Set(islandKeys(island));
      const named = islandFiles(island).filter((f) => f.startsWith('/src/islands/'))
        .flatMap((f) => [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(LITERAL_T)].map((m) => m[1]!));
      expect(named.filter((k) => !keys.has(k) && !keys.has(`${k}_other`))).toEqual([]);
    });
  }
  it('follows imports: the login panel gets the texts of its login form and session helpers', () => {
    expect(islandFiles('shop/LoginPanel')).toEqual(expect.arrayContaining(['/src/islands/shop/panels/LoginForm.tsx', '/src/islands/shop/lib/session.ts']));
    expect(islandKeys('shop/LoginPanel')).toEqual(expect.arrayContaining(['login.submit', 'login_error_4', 'give_credentials']));
  });
  it('a template key brings its family (`function.${code}` → function.K07 …)', () => {
    expect([...keysNamedIn('t(`function.${f}`)')]).toEqual(expect.arrayContaining(['function.K07', 'function.K09', 'function.K13']));
    expect(islandKeys('shop/UserSelect')).toEqual(expect.arrayContaining(['function.K07', 'function.K13']));
  });
  it('plural bases bring their forms', () => {
    expect([...keysNamedIn("t('shop.last_purchase_months', { count })")]).toEqual(expect.arrayContaining(['shop.last_purchase_months_one', 'shop.last_purchase_months_other']));
  });
  it('the shop page block: all shop islands and the error catalogue (server and rules keys)', () => {
    const block = shopMessages('fr');
    for (const i of SHOP_ISLANDS) for (const k of islandKeys(i)) expect(block[k], `${i}: ${k}`).toBeTypeOf('string');
    for (const k of ['register_kdnr_not_found', 'order_not_pending', 'invalid_postal_code', 'error_menge']) expect(block[k], k).toBeTruthy();
    expect(apiErrorKeys().size).toBeGreaterThan(80);
  });
  it('header islands (on every page) carry only their own texts, not the whole catalogue', () => {
    for (const i of ['shop/SearchPreview', 'shop/LoginPanel', 'shop/UserSelect', 'shop/CartAddPanel']) {
      expect(Object.keys(islandMessages('de', [i])).length, i).toBeLessThan(60);
    }
  });
  it('texts are in the page language, German only where a language lacks a key', () => {
    const fr = islandMessages('fr', ['shop/LoginPanel']);
    expect(fr['login.submit']).not.toBe(islandMessages('de', ['shop/LoginPanel'])['login.submit']);
  });
});
