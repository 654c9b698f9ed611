// The alias codemod (scripts/codemods/aliases.ts): which relative imports become which alias.
import { describe, expect, it } from 'vitest';
import { loadAliases, rewrite, transform } from '../../scripts/codemods/aliases.ts';

const aliases = loadAliases();

describe('aliases codemod', () => {
  it('the most specific folder wins (#rules before #lib before #src)', () => {
    expect(rewrite('src/islands/shop/lib/x.ts', '../../../lib/rules/pricing.ts', aliases)).toBe('#rules/pricing.ts');
    expect(rewrite('src/islands/shop/lib/x.ts', '../../../lib/api.ts', aliases)).toBe('#lib/api.ts');
    expect(rewrite('src/pages/[country]/[lang]/x.astro', '../../../components/Header.astro', aliases)).toBe('#components/Header.astro');
    expect(rewrite('src/pages/[country]/[lang]/x.astro', '../../../middleware.ts', aliases)).toBe('#src/middleware.ts');
  });

  it('a crossing between src/ and server/ is rewritten at any depth; a short climb inside one tree is kept', () => {
    expect(rewrite('server/modules/x.ts', '../../src/lib/rules/constants.ts', aliases)).toBe('#rules/constants.ts');
    expect(rewrite('src/data/countries.ts', '../../server/seed/data/countries.ts', aliases)).toBe('#server/seed/data/countries.ts');
    expect(rewrite('src/islands/shop/x.tsx', '../../stores/customer.ts', aliases)).toBeNull();
    expect(rewrite('tests/api/x.test.ts', '../../server/db/index.ts', aliases)).toBeNull();
  });

  it('rewrites static, dynamic, re-export and vi.mock specifiers, and nothing else', () => {
    const src = [
      "import { a } from '../../../lib/rules/artnr.ts';",
      "export { b } from '../../../stores/ui.ts';",
      "const c = await import('../../../i18n/index.ts');",
      "vi.mock('../../../lib/api.ts');",
      "import '../../../styles/site.css';",
      "const s = 'from ../../../not/an/import';",
    ].join('\n');
    const { text, changed } = transform('src/islands/shop/lib/x.ts', src, aliases);
    expect(changed).toBe(5);
    expect(text).toBe([
      "import { a } from '#rules/artnr.ts';",
      "export { b } from '#stores/ui.ts';",
      "const c = await import('#i18n/index.ts');",
      "vi.mock('#lib/api.ts');",
      "import '#styles/site.css';",
      "const s = 'from ../../../not/an/import';",
    ].join('\n'));
  });
});
