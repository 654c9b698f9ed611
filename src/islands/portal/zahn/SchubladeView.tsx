// zahnlager/schrank/{schrank}/schublade/{id}: the drawer as a grid of rows and columns. A set can
// be selected for completion (recording its occupied value) or unselected, its article number and
// occupied flag edited; selected sets go into the cart.
import { useState, type FormEvent } from 'react';
import { showToast } from '../../../stores/ui.ts';
import { useT, type Messages, type T } from '../../shop/lib/i18n.ts';
import { zahnError } from './lib/errors.ts';
import { zahnRoutes } from './lib/routes.ts';
import { zl, type Drawer, type Slot } from './lib/zahnlager.ts';
import { CountsLine, Crumbs, LoadState, StateBadge, useCustomerData } from './ui/common.tsx';
import { SelectionBar } from './ui/SelectionBar.tsx';
import './zahn.css';

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
    set({ ...d, grid, counts: { ...d.counts, selected: flat.filter((x) => x.selected).length, belegt: flat.filter((x) => x.belegt).length } });
  };
  return (
    <div className="zl" data-testid="zl-schublade">
      <Crumbs t={t} items={[{ href: r.zahnlager, label: t('zahnlager.title') }, { href: r.schrank(schrank), label: d?.schrank.name ?? t('zahnlager.cabinet') }, { label: d?.name ?? t('zahnlager.drawer') }]} />
      <h1>{d?.name ?? t('zahnlager.drawer')}</h1>
      <LoadState load={load} t={t} />
      {d && (
        <>
          <CountsLine c={d.counts} t={t} />
          <SelectionBar t={t} selected={d.counts.selected} scope="schublade" id={d.id} onChange={reload} wkHref={r.wk} />
          <DrawerGrid d={d} t={t} onSlot={patch} />
        </>
      )}
    </div>
  );
}

function DrawerGrid({ d, t, onSlot }: { d: Drawer; t: T; onSlot: (s: Slot) => void }) {
  return (
    <div className="zl-grid-wrap" role="region" aria-label={d.name} tabIndex={0}>
      <table className="zl-grid">
        <caption className="sh-sr">{t('zahnlager.grid_size', { zeilen: d.zeilen, spalten: d.spalten })}</caption>
        <thead><tr><td />{Array.from({ length: d.spalten }, (_, i) => <th key={i} scope="col">{t('zahnlager.column')} {i + 1}</th>)}</tr></thead>
        <tbody>
          {d.grid.map((row, zi) => (
            <tr key={zi}>
              <th scope="row">{t('zahnlager.row')} {zi + 1}</th>
              {row.map((s) => <td key={s.id}><SlotCell s={s} t={t} onSlot={onSlot} /></td>)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SlotCell({ s, t, onSlot }: { s: Slot; t: T; onSlot: (s: Slot) => void }) {
  const [busy, setBusy] = useState(false);
  const [edit, setEdit] = useState(false);
  const [belegt, setBelegt] = useState<0 | 1>(s.belegt ? 1 : 0);
  const locked = IN_PROCESS.includes(s.status);
  const where = t('zahnlager.position', { zeile: s.zeile, spalte: s.spalte });
  const run = async (fn: () => Promise<Slot>) => {
    setBusy(true);
    try { const n = await fn(); setBelegt(n.belegt ? 1 : 0); onSlot(n); } catch (e) { showToast(zahnError(t, e), 'error'); } finally { setBusy(false); }
  };
  const toggle = () => run(() => (s.selected ? zl.unselect(s.id) : zl.select(s.id, belegt)));
  const changeBelegt = (v: 0 | 1) => {
    setBelegt(v);
    // a selected set records the value with the selection; otherwise it is stored right away
    void run(() => (s.selected ? zl.select(s.id, v) : zl.setSlot(s.id, { belegt: v })));
  };
  return (
    <div className={`zl-slot${s.selected ? ' is-selected' : ''}${s.artikelnummer ? '' : ' is-empty'}${s.belegt ? ' is-belegt' : ''}`}
      data-testid="zl-slot" data-slot={s.id} data-artnr={s.artikelnummer ?? ''} data-selected={s.selected ? '1' : '0'} data-status={s.status}>
      <span className="sh-sr">{where}</span>
      {s.artikelnummer ? (
        <>
          <span className="zl-slot__artnr">{s.artikelnummer}</span>
          <span className="zl-slot__name" title={s.bezeichnung ?? ''}>{s.bezeichnung}</span>
          <StateBadge state={s.status} t={t} />
          <label className="sh-check zl-slot__belegt">
            <input type="checkbox" checked={belegt === 1} disabled={busy || locked} onChange={(e) => changeBelegt(e.target.checked ? 1 : 0)} />
            <span>{t('zahnlager.occupied')}</span>
          </label>
          {!locked && (
            <button type="button" className={`sh-btn sh-btn--small${s.selected ? " sh-btn--primary" : ""}`} disabled={busy} aria-pressed={!!s.selected}
              onClick={toggle} data-testid="zl-select" aria-label={`${t(s.selected ? 'zahnlager.unselect' : 'zahnlager.select')}: ${s.artikelnummer} (${where})`}>
              {t(s.selected ? 'zahnlager.unselect' : 'zahnlager.select')}
            </button>
          )}
        </>
      ) : <span className="zl-slot__empty">{t('zahnlager.empty')}</span>}
      {!locked && (edit
        ? <SlotEdit s={s} t={t} busy={busy} onSave={(art) => run(async () => { const n = await zl.setSlot(s.id, { artikelnummer: art }); setEdit(false); return n; })} onCancel={() => setEdit(false)} />
        : <button type="button" className="sh-link zl-slot__edit" onClick={() => setEdit(true)} aria-label={`${t('zahnlager.edit')} (${where})`}>{t('zahnlager.edit')}</button>)}
    </div>
  );
}

function SlotEdit({ s, t, busy, onSave, onCancel }: { s: Slot; t: T; busy: boolean; onSave: (art: string | null) => void; onCancel: () => void }) {
  const [v, setV] = useState(s.artikelnummer ?? '');
  const submit = (e: FormEvent) => { e.preventDefault(); onSave(v.trim() ? v.trim() : null); };
  return (
    <form className="zl-slot__form" onSubmit={submit}>
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.artikelnummer')}</span>
        <input value={v} maxLength={40} autoFocus onChange={(e) => setV(e.target.value)} onKeyDown={(e) => { if (e.key === 'Escape') onCancel(); }} /></label>
      <div className="zl-slot__formbtns">
        <button type="submit" className="sh-btn sh-btn--small sh-btn--primary" disabled={busy}>{t('zahnlager.save')}</button>
        <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={onCancel}>{t('dialog.cancel')}</button>
      </div>
    </form>
  );
}
