// One jaw of the tooth assistant: shade and mould choice, the matching set articles with price and
// availability, and per article a "choose" switch with a quantity.
import { useEffect, useState } from 'react';
import type { T } from '#islands/shop/lib/i18n.ts';
import type { Ctx } from '#islands/shop/lib/article.ts';
import { canOrder } from '#islands/shop/lib/article.ts';
import { packSize } from '#rules/packSize.ts';
import { Availability } from '#islands/shop/ui/ArticleCard.tsx';
import { Price } from '#islands/shop/ui/Price.tsx';
import { QtyStepper } from '#islands/shop/ui/QtyStepper.tsx';
import { loadSets, sortValues, type SetAnswer, type SetItem } from '../lib/assistant.ts';
import { zahnRoutes } from '../lib/routes.ts';

export interface Chosen { item: SetItem; qty: number }

export function JawPicker({ t, ctx, title, line, kind, kiefer, initial, chosen, onChoose, testId }: {
  t: T; ctx: Ctx; title: string; line: string; kind: string; kiefer: string; initial?: { farbe?: string; form?: string };
  chosen: Map<string, Chosen>; onChoose: (item: SetItem, qty: number | null) => void; testId: string;
}) {
  const [farbe, setFarbe] = useState(initial?.farbe ?? '');
  const [form, setForm] = useState(initial?.form ?? '');
  const [data, setData] = useState<SetAnswer | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let gone = false;
    setData(null); setError(false);
    loadSets({ zahnlinie: line, zahnart: kind, kiefer, farbe, form }, ctx.country, ctx.lang)
      .then((d) => { if (!gone) setData(d); }).catch(() => { if (!gone) setError(true); });
    return () => { gone = true; };
  }, [line, kind, kiefer, farbe, form, ctx.country, ctx.lang]);
  const items = (data?.items ?? []).filter((i) => !i.IstReferenz);
  const id = `za-${testId}`;
  return (
    <section className="za-jaw" aria-labelledby={`${id}-h`} data-testid={testId}>
      <h3 id={`${id}-h`}>{title}</h3>
      <div className="za-jaw__filters">
        <label className="sh-field"><span className="sh-field__label">{t('zahnassistent.shade')}</span>
          <select value={farbe} onChange={(e) => setFarbe(e.target.value)} data-testid={`${testId}-farbe`}>
            <option value="">{t('zahnassistent.all')}</option>
            {sortValues(data?.facets.farbe ?? (farbe ? [{ value: farbe, count: 0 }] : [])).map((v) => <option key={v.value} value={v.value}>{v.value}{v.count ? ` (${v.count})` : ''}</option>)}
          </select></label>
        <label className="sh-field"><span className="sh-field__label">{t('zahnassistent.mould')}</span>
          <select value={form} onChange={(e) => setForm(e.target.value)} data-testid={`${testId}-form`}>
            <option value="">{t('zahnassistent.all')}</option>
            {sortValues(data?.facets.form ?? (form ? [{ value: form, count: 0 }] : [])).map((v) => <option key={v.value} value={v.value}>{v.value}{v.count ? ` (${v.count})` : ''}</option>)}
          </select></label>
      </div>
      {error ? <p className="sh-error" role="alert">{t('generic')}</p>
        : !data ? <p className="sh-loading" role="status">{t('app.loading')}</p>
        : items.length === 0 ? <p className="sh-empty">{t('zahnassistent.no_sets')}</p>
        : (
          <>
            <p className="sh-muted" aria-live="polite">{t('zahnassistent.matches', { count: data.total })}</p>
            <ul className="za-list">{items.map((a) => <SetRow key={a.Artikelnummer} a={a} t={t} ctx={ctx} c={chosen.get(a.Artikelnummer)} onChoose={onChoose} />)}</ul>
          </>
        )}
    </section>
  );
}

function SetRow({ a, t, ctx, c, onChoose }: { a: SetItem; t: T; ctx: Ctx; c?: Chosen; onChoose: (item: SetItem, qty: number | null) => void }) {
  const orderable = canOrder(a);
  const r = zahnRoutes(ctx.country, ctx.lang);
  const cid = `za-c-${a.Artikelnummer}`;
  return (
    <li className={`za-item${c ? ' is-chosen' : ''}`} data-testid="za-set" data-artnr={a.Artikelnummer}>
      <input id={cid} type="checkbox" checked={!!c} disabled={!orderable} onChange={(e) => onChoose(a, e.target.checked ? 1 : null)} data-testid="za-choose" />
      <div>
        <label htmlFor={cid} className="za-item__name">{a.Bezeichnung}</label>
        <div className="za-item__meta">
          <a href={r.garnitur(a.Artikelnummer)}>{a.Artikelnummer}</a>
          {a.Gebinde && <span>{packSize(a.Gebinde, ctx.lang)}</span>}
          <Availability a={a} t={t} />
        </div>
        <Price a={a} ctx={ctx} t={t} />
      </div>
      {c && <QtyStepper value={c.qty} min={1} onChange={(n) => onChoose(a, n)} t={t} />}
    </li>
  );
}
