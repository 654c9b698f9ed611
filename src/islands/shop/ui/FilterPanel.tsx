// Filter sidebar of a listing: brands, properties (grouped), price range, already-bought (login only).
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import type { FilterState } from '../lib/filters.ts';
import type { T } from '../lib/i18n.ts';
import { money, type Ctx } from '../lib/article.ts';
import { Count } from './Count.tsx';

const SHOW = 8;

/** An active filter value as the facets word it in the page's language (the value itself is the filter's key). */
function valueLabel(f: FilterState, prop: string, value: string): string {
  return f.eigenschaften.find((e) => e.prop === prop)?.values.find((v) => v.value === value)?.label ?? value;
}

export function propLabel(t: T, prop: string): string {
  const k = `filter.prop.${prop}`;
  const s = t(k);
  return s === k ? prop.charAt(0).toUpperCase() + prop.slice(1) : s;
}

function Group({ title, children, count, t }: { title: string; children: ReactNode[]; count: number; t: T }) {
  const [more, setMore] = useState(false);
  const shown = more ? children : children.slice(0, SHOW);
  return (
    <fieldset className="sh-filter__group">
      <legend className="sh-filter__legend">{title}</legend>
      <ul className="sh-filter__list">{shown}</ul>
      {count > SHOW && (
        <button type="button" className="sh-link" onClick={() => setMore(!more)} aria-expanded={more}>
          {more ? t('filter.show_less') : t('filter.show_more')}
        </button>
      )}
    </fieldset>
  );
}

export function FilterPanel({ f, t, ctx, loggedIn, onBrand, onProp, onPrice, onBought, onReset }: {
  f: FilterState; t: T; ctx: Ctx; loggedIn: boolean;
  onBrand: (id: number) => void; onProp: (prop: string, value: string) => void;
  onPrice: (min: number | null, max: number | null) => void; onBought: (on: boolean) => void; onReset: () => void;
}) {
  const [min, setMin] = useState(f.price.chosenMin === null ? '' : String(f.price.chosenMin));
  const [max, setMax] = useState(f.price.chosenMax === null ? '' : String(f.price.chosenMax));
  useEffect(() => { setMin(f.price.chosenMin === null ? '' : String(f.price.chosenMin)); }, [f.price.chosenMin]);
  useEffect(() => { setMax(f.price.chosenMax === null ? '' : String(f.price.chosenMax)); }, [f.price.chosenMax]);
  const num = (s: string) => (s.trim() === '' ? null : Number(s.replace(',', '.')));
  return (
    <div className="sh-filter">
      {loggedIn && (
        <label className="sh-check sh-filter__bought">
          <input type="checkbox" checked={f.bereitsGekauft} onChange={(e) => onBought(e.target.checked)} />
          <span>{t('filter.already_bought')}</span>
        </label>
      )}
      {f.marken.length > 0 && (
        <Group t={t} title={t('filter.brands')} count={f.marken.length}>
          {f.marken.map((m) => (
            <li key={m.id}>
              <label className="sh-check">
                <input type="checkbox" checked={f.brands.includes(m.id)} onChange={() => onBrand(m.id)} />
                <span>{m.name}</span><Count n={m.count} lang={ctx.lang} />
              </label>
            </li>
          ))}
        </Group>
      )}
      {f.eigenschaften.map((e) => (
        <Group t={t} key={e.prop} title={propLabel(t, e.prop)} count={e.values.length}>
          {e.values.map((v) => (
            <li key={v.value}>
              <label className="sh-check">
                <input type="checkbox" checked={!!f.active[e.prop]?.includes(v.value)} onChange={() => onProp(e.prop, v.value)} />
                <span>{v.label}</span><Count n={v.count} lang={ctx.lang} />
              </label>
            </li>
          ))}
        </Group>
      ))}
      <fieldset className="sh-filter__group">
        <legend className="sh-filter__legend">{t('filter.price')}</legend>
        {f.price.max > 0 && (
          <p className="sh-filter__range">{money(f.price.min, ctx)} – {money(f.price.max, ctx)}</p>
        )}
        <form className="sh-filter__price" onSubmit={(e) => { e.preventDefault(); onPrice(num(min), num(max)); }}>
          <label><span>{t('filter.min')}</span>
            <input type="number" inputMode="decimal" min={0} step="any" value={min} placeholder={f.price.max > 0 ? String(Math.floor(f.price.min)) : ''}
              onChange={(e) => setMin(e.target.value)} name="min" /></label>
          <label><span>{t('filter.max')}</span>
            <input type="number" inputMode="decimal" min={0} step="any" value={max} placeholder={f.price.max > 0 ? String(Math.ceil(f.price.max)) : ''}
              onChange={(e) => setMax(e.target.value)} name="max" /></label>
          <button type="submit" className="sh-btn sh-btn--small">{t('filter.apply')}</button>
        </form>
      </fieldset>
      <button type="button" className="sh-btn sh-btn--ghost sh-filter__reset" onClick={onReset}>{t('filter.reset')}</button>
    </div>
  );
}

export function ActiveFilters({ f, t, ctx, onBrand, onProp, onPrice, onBought, onReset }: {
  f: FilterState; t: T; ctx: Ctx;
  onBrand: (id: number) => void; onProp: (prop: string, value: string) => void;
  onPrice: (min: number | null, max: number | null) => void; onBought: (on: boolean) => void; onReset: () => void;
}) {
  const chips: { key: string; label: string; remove: () => void }[] = [];
  for (const id of f.brands) {
    const name = f.marken.find((m) => m.id === id)?.name ?? String(id);
    chips.push({ key: `b${id}`, label: name, remove: () => onBrand(id) });
  }
  const groups = Object.entries(f.active);
  if (f.price.chosenMin !== null || f.price.chosenMax !== null) {
    const lo = f.price.chosenMin !== null ? money(f.price.chosenMin, ctx) : '';
    const hi = f.price.chosenMax !== null ? money(f.price.chosenMax, ctx) : '';
    chips.push({ key: 'price', label: `${t('filter.price')}${t('app.colon')} ${lo} – ${hi}`, remove: () => onPrice(null, null) });
  }
  if (f.bereitsGekauft) chips.push({ key: 'bought', label: t('shop.already_bought'), remove: () => onBought(false) });
  if (!chips.length && !groups.length) return null;
  return (
    <div className="sh-active" aria-label={t('filter.active')}>
      <span className="sh-active__title">{t('filter.active')}{t('app.colon')}</span>
      {chips.map((c) => (
        <button key={c.key} type="button" className="sh-chip" onClick={c.remove} aria-label={t('filter.remove', { name: c.label })}>
          {c.label} <span aria-hidden="true">×</span>
        </button>
      ))}
      {groups.map(([prop, values]) => (
        <span key={prop} className="sh-active__group" data-prop={prop}>
          <span className="sh-active__prop">{propLabel(t, prop)}:</span>
          {values.map((v) => (
            <button key={v} type="button" className="sh-chip" onClick={() => onProp(prop, v)} aria-label={t('filter.remove', { name: `${propLabel(t, prop)} ${valueLabel(f, prop, v)}` })}>
              {valueLabel(f, prop, v)} <span aria-hidden="true">×</span>
            </button>
          ))}
        </span>
      ))}
      <button type="button" className="sh-link" onClick={onReset}>{t('filter.reset')}</button>
    </div>
  );
}
