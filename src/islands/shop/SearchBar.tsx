// Search field with its own input and the preview (standalone use, e.g. on the search page).
import { useId, useRef } from 'react';
import { useT, type Messages } from './lib/i18n.ts';
import { useSearchPreview } from './lib/useSearchPreview.ts';
import { optionId, SearchPreviewList } from './ui/SearchPreviewList.tsx';
import './search.css';

export default function SearchBar({ country, lang, messages, initial = '' }: { country: string; lang: string; messages?: Messages; initial?: string }) {
  const t = useT(lang, messages);
  const s = useSearchPreview(country, lang);
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const value = s.q || initial;
  return (
    <div className="sh-search" ref={box} onBlur={(e) => { if (!(e.relatedTarget instanceof Node && box.current?.contains(e.relatedTarget))) s.setOpen(false); }}>
      <form role="search" className="sh-search__form" action={`/${country}/${lang}/shop/suche`} onSubmit={(e) => { e.preventDefault(); void s.submit(value); }}>
        <label className="sh-sr" htmlFor={`${id}-q`}>{t('nav.search')}</label>
        <input id={`${id}-q`} className="sh-search__input" type="search" name="q" autoComplete="off" placeholder={t('search.placeholder')} value={value}
          role="combobox" aria-expanded={s.open} aria-controls={`${id}-list`} aria-autocomplete="list"
          aria-activedescendant={s.activeKey ? optionId(`${id}-list`, s.activeKey) : undefined}
          onChange={(e) => s.onInput(e.target.value)} onKeyDown={s.onKey} maxLength={200} />
        <button type="submit" className="sh-search__submit" aria-label={t('app.search')}>⌕</button>
      </form>
      {s.open && <SearchPreviewList listId={`${id}-list`} q={value} loading={s.loading} preview={s.preview} sugg={s.sugg} activeKey={s.activeKey} country={country} lang={lang} t={t} />}
    </div>
  );
}
