// zahnlager: the digital tooth storage — dashboard of the last 7 days, cabinets with their drawers
// (add, rename, delete), completion bar for the whole storage and links to statistics, order
// history and digitisation.
import { useMemo, useState, type FormEvent } from 'react';
import { showToast } from '#stores/ui.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { zahnError } from './lib/errors.ts';
import { confirmDialog, promptDialog } from './lib/dialogs.ts';
import { zahnRoutes } from './lib/routes.ts';
import type { Cabinet, Dashboard } from '#api/zahnlager.ts';
import { zl } from './lib/zahnlager.ts';
import { BarChart } from './ui/BarChart.tsx';
import { CountsLine, Crumbs, LoadState, useCustomerData } from './ui/common.tsx';
import { SelectionBar } from './ui/SelectionBar.tsx';
import { dayLabel } from './lib/format.ts';
import './zahn.css';

export default function ZahnlagerView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = zahnRoutes(country, lang);
  const { load, reload } = useCustomerData(t, async () => {
    const [o, d] = await Promise.all([zl.overview(), zl.dashboard()]);
    return { ...o, dashboard: d };
  }, []);
  return (
    <div className="zl" data-testid="zahnlager">
      <Crumbs t={t} items={[{ label: t('zahnlager.title') }]} />
      <h1>{t('zahnlager.title')}</h1>
      <p className="sh-muted">{t('zahnlager.intro')}</p>
      <nav className="sh-tiles zl-tiles" aria-label={t('zahnlager.title')}>
        <a className="sh-tile" href={r.statistik}>{t('zahnlager.statistics')}</a>
        <a className="sh-tile" href={r.bestellhistorie}>{t('zahnlager.order_history')}</a>
        <a className="sh-tile" href={r.digitalisierung}>{t('zahnlager.digitise')}</a>
      </nav>
      <LoadState load={load} t={t} />
      {load.state === 'ok' && (
        <>
          <DashboardBox d={load.data.dashboard} t={t} lang={lang} country={country} />
          <section className="sh-section" aria-labelledby="zl-cabs">
            <h2 id="zl-cabs">{t('zahnlager.cabinets')}</h2>
            <CountsLine c={load.data.counts} t={t} />
            <SelectionBar t={t} counts={load.data.counts} scope="all" onChange={reload} wkHref={r.wk} />
            {load.data.schraenke.length === 0
              ? <p className="sh-empty" data-testid="zl-no-cabinets">{t('zahnlager.no_cabinets')} <a className="sh-link" href={r.digitalisierung}>{t('zahnlager.digitise')}</a></p>
              : <ul className="zl-cabs">{load.data.schraenke.map((c) => <CabinetCard key={c.id} c={c} t={t} country={country} lang={lang} onChange={reload} />)}</ul>}
            <AddCabinet t={t} onAdded={reload} />
          </section>
        </>
      )}
    </div>
  );
}

function DashboardBox({ d, t, lang, country }: { d: Dashboard; t: ReturnType<typeof useT>; lang: string; country: string }) {
  const series = useMemo(() => ({ labels: d.perDay.map((p) => dayLabel(p.period, country, lang)), values: d.perDay.map((p) => p.count), label: t('zahnlager.stats.consumption') }), [d, t, lang, country]);
  return (
    <section className="sh-section zl-dash" aria-labelledby="zl-dash" data-testid="zl-dashboard">
      <h2 id="zl-dash">{t('zahnlager.stats.last_7_days')}</h2>
      {d.bookings === 0
        ? <p className="sh-empty">{t('statistics_no_data')}</p>
        : (
          <div className="zl-dash__grid">
            <BarChart data={series} title={t('zahnlager.stats.consumption_title', { count: d.bookings })} />
            <div>
              <h3>{t('zahnlager.stats.top_sets')}</h3>
              <ol className="zl-top">{d.topGarnituren.map((s) => <li key={s.artikelnummer}><span>{s.bezeichnung ?? s.artikelnummer}</span> <span className="sh-muted">{s.artikelnummer}</span> <strong>{s.count}</strong></li>)}</ol>
            </div>
          </div>
        )}
    </section>
  );
}

function CabinetCard({ c, t, country, lang, onChange }: { c: Cabinet; t: ReturnType<typeof useT>; country: string; lang: string; onChange: () => void }) {
  const r = zahnRoutes(country, lang);
  const rename = async () => {
    const name = await promptDialog(t('zahnlager.rename'), t('zahnlager.name'), c.name);
    if (name === null) return;
    try { await zl.renameCabinet(c.id, name); onChange(); } catch (e) { showToast(zahnError(t, e), 'error'); }
  };
  const remove = async () => {
    if (!(await confirmDialog(t('zahnlager.delete_cabinet'), t('zahnlager.delete_cabinet_confirm', { name: c.name })))) return;
    try { await zl.deleteCabinet(c.id); onChange(); } catch (e) { showToast(zahnError(t, e), 'error'); }
  };
  return (
    <li className="zl-cab" data-testid="zl-cabinet" data-id={c.id}>
      <div className="zl-cab__head">
        <h3><a href={r.schrank(c.id)}>{c.name}</a></h3>
        <div className="zl-cab__tools">
          <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={rename}>{t('zahnlager.rename')}</button>
          <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={remove}>{t('zahnlager.delete')}</button>
        </div>
      </div>
      <CountsLine c={c.counts} t={t} />
      {c.schubladen.length > 0 && (
        <ul className="zl-drawers">
          {c.schubladen.map((d) => (
            <li key={d.id}><a href={r.schublade(c.id, d.id)}>{d.name}</a> <span className="sh-muted">{t('zahnlager.grid_size', { zeilen: d.zeilen, spalten: d.spalten })}</span>
              {d.counts.selected > 0 && <span className="zl-state zl-state--selected">{d.counts.selected}</span>}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

function AddCabinet({ t, onAdded }: { t: ReturnType<typeof useT>; onAdded: () => void }) {
  const [name, setName] = useState('');
  const [err, setErr] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) { setErr(t('invalid_name')); return; }
    setBusy(true);
    try { await zl.addCabinet(name.trim()); setName(''); setErr(''); onAdded(); } catch (x) { setErr(zahnError(t, x)); } finally { setBusy(false); }
  };
  return (
    <form className="sh-form sh-form--inline zl-add" onSubmit={submit} noValidate>
      <label className="sh-field">
        <span className="sh-field__label">{t('zahnlager.add_cabinet')}</span>
        <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} placeholder={t('zahnlager.name')} aria-invalid={!!err} aria-describedby={err ? 'zl-add-cab-err' : undefined} />
        {err && <span className="sh-field__error" id="zl-add-cab-err">{err}</span>}
      </label>
      <button type="submit" className="sh-btn" disabled={busy}>{t('zahnlager.add_cabinet')}</button>
    </form>
  );
}
