// The account pages exist as on-demand pages (so the server knows the session), and only the
// (login) ones of section 2 are guarded.
import { describe, expect, it } from 'vitest';
import { isLoginRoute, isOnDemandRoute } from '../../src/lib/site/routes.ts';

describe('account routes', () => {
  it.each(['register', 'fast-register', 'passwort-vergessen', 'new-password/123456/abcDEF_-12', 'verify/abc123', 'kundendaten-aendern', 'konto'])(
    '%s is rendered on demand', (r) => { expect(isOnDemandRoute(r)).toBe(true); });
  it('konto and kundendaten-aendern need login; registration, verification and password pages do not', () => {
    expect(isLoginRoute('konto')).toBe(true);
    expect(isLoginRoute('kundendaten-aendern/')).toBe(true);
    for (const r of ['register', 'fast-register', 'passwort-vergessen', 'new-password/1/x', 'verify/x']) expect(isLoginRoute(r)).toBe(false);
  });
  it('verify needs its token', () => {
    expect(isOnDemandRoute('verify')).toBe(false);
    expect(isOnDemandRoute('verify/a/b')).toBe(false);
  });
});
