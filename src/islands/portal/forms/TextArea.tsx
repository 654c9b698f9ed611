// Text area of section 5: '*' after the placeholder when required, the error message beneath.
import { useId } from 'react';

export function TextArea({ label, name, value, onChange, error, required, rows = 5, maxLength = 5000, placeholder }: {
  label: string; name: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean; rows?: number;
  maxLength?: number; placeholder?: string;
}) {
  const id = useId();
  const ph = placeholder ?? label;
  return (
    <div className={`sh-field${error ? ' has-error' : ''}`}>
      <label className="sh-field__label" htmlFor={id}>{label}{required && <span className="sh-req" aria-hidden="true"> *</span>}</label>
      <textarea id={id} name={name} rows={rows} value={value} onChange={(e) => onChange(e.target.value)} maxLength={maxLength}
        placeholder={required ? `${ph} *` : ph} aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} aria-required={required} data-field={name} />
      {error && <span id={`${id}-err`} className="sh-field__error" role="alert">{error}</span>}
    </div>
  );
}
