// The top bar's search preview attached to the layout's search field (#site-search, a plain GET form
// that works without JavaScript): the dropdown renders into the form's preview slot. Hydrates on the
// topic 'search', announced when the field gets focus or input.
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useT, type Messages } from './lib/i18n.ts';
import { useSearchPreview } from './lib/useSearchPreview.ts';
import { optionId, SearchPreviewList } from './ui/SearchPreviewList.tsx';
import './search.css';

const LIST_ID = 'site-search-preview';

export default function SearchPreview({ country, lang, messages, inputId = 'site-search' }: { country: string; lang: string; messages?: Messages; inputId?: string }) {
  const t = useT(lang, messages);
  const s = useSearchPreview(country, lang);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  // the listeners below live as long as the island; they call the latest handlers
  const h = useRef(s);
  h.current = s;

  useEffect(() => {
    const input = document.getElementById(inputId) as HTMLInputElement | null;
    if (!input) return;
    const form = input.form;
    setSlot(form?.querySelector<HTMLElement>('[data-island-slot="search-preview"]') ?? null);
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', LIST_ID);
    const onIn = () => h.current.onInput(input.value);
    const onKd = (e: KeyboardEvent) => h.current.onKey(e);
    const onFocus = () => { if (input.value.trim().length >= 3) h.current.setOpen(true); };
    const onBlur = (e: FocusEvent) => { if (!(e.relatedTarget instanceof Node && form?.contains(e.relatedTarget))) h.current.setOpen(false); };
    const onSubmit = (e: SubmitEvent) => { e.preventDefault(); void h.current.submit(input.value); };
    input.addEventListener('input', onIn);
    input.addEventListener('keydown', onKd);
    input.addEventListener('focus', onFocus);
    input.addEventListener('blur', onBlur);
    form?.addEventListener('submit', onSubmit);
    // typed before the island woke up
    if (input.value && document.activeElement === input) h.current.onInput(input.value);
    return () => {
      input.removeEventListener('input', onIn);
      input.removeEventListener('keydown', onKd);
      input.removeEventListener('focus', onFocus);
      input.removeEventListener('blur', onBlur);
      form?.removeEventListener('submit', onSubmit);
    };
  }, [inputId]);

  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    input.setAttribute('aria-expanded', String(s.open));
    if (s.activeKey) input.setAttribute('aria-activedescendant', optionId(LIST_ID, s.activeKey));
    else input.removeAttribute('aria-activedescendant');
  }, [inputId, s.open, s.activeKey]);

  if (!slot || !s.open) return null;
  return createPortal(
    <div className="sh-search sh-search--attached">
      <SearchPreviewList listId={LIST_ID} q={s.q} loading={s.loading} preview={s.preview} sugg={s.sugg} activeKey={s.activeKey} country={country} lang={lang} t={t} />
    </div>,
    slot,
  );
}
