// The honeypot of the public forms (server/lib/guest-limits.ts): an input people never see or reach
// (off-screen, hidden from assistive technology, out of the tab order); bots that fill every field fill
// it too, and the server refuses the form.
import { HONEYPOT_FIELD } from '#rules/constants.ts';
import '../shop.css';

export function Honeypot({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <div className="sh-hp" aria-hidden="true">
      <label>
        {label}
        <input type="text" name={HONEYPOT_FIELD} value={value} onChange={(e) => onChange(e.target.value)} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
