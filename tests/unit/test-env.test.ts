// `npm test` on a machine with nothing but Node and npm (issue 12 guard): the test command brings
// Chromium and PostgreSQL itself as root, and otherwise says exactly what to run.
import { describe, expect, it } from 'vitest';
import { ensureChromium, ensurePostgres, ensureTools, type System } from '../../scripts/test-env.ts';

/** A machine with the given files; apt-get "installs" by adding the package's files. */
function machine(opts: { root: boolean; apt?: boolean; files?: string[]; env?: Record<string, string> }) {
  const files = new Set(opts.files ?? []);
  const aptCalls: string[][] = [];
  const PACKAGE_FILES: Record<string, string[]> = {
    chromium: ['/usr/bin/chromium'], 'poppler-utils': ['/usr/bin/pdftotext', '/usr/bin/pdftoppm'], unzip: ['/usr/bin/unzip'],
  };
  const sys: System = {
    isRoot: opts.root,
    has: (cmd) => cmd === 'apt-get' && opts.apt !== false,
    exists: (f) => files.has(f),
    apt: (args) => {
      aptCalls.push(args);
      if (args[0] === 'install') for (const p of args.filter((a) => !a.startsWith('-') && a !== 'install')) for (const f of PACKAGE_FILES[p] ?? []) files.add(f);
      return true;
    },
    env: opts.env ?? {},
  };
  return { sys, aptCalls };
}

describe('ensureChromium', () => {
  it('uses an installed Debian chromium without installing anything', () => {
    const m = machine({ root: true, files: ['/usr/bin/chromium'] });
    expect(ensureChromium(m.sys)).toEqual({ path: '/usr/bin/chromium' });
    expect(m.aptCalls).toEqual([]);
  });
  it('installs chromium through apt-get when missing and running as root', () => {
    const m = machine({ root: true });
    expect(ensureChromium(m.sys)).toEqual({ path: '/usr/bin/chromium' });
    expect(m.aptCalls).toEqual([['update', '-qq'], ['install', '-y', '-qq', 'chromium']]);
  });
  it('without root: installs nothing and names the exact command', () => {
    const m = machine({ root: false });
    const r = ensureChromium(m.sys);
    expect(m.aptCalls).toEqual([]);
    expect('error' in r && r.error).toContain('sudo apt-get install -y chromium');
  });
  it('a given CHROMIUM_PATH is used as is, and a wrong one is reported, not papered over', () => {
    expect(ensureChromium(machine({ root: true, files: ['/opt/c/chrome'], env: { CHROMIUM_PATH: '/opt/c/chrome' } }).sys)).toEqual({ path: '/opt/c/chrome' });
    const m = machine({ root: true, files: ['/usr/bin/chromium'], env: { CHROMIUM_PATH: '/nope' } });
    const r = ensureChromium(m.sys);
    expect('error' in r && r.error).toContain('CHROMIUM_PATH=/nope');
    expect(m.aptCalls).toEqual([]);
  });
});

describe('ensureTools (the PDF and ZIP readers of the tests)', () => {
  it('installs nothing when pdftotext, pdftoppm and unzip are there', () => {
    const m = machine({ root: true, files: ['/usr/bin/pdftotext', '/usr/bin/pdftoppm', '/usr/bin/unzip'] });
    expect(ensureTools(m.sys)).toEqual({ ok: true });
    expect(m.aptCalls).toEqual([]);
  });
  it('installs poppler-utils once for both PDF tools, as root', () => {
    const m = machine({ root: true, files: ['/usr/bin/unzip'] });
    expect(ensureTools(m.sys)).toEqual({ ok: true });
    expect(m.aptCalls).toEqual([['update', '-qq'], ['install', '-y', '-qq', 'poppler-utils']]);
  });
  it('without root: installs nothing and names the exact command', () => {
    const m = machine({ root: false });
    const r = ensureTools(m.sys);
    expect(m.aptCalls).toEqual([]);
    expect('error' in r && r.error).toContain('sudo apt-get install -y poppler-utils unzip');
  });
});

describe('ensurePostgres', () => {
  it('TEST_DATABASE_URL wins: no cluster, nothing installed', () => {
    const m = machine({ root: true, env: { TEST_DATABASE_URL: 'postgres://u:p@db:5432/postgres' } });
    const r = ensurePostgres(m.sys);
    expect('url' in r && r.url).toBe('postgres://u:p@db:5432/postgres');
    expect(m.aptCalls).toEqual([]);
  });
  it('without PostgreSQL and without root: the exact command, or TEST_DATABASE_URL', () => {
    const r = ensurePostgres(machine({ root: false }).sys);
    expect('error' in r && r.error).toContain('sudo apt-get install -y postgresql');
    expect('error' in r && r.error).toContain('TEST_DATABASE_URL');
  });
  it('as root without PostgreSQL: asks apt-get for it', () => {
    const m = machine({ root: true });
    ensurePostgres(m.sys); // apt "installs" nothing here, so it ends in the explanation
    expect(m.aptCalls.at(-1)).toEqual(['install', '-y', '-qq', 'postgresql']);
  });
});
