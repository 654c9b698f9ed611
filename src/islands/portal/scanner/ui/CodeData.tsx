// What the scanned code says (GS1 AIs 01, 10, 11, 17, 21, 240 or HIBC, plain article number).
import type { ScanResult } from '#lib/codes/index.ts';
import { isExpired } from '#rules/batch.ts';
import type { T } from '#islands/shop/lib/i18n.ts';

export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return '';
  const d = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return iso;
  try { return new Intl.DateTimeFormat(lang, { timeZone: 'UTC', dateStyle: 'medium' }).format(d); } catch { return iso; }
}

/** The mark of an expired batch (result page, logbook). */
export function ExpiredBadge({ t }: { t: T }) {
  return <span className="sc-badge sc-badge--expired" data-testid="expired-badge">{t('scanner.expired')}</span>;
}

export function CodeData({ t, lang, scan }: { t: T; lang: string; scan: ScanResult }) {
  const rows: [string, string | undefined][] = [
    ['scanner.code_type', t(`scanner.type_${scan.type}`)],
    ['scanner.gtin', scan.gtin],
    ['shop.article_number', scan.artnr],
    ['scanner.lot', scan.lot],
    ['scanner.expiry', formatDate(scan.expiry, lang) || undefined],
    ['scanner.production_date', formatDate(scan.production, lang) || undefined],
    ['scanner.serial', scan.serial],
    ['scanner.manufacturer_artnr', scan.manufacturerArtnr],
    ['scanner.licence', scan.licence],
    ['scanner.quantity', scan.quantity !== undefined ? String(scan.quantity) : undefined],
  ];
  return (
    <section className="sc-data" aria-labelledby="sc-data-h" data-testid="code-data">
      <h2 id="sc-data-h">{t('scanner.code_data')}</h2>
      <dl>
        {rows.filter(([, v]) => v !== undefined && v !== '').map(([k, v]) => (
          <div key={k} data-key={k}><dt>{t(k)}</dt><dd>{v}{k === 'scanner.expiry' && isExpired(scan.expiry) && <> <ExpiredBadge t={t} /></>}</dd></div>
        ))}
        <div data-key="raw"><dt>{t('scanner.raw')}</dt><dd className="sc-raw">{scan.raw.replace(/\u001d/g, '⎵')}</dd></div>
      </dl>
      {!scan.valid && scan.errors.length > 0 && scan.type !== 'unknown' && <p className="sc-warn" role="status">{t('scanner.code_invalid')}</p>}
    </section>
  );
}
