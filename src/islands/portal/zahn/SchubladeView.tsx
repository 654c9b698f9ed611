// zahnlager/schrank/{schrank}/schublade/{id}: the drawer as a grid of rows and columns. Each cell shows
// the set's tooth line, shade and mould and is coloured by its state (legend above the grid). A set can
// be selected for completion (recording its occupied value) or unselected, its article number and
// occupied flag edited; selected sets go into the cart, and "processing" can be undone.
import { useState, type CSSProperties, type FormEvent } from 'react';
import { showToast } from '#stores/ui.ts';
import { useT, type Messages, type T } from '../../shop/lib/i18n.ts';
import { zahnError } from './lib/errors.ts';
import { zahnRoutes } from './lib/routes.ts';
import { dateLabel } from './lib/format.ts';
import type { Drawer, Slot } from '#api/zahnlager.ts';
import { zl } from './lib/zahnlager.ts';
import { CountsLine, Crumbs, LoadState, StateBadge, useCustomerData } from './ui/common.tsx';
import { SelectionBar } from './ui/SelectionBar.tsx';
import './zahn.css';
import { ScrollRegion } from '../../shop/ui/ScrollRegion.tsx';

const IN_PROCESS = ['processing', 'delivering', 'backorder'];

export default function SchubladeView({ country, lang, schrank, id, messages }: { country: string; lang: string; schrank: number; id: number; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = zahnRoutes(country, lang);
  const { load, reload, set } = useCustomerData(t, async () => {
    const d = await zl.drawer(id);
    if (d.schrank.id !== schrank) throw Object.assign(new Error('not_found'), { status: 404 });
    return d;
  }, [id, schrank]);
  const d = load.state === 'ok' ? load.data : null;
  /** replaces one slot in the grid and recounts the selection locally */
  const patch = (s: Slot) => {
    if (!d) return;
    const grid = d.grid.map((row) => row.map((x) => (x.id === s.id ? s : x)));
    const flat = grid.flat();
    const count = (st: string) => flat.filter((x) => x.status === st).length;
    set({ ...d, grid, counts: { ...d.counts, selected: flat.filter((x) => x.selected).length, belegt: flat.filter((x) => x.belegt).length, processing: count('processing') } });
  };
  return (
    <div className="zl" data-testid="zl-schublade">
      <Crumbs t={t} items={[{ href: r.zahnlager, label: t('zahnlager.title') }, { href: r.schrank(schrank), label: d?.schrank.name ?? t('zahnlager.cabinet') }, { label: d?.name ?? t('zahnlager.drawer') }]} />
      <h1>{d?.name ?? t('zahnlager.drawer')}</h1>
      <LoadState load={load} t={t} />
      {d && (
        <>
          <CountsLine c={d.counts} t={t} />
          <SelectionBar t={t} counts={d.counts} scope="schublade" id={d.id} onChange={reload} wkHref={r.wk} />
          <Legend t={t} />
          <DrawerGrid d={d} t={t} onSlot={patch} day={(iso) => dateLabel(`${iso}T00:00:00`, country, lang)} />
        </>
      )}
    </div>
  );
}

/** Slot states at a glance: the colours of the cells. */
const LEGEND = [
  ['empty', 'zahnlager.empty'], ['full', 'zahnlager.occupied'], ['missing', 'zahnlager.not_occupied'], ['selected', 'zahnlager.status.selected'],
  ['processing', 'zahnlager.status.processing'], ['delivering', 'zahnlager.status.delivering'], ['backorder', 'zahnlager.status.backorder'],
] as const;

function slotLook(s: Slot): (typeof LEGEND)[number][0] {
  if (!s.artikelnummer) return 'empty';
  if (s.status === 'processing' || s.status === 'delivering' || s.status === 'backorder') return s.status;
  if (s.selected) return 'selected';
  return s.belegt ? 'full' : 'missing';
}

function Legend({ t }: { t: T }) {
  return (
    <div className="zl-legend" data-testid="zl-legend">
      <span className="zl-legend__title">{t('zahnlager.legend')}{t('app.colon')}</span>
      <ul>{LEGEND.map(([look, key]) => <li key={look}><span className={`zl-swatch zl-look--${look}`} aria-hidden="true" />{t(key)}</li>)}</ul>
    </div>
  );
}

function DrawerGrid({ d, t, onSlot, day }: { d: Drawer; t: T; onSlot: (s: Slot) => void; day: (iso: string) => string }) {
  return (
    <ScrollRegion className="zl-grid-wrap" label={d.name}>
      <table className="zl-grid" style={{ '--zl-cols': d.spalten } as CSSProperties}>
        <caption className="sh-sr">{t('zahnlager.grid_size', { zeilen: d.zeilen, spalten: d.spalten })}</caption>
        <thead><tr><td className="zl-grid__corner" />{Array.from({ length: d.spalten }, (_, i) => <th key={i} scope="col">{t('zahnlager.column')} {i + 1}</th>)}</tr></thead>
        <tbody>
          {d.grid.map((row, zi) => (
            <tr key={zi}>
              <th scope="row"><span className="sh-sr">{t('zahnlager.row')} </span>{zi + 1}</th>
              {row.map((s) => <td key={s.id}><SlotCell s={s} t={t} onSlot={onSlot} day={day} /></td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function SlotCell({ s, t, onSlot, day }: { s: Slot; t: T; onSlot: (s: Slot) => void; day: (iso: string) => string }) {
  const [busy, setBusy] = useState(false);
  const [edit, setEdit] = useState(false);
  const [belegt, setBelegt] = useState<0 | 1>(s.belegt ? 1 : 0);
  const locked = IN_PROCESS.includes(s.status);
  const where = t('zahnlager.position', { zeile: s.zeile, spalte: s.spalte });
  const run = async (fn: () => Promise<Slot>, done?: string) => {
    setBusy(true);
    try {
      const n = await fn(); setBelegt(n.belegt ? 1 : 0); onSlot(n);
      if (done) showToast(done, 'success');
    } catch (e) { showToast(zahnError(t, e), 'error'); } finally { setBusy(false); }
  };
  const toggle = () => run(() => (s.selected ? zl.unselect(s.id) : zl.select(s.id, belegt)));
  const changeBelegt = (v: 0 | 1) => {
    setBelegt(v);
    // a selected set records the value with the selection; otherwise it is stored right away
    void run(() => (s.selected ? zl.select(s.id, v) : zl.setSlot(s.id, { belegt: v })));
  };
  const look = slotLook(s);
  const facts = s.zahnlinie || s.farbe || s.form;
  return (
    <div className={`zl-slot zl-look--${look}${s.selected ? ' is-selected' : ''}${s.artikelnummer ? '' : ' is-empty'}${s.belegt ? ' is-belegt' : ''}${s.expiresSoon ? ' is-expiring' : ''}`}
      data-testid="zl-slot" data-slot={s.id} data-expires-soon={s.expiresSoon ? '1' : '0'} data-artnr={s.artikelnummer ?? ''} data-selected={s.selected ? '1' : '0'} data-status={s.status} data-look={look}>
      <span className="sh-sr">{where}</span>
      {s.artikelnummer ? (
        <>
          <span className="zl-slot__top"><span className="zl-slot__artnr">{s.artikelnummer}</span><StateBadge state={s.status} t={t} /></span>
          {facts ? (
            <span className="zl-slot__set" title={s.bezeichnung ?? ''}>
              {s.zahnlinie && <span className="zl-slot__line" data-testid="zl-line">{s.zahnlinie}</span>}
              <span className="zl-slot__facts">
                {s.farbe && <span className="zl-slot__shade" data-testid="zl-shade"><span className="sh-sr">{t('zahnassistent.shade')} </span>{s.farbe}</span>}
                {s.form && <span className="zl-slot__mould" data-testid="zl-mould">{t('zahnassistent.mould')} {s.form}</span>}
              </span>
            </span>
          ) : <span className="zl-slot__name" title={s.bezeichnung ?? ''}>{s.bezeichnung}</span>}
          {(s.lot || s.verfallsdatum) && (
            <span className="zl-slot__lot" data-testid="zl-lot">
              {s.lot && <>LOT {s.lot}</>}{s.lot && s.verfallsdatum ? ' · ' : ''}{s.verfallsdatum && day(s.verfallsdatum)}
              {s.expiresSoon && <span className="zl-slot__expiring" data-testid="zl-expiring">{t(s.verfallsdatum! < new Date().toISOString().slice(0, 10) ? 'zahnlager.expired' : 'zahnlager.expires_soon')}</span>}
            </span>
          )}
          <label className="sh-check zl-slot__belegt">
            <input type="checkbox" checked={belegt === 1} disabled={busy || locked} onChange={(e) => changeBelegt(e.target.checked ? 1 : 0)} />
            <span>{t('zahnlager.occupied')}</span>
          </label>
          {!locked && (
            <button type="button" className={`sh-btn sh-btn--small${s.selected ? " sh-btn--primary" : ""}`} disabled={busy} aria-pressed={!!s.selected}
              onClick={toggle} data-testid="zl-select" aria-label={`${t(s.selected ? 'zahnlager.unselect' : 'zahnlager.select')}${t('app.colon')} ${s.artikelnummer} (${where})`}>
              {t(s.selected ? 'zahnlager.unselect' : 'zahnlager.select')}
            </button>
          )}
          {s.status === 'processing' && (
            <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" disabled={busy} data-testid="zl-release"
              onClick={() => run(() => zl.release(s.id), t('zahnlager.released'))} aria-label={`${t('zahnlager.release')}${t('app.colon')} ${s.artikelnummer} (${where})`}>
              {t('zahnlager.release')}
            </button>
          )}
        </>
      ) : <span className="zl-slot__empty">{t('zahnlager.empty')}</span>}
      {!locked && (edit
        ? <SlotEdit s={s} t={t} busy={busy} onSave={(art, stock) => run(async () => {
          let n = art !== s.artikelnummer ? await zl.setSlot(s.id, { artikelnummer: art }) : s;
          if (art && (stock.lot !== s.lot || stock.verfallsdatum !== s.verfallsdatum)) n = { ...n, ...(await zl.setStock(s.id, stock)) };
          setEdit(false); return n;
        })} onCancel={() => setEdit(false)} />
        : <button type="button" className="sh-link zl-slot__edit" onClick={() => setEdit(true)} aria-label={`${t('zahnlager.edit')} (${where})`}>{t('zahnlager.edit')}</button>)}
    </div>
  );
}

function SlotEdit({ s, t, busy, onSave, onCancel }: {
  s: Slot; t: T; busy: boolean; onSave: (art: string | null, stock: { lot: string; verfallsdatum: string | null }) => void; onCancel: () => void;
}) {
  const [v, setV] = useState(s.artikelnummer ?? '');
  const [lot, setLot] = useState(s.lot);
  const [expiry, setExpiry] = useState(s.verfallsdatum ?? '');
  const submit = (e: FormEvent) => { e.preventDefault(); onSave(v.trim() ? v.trim() : null, { lot: lot.trim(), verfallsdatum: expiry || null }); };
  return (
    <form className="zl-slot__form" onSubmit={submit}>
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.artikelnummer')}</span>
        <input value={v} maxLength={40} autoFocus onChange={(e) => setV(e.target.value)} onKeyDown={(e) => { if (e.key === 'Escape') onCancel(); }} /></label>
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.lot')}</span>
        <input name="lot" value={lot} maxLength={100} onChange={(e) => setLot(e.target.value)} /></label>
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.expiry')}</span>
        <input name="verfallsdatum" type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} /></label>
      <div className="zl-slot__formbtns">
        <button type="submit" className="sh-btn sh-btn--small sh-btn--primary" disabled={busy}>{t('zahnlager.save')}</button>
        <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={onCancel}>{t('dialog.cancel')}</button>
      </div>
    </form>
  );
}
