// Quantity stepper: whole steps of 1 within min..max (0..999; the cart panel uses min 1).
import { clampQty, stepQty } from '../../../lib/rules/validate.ts';
import { QTY_MAX, QTY_MIN } from '../../../lib/rules/constants.ts';
import type { T } from '../lib/i18n.ts';

export function QtyStepper({ value, onChange, t, min = QTY_MIN, max = QTY_MAX, id, disabled }: {
  value: number; onChange: (n: number) => void; t: T; min?: number; max?: number; id?: string; disabled?: boolean;
}) {
  return (
    <div className="sh-qty" role="group" aria-label={t('shop.quantity')}>
      <button type="button" className="sh-qty__btn" aria-label={t('shop.decrease')} disabled={disabled || value <= min}
        onClick={() => onChange(stepQty(value, -1, min, max))}>−</button>
      <input
        id={id}
        className="sh-qty__input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={String(value)}
        disabled={disabled}
        aria-label={t('shop.quantity')}
        onChange={(e) => onChange(e.target.value === '' ? min : clampQty(e.target.value, min, max))}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="sh-qty__btn" aria-label={t('shop.increase')} disabled={disabled || value >= max}
        onClick={() => onChange(stepQty(value, 1, min, max))}>+</button>
    </div>
  );
}
