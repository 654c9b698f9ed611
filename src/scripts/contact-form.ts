// The contact form (src/components/content/ContactForm.astro): validates with the shared section 5
// rules before sending, sends JSON to POST /api/kontakt, shows the server's field errors (400 with
// `fields`) beneath their inputs, and on success the reference number in place of the form.
import { validateContactForm, type ContactFormInput } from '../lib/rules/validate.ts';

interface Messages { errors: Record<string, string>; sent: string; reference: string; sending: string; submit: string }

/** rules field → form field (the API's body names) */
const FIELD: Record<keyof ContactFormInput, string> = {
  salutation: 'anrede', firstName: 'vorname', lastName: 'nachname', email: 'email', phone: 'telefon',
  date: 'date', time: 'time', message: 'nachricht', artnr: 'artikelnummer',
};

function text(m: Messages, key: string, field = ''): string {
  return (m.errors[key] ?? m.errors.generic ?? key).replace(/\{\{\s*field\s*\}\}/g, field);
}

export function initContactForm(): void {
  const form = document.querySelector<HTMLFormElement>('[data-contact-form]');
  if (!form) return;
  const m = JSON.parse(form.dataset.messages ?? '{}') as Messages;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const done = form.querySelector<HTMLElement>('[data-contact-done]')!;
  const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const value = (name: string) => (input(name)?.value ?? '').trim();
  const label = (name: string) => form.querySelector(`label[for="kf-${name}"]`)?.firstChild?.textContent?.trim() ?? name;

  function show(errors: Record<string, string>): void {
    let first: HTMLElement | null = null;
    for (const el of form!.querySelectorAll<HTMLElement>('.field__error')) {
      const name = el.id.replace(/^kf-|-error$/g, '');
      const key = errors[name];
      el.textContent = key ? text(m, key, label(name)) : '';
      const field = input(name);
      if (field) field.toggleAttribute('aria-invalid', !!key);
      if (key && !first) first = field;
    }
    first?.focus();
  }

  form.addEventListener('input', (e) => {
    const t = e.target as HTMLInputElement;
    if (t.hasAttribute('aria-invalid')) { t.removeAttribute('aria-invalid'); const err = document.getElementById(`${t.id}-error`); if (err) err.textContent = ''; }
  });

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const found = validateContactForm({
      salutation: value('anrede'), firstName: value('vorname'), lastName: value('nachname'), email: value('email'), phone: value('telefon'),
      // <input type="date"> gives YYYY-MM-DD, which the YYYY-M-D rule accepts
      date: value('date'), time: value('time'), message: value('nachricht'), artnr: value('artikelnummer'),
    });
    const errors: Record<string, string> = {};
    for (const [k, v] of Object.entries(found)) errors[FIELD[k as keyof ContactFormInput]] = v;
    show(errors);
    if (Object.keys(errors).length > 0) return;
    const body: Record<string, string> = {};
    for (const el of form.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]')) {
      if (el.closest('.guest-only') && document.documentElement.dataset.auth === 'customer') continue;
      body[el.name] = el.value.trim();
    }
    button.disabled = true;
    button.textContent = m.sending;
    try {
      const res = await fetch('/api/kontakt', {
        method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json().catch(() => ({}))) as { result?: { referenz: string }; error?: string; field?: string; fields?: Record<string, string> };
      if (res.ok && json.result) {
        form.querySelector('.form-grid')!.remove();
        button.remove();
        done.hidden = false;
        const p1 = document.createElement('p');
        p1.className = 'contact-form__sent';
        p1.textContent = m.sent;
        const p2 = document.createElement('p');
        p2.textContent = m.reference.replace(/\{\{\s*referenz\s*\}\}/g, json.result.referenz);
        done.replaceChildren(p1, p2);
        done.focus();
        return;
      }
      if (json.fields && Object.keys(json.fields).length) show(json.fields);
      else document.dispatchEvent(new CustomEvent('shop:toast', { detail: { text: text(m, json.error ?? 'generic'), type: 'error' } }));
    } catch {
      document.dispatchEvent(new CustomEvent('shop:toast', { detail: { text: text(m, 'network'), type: 'error' } }));
    } finally {
      if (button.isConnected) { button.disabled = false; button.textContent = m.submit; }
    }
  });
}
