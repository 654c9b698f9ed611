// Batch fields (section 3): expiry and production date, lot, serial number, manufacturer article
// number, reference, unit, delivery note, page, position. Customer number and manufacturer licence
// are recorded by the server (session, article's manufacturer or the HIBC code).
import type { ScanResult } from '#lib/codes/index.ts';
import { ApiFailure } from '#lib/api.ts';
import { isExpired } from '#rules/batch.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { errorMessage, failureKey } from '#islands/shop/lib/errors.ts';
import { Field } from '#islands/shop/ui/Field.tsx';
import type { Batch, BatchInput } from '../lib/logbook.ts';

export interface BatchValues {
  verfallsdatum: string; herstelldatum: string; lot: string; seriennummer: string; hersteller_artnr: string;
  referenz: string; einheit: string; lieferschein: string; seite: string; position: string;
  /** MDR ledger: manufacturer (empty = the article's) and the quantity used */
  hersteller: string; menge: string;
}

export function batchFromScan(scan: ScanResult | null, unit = ''): BatchValues {
  return {
    verfallsdatum: scan?.expiry ?? '', herstelldatum: scan?.production ?? '', lot: scan?.lot ?? '', seriennummer: scan?.serial ?? '',
    hersteller_artnr: scan?.manufacturerArtnr ?? '', referenz: '', einheit: unit, lieferschein: '', seite: '', position: '',
    hersteller: '', menge: '1',
  };
}

export function batchValues(b: Batch): BatchValues {
  return {
    verfallsdatum: b.verfallsdatum ?? '', herstelldatum: b.herstelldatum ?? '', lot: b.lot, seriennummer: b.seriennummer,
    hersteller_artnr: b.hersteller_artnr, referenz: b.referenz, einheit: b.einheit, lieferschein: b.lieferschein, seite: b.seite,
    position: String(b.position), hersteller: b.hersteller, menge: String(b.menge),
  };
}

/**
 * The body for the API. For a new batch, an empty manufacturer number or unit is left out so the
 * server fills them from the article; an empty position means "next".
 */
export function batchInput(v: BatchValues, isNew: boolean): BatchInput {
  const out: BatchInput = {
    verfallsdatum: v.verfallsdatum || null, herstelldatum: v.herstelldatum || null, lot: v.lot.trim(), seriennummer: v.seriennummer.trim(),
    referenz: v.referenz.trim(), lieferschein: v.lieferschein.trim(), seite: v.seite.trim(),
  };
  if (!isNew || v.hersteller_artnr.trim()) out.hersteller_artnr = v.hersteller_artnr.trim();
  if (!isNew || v.einheit.trim()) out.einheit = v.einheit.trim();
  if (v.position.trim()) out.position = Number(v.position);
  if (!isNew || v.hersteller.trim()) out.hersteller = v.hersteller.trim();
  if (v.menge.trim()) out.menge = Number(v.menge.trim().replace(',', '.'));
  return out;
}

export function BatchFields({ t, v, onChange, errors }: {
  t: T; v: BatchValues; onChange: (v: BatchValues) => void; errors: Record<string, string>;
}) {
  const set = (k: keyof BatchValues) => (x: string) => onChange({ ...v, [k]: x });
  const f = (k: keyof BatchValues, label: string, max: number, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <Field label={t(label)} name={k} value={v[k]} onChange={set(k)} maxLength={max} error={errors[k]} {...extra} />
  );
  return (
    <div className="sc-fields sc-fields--batch">
      {f('lot', 'scanner.lot', 100)}
      {f('verfallsdatum', 'scanner.expiry', 10, { type: 'date' })}
      {f('herstelldatum', 'scanner.production_date', 10, { type: 'date' })}
      {f('seriennummer', 'scanner.serial', 100)}
      {f('hersteller', 'scanner.mdr_manufacturer', 200)}
      {f('hersteller_artnr', 'scanner.manufacturer_artnr', 60)}
      {f('menge', 'scanner.quantity', 10, { inputMode: 'decimal' })}
      {f('referenz', 'scanner.reference', 100)}
      {f('einheit', 'scanner.unit', 40)}
      {f('lieferschein', 'scanner.delivery_note', 60)}
      {f('seite', 'scanner.page', 20)}
      {f('position', 'scanner.position', 4, { inputMode: 'numeric', placeholder: t('scanner.position_auto') })}
    </div>
  );
}

/** The field a 400 answer is about: `field`, or the path of the first validation issue (zod). */
export function fieldOf(body: Record<string, unknown>): string {
  if (typeof body.field === 'string') return body.field;
  const first = Array.isArray(body.issues) ? (body.issues[0] as { path?: unknown } | undefined) : undefined;
  return typeof first?.path === 'string' ? first.path.split('.').pop() ?? '' : '';
}

/** The text of a failed batch call with its values filled in (e.g. the position of a serial number's twin). */
export function batchError(t: T, e: unknown): string {
  const body = e instanceof ApiFailure ? e.body : {};
  const params = Object.fromEntries(Object.entries(body).filter((kv): kv is [string, string | number] => typeof kv[1] === 'string' || typeof kv[1] === 'number'));
  return errorMessage(t, failureKey(e), params);
}

/**
 * The warning before an expired batch is documented: shown while the expiry lies before the day of
 * use, with the confirmation the server asks for (confirmExpired).
 */
export function ExpiryWarning({ t, expiry, formatted, usedOn, confirmed, onConfirm }: {
  t: T; expiry: string; formatted: string; usedOn?: string; confirmed: boolean; onConfirm: (v: boolean) => void;
}) {
  if (!isExpired(expiry, usedOn)) return null;
  return (
    <div className="sc-expired" role="alert" data-testid="expiry-warning">
      <p><strong>{t('scanner.expired_warning', { date: formatted })}</strong></p>
      <label className="sh-check">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} data-testid="expiry-confirm" />
        <span>{t('scanner.expired_confirm')}</span>
      </label>
    </div>
  );
}
