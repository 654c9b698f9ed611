// Form input with label, required asterisk, error text beneath and a readonly state (section 5).
import { useId, useState, type ReactNode } from 'react';
import { EyeIcon } from './Icons.tsx';

export function Field({ label, name, value, onChange, error, required, readOnly, type = 'text', autoComplete, maxLength, children, hint, inputMode, placeholder }: {
  label: string; name: string; value?: string; onChange?: (v: string) => void; error?: string; required?: boolean; readOnly?: boolean;
  type?: string; autoComplete?: string; maxLength?: number; children?: ReactNode; hint?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel' | 'url' | 'decimal'; placeholder?: string;
}) {
  const id = useId();
  const err = error ? `${id}-err` : undefined;
  return (
    <div className={`sh-field${error ? ' has-error' : ''}`}>
      <label className="sh-field__label" htmlFor={id}>{label}{required && <span className="sh-req" aria-hidden="true"> *</span>}</label>
      {children ?? (
        <input id={id} name={name} type={type} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} required={required}
          readOnly={readOnly} aria-invalid={!!error} aria-describedby={err} autoComplete={autoComplete} maxLength={maxLength}
          inputMode={inputMode} placeholder={placeholder} data-field={name} />
      )}
      {hint && !error && <span className="sh-field__hint">{hint}</span>}
      {error && <span id={err} className="sh-field__error" role="alert">{error}</span>}
    </div>
  );
}

export function SelectField({ label, name, value, onChange, error, required, options, readOnly }: {
  label: string; name: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean;
  options: { value: string; label: string }[]; readOnly?: boolean;
}) {
  const id = useId();
  return (
    <div className={`sh-field${error ? ' has-error' : ''}`}>
      <label className="sh-field__label" htmlFor={id}>{label}{required && <span className="sh-req" aria-hidden="true"> *</span>}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} required={required} disabled={readOnly}
        aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} data-field={name}>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {error && <span id={`${id}-err`} className="sh-field__error" role="alert">{error}</span>}
    </div>
  );
}

export function PasswordField({ label, name, value, onChange, error, required, t, autoComplete = 'new-password' }: {
  label: string; name: string; value: string; onChange: (v: string) => void; error?: string; required?: boolean;
  t: (k: string) => string; autoComplete?: string;
}) {
  const id = useId();
  return (
    <div className={`sh-field${error ? ' has-error' : ''}`}>
      <label className="sh-field__label" htmlFor={id}>{label}{required && <span className="sh-req" aria-hidden="true"> *</span>}</label>
      <PwInput id={id} name={name} value={value} onChange={onChange} error={error} t={t} autoComplete={autoComplete} />
      {error && <span id={`${id}-err`} className="sh-field__error" role="alert">{error}</span>}
    </div>
  );
}

function PwInput({ id, name, value, onChange, error, t, autoComplete }: { id: string; name: string; value: string; onChange: (v: string) => void; error?: string; t: (k: string) => string; autoComplete: string }) {
  const [show, setShow] = useState(false);
  return (
    <span className="sh-pw">
      <input id={id} name={name} type={show ? 'text' : 'password'} value={value} onChange={(e) => onChange(e.target.value)} maxLength={100}
        aria-invalid={!!error} aria-describedby={error ? `${id}-err` : undefined} autoComplete={autoComplete} data-field={name} />
      <PasswordToggle show={show} onToggle={() => setShow(!show)} t={t} />
    </span>
  );
}

/** The eye inside a password field. One name whatever its state (a toggle's name must not change), the state is aria-pressed. */
export function PasswordToggle({ show, onToggle, t }: { show: boolean; onToggle: () => void; t: (k: string) => string }) {
  return (
    <button type="button" className="sh-pw__toggle" aria-pressed={show} aria-label={t('app.show_password')}
      title={show ? t('app.hide_password') : t('app.show_password')} onClick={onToggle}>
      <EyeIcon crossed={show} />
    </button>
  );
}
