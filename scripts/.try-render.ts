import { loadRenderer } from '/work/wt-publish/server/publish/renderer.ts';
import fs from 'node:fs';
const t0 = performance.now();
const r = await loadRenderer('/work/wt-publish/dist');
const t1 = performance.now();
const paths = await r.paths();
const t2 = performance.now();
console.log('load', t1 - t0, 'paths', paths.length, t2 - t1);
let same = 0, diff = 0;
for (const p of paths.filter((p) => p.pathname.startsWith('/de/de/service') || p.pathname === '/de/de/' || p.pathname.startsWith('/sitemap'))) {
  const b = await r.render(p);
  const f = p.pathname.endsWith('.xml') ? `dist/client${p.pathname}` : `dist/client${p.pathname.replace(/\/?$/, '/')}index.html`;
  const old = fs.existsSync(f) ? fs.readFileSync(f) : null;
  if (old && b && old.equals(b)) same++; else { diff++; console.log('DIFF', p.pathname, f, old?.length, b?.length); if (diff === 1 && b && old) { fs.writeFileSync('/tmp/new.html', b); } }
}
console.log('render', performance.now() - t2, same, diff);
