// Quantity stepper: whole steps of 1 within min..max (0..999; the cart panel uses min 1). A typed
// value outside the range is not clamped silently: the field shows it as invalid, the error toast
// error_menge appears (section 5) and leaving the field restores the last valid quantity.
import { useEffect, useState } from 'react';
import { stepQty, typedQty } from '#rules/validate.ts';
import { QTY_MAX, QTY_MIN } from '#rules/constants.ts';
import { showToast } from '#stores/ui.ts';
import type { T } from '../lib/i18n.ts';

export function QtyStepper({ value, onChange, t, min = QTY_MIN, max = QTY_MAX, id, disabled }: {
  value: number; onChange: (n: number) => void; t: T; min?: number; max?: number; id?: string; disabled?: boolean;
}) {
  // what the field shows while typing (may be empty or invalid); follows the value from outside
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const typed = typedQty(draft, min, max);
  const invalid = typed === 'error_menge';

  const type = (text: string) => {
    setDraft(text);
    const q = typedQty(text, min, max);
    if (q === 'error_menge') showToast(t('error_menge'), 'error');
    else if (q !== null && q !== value) onChange(q);
  };

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
        value={draft}
        disabled={disabled}
        aria-label={t('shop.quantity')}
        aria-invalid={invalid || undefined}
        onChange={(e) => type(e.target.value)}
        onBlur={() => { if (typed === null || invalid) setDraft(String(value)); }}
        onFocus={(e) => e.target.select()}
      />
      <button type="button" className="sh-qty__btn" aria-label={t('shop.increase')} disabled={disabled || value >= max}
        onClick={() => onChange(stepQty(value, 1, min, max))}>+</button>
    </div>
  );
}
