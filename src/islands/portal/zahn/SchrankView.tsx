// zahnlager/schrank/{id}: one cabinet — its drawers (add, edit size and name, delete), the
// completion bar and the cabinet reset.
import { useState, type FormEvent } from 'react';
import { showToast } from '#stores/ui.ts';
import { useT, type Messages, type T } from '../../shop/lib/i18n.ts';
import { zahnError } from './lib/errors.ts';
import { confirmDialog } from './lib/dialogs.ts';
import { zahnRoutes } from './lib/routes.ts';
import type { DrawerSummary } from '#api/zahnlager.ts';
import { zl } from './lib/zahnlager.ts';
import { CountsLine, Crumbs, LoadState, useCustomerData } from './ui/common.tsx';
import { SelectionBar } from './ui/SelectionBar.tsx';
import './zahn.css';

export default function SchrankView({ country, lang, id, messages }: { country: string; lang: string; id: number; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = zahnRoutes(country, lang);
  const { load, reload } = useCustomerData(t, () => zl.cabinet(id), [id]);
  const c = load.state === 'ok' ? load.data : null;
  return (
    <div className="zl" data-testid="zl-schrank">
      <Crumbs t={t} items={[{ href: r.zahnlager, label: t('zahnlager.title') }, { label: c?.name ?? t('zahnlager.cabinet') }]} />
      <h1>{c?.name ?? t('zahnlager.cabinet')}</h1>
      <LoadState load={load} t={t} />
      {c && (
        <>
          <CountsLine c={c.counts} t={t} />
          <SelectionBar t={t} counts={c.counts} scope="schrank" id={c.id} onChange={reload} wkHref={r.wk} />
          <section className="sh-section" aria-labelledby="zl-drawers">
            <h2 id="zl-drawers">{t('zahnlager.drawers')}</h2>
            {c.schubladen.length === 0
              ? <p className="sh-empty">{t('zahnlager.no_drawers')}</p>
              : <ul className="zl-cabs">{c.schubladen.map((d) => <DrawerCard key={d.id} d={d} t={t} href={r.schublade(c.id, d.id)} onChange={reload} />)}</ul>}
            <DrawerForm t={t} title={t('zahnlager.add_drawer')} submit={async (v) => { await zl.addDrawer(c.id, v); reload(); }} />
          </section>
        </>
      )}
    </div>
  );
}

function DrawerCard({ d, t, href, onChange }: { d: DrawerSummary; t: T; href: string; onChange: () => void }) {
  const [edit, setEdit] = useState(false);
  const remove = async () => {
    if (!(await confirmDialog(t('zahnlager.delete_drawer'), t('zahnlager.delete_drawer_confirm', { name: d.name })))) return;
    try { await zl.deleteDrawer(d.schrankId, d.id); onChange(); } catch (e) { showToast(zahnError(t, e), 'error'); }
  };
  return (
    <li className="zl-cab" data-testid="zl-drawer-card" data-id={d.id}>
      <div className="zl-cab__head">
        <h3><a href={href}>{d.name}</a></h3>
        <div className="zl-cab__tools">
          <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" aria-expanded={edit} onClick={() => setEdit(!edit)}>{t('zahnlager.edit')}</button>
          <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={remove}>{t('zahnlager.delete')}</button>
        </div>
      </div>
      <p className="sh-muted">{t('zahnlager.grid_size', { zeilen: d.zeilen, spalten: d.spalten })}</p>
      <CountsLine c={d.counts} t={t} />
      {edit && <DrawerForm t={t} title={t('zahnlager.edit')} initial={d}
        submit={async (v) => { await zl.editDrawer(d.schrankId, d.id, v); setEdit(false); onChange(); }} />}
    </li>
  );
}

/** Name plus rows and columns (1–20 each, as the API allows). */
export function DrawerForm({ t, title, initial, submit }: {
  t: T; title: string; initial?: { name: string; zeilen: number; spalten: number }; submit: (v: { name: string; zeilen: number; spalten: number }) => Promise<void>;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [zeilen, setZeilen] = useState(String(initial?.zeilen ?? 4));
  const [spalten, setSpalten] = useState(String(initial?.spalten ?? 8));
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  const go = async (e: FormEvent) => {
    e.preventDefault();
    const z = Number(zeilen), s = Number(spalten);
    if (!name.trim()) { setErr(t('invalid_name')); return; }
    if (![z, s].every((n) => Number.isInteger(n) && n >= 1 && n <= 20)) { setErr(t('invalid_zeilen')); return; }
    setBusy(true);
    try { await submit({ name: name.trim(), zeilen: z, spalten: s }); setErr(''); if (!initial) setName(''); } catch (x) { setErr(zahnError(t, x)); } finally { setBusy(false); }
  };
  return (
    <form className="sh-form zl-drawerform" onSubmit={go} noValidate aria-label={title}>
      <fieldset className="sh-fieldset">
        <legend>{title}</legend>
        <label className="sh-field"><span className="sh-field__label">{t('zahnlager.name')}</span>
          <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} /></label>
        <label className="sh-field"><span className="sh-field__label">{t('zahnlager.rows')}</span>
          <input type="number" min={1} max={20} value={zeilen} onChange={(e) => setZeilen(e.target.value)} /></label>
        <label className="sh-field"><span className="sh-field__label">{t('zahnlager.columns')}</span>
          <input type="number" min={1} max={20} value={spalten} onChange={(e) => setSpalten(e.target.value)} /></label>
        {err && <p className="sh-field__error" role="alert">{err}</p>}
        <button type="submit" className="sh-btn" disabled={busy}>{t('zahnlager.save')}</button>
      </fieldset>
    </form>
  );
}
