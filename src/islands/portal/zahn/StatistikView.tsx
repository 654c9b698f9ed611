// zahnlager/statistik: consumption of tooth sets (booked sets) over a chosen period, grouped by day,
// week or month, as a chart.js bar chart plus the most used sets; the spec's text when empty.
import { useMemo, useState, type FormEvent } from 'react';
import { useT, type Messages, type T } from '../../shop/lib/i18n.ts';
import { zahnRoutes } from './lib/routes.ts';
import type { Statistics as Statistik } from '#api/zahnlager.ts';
import { zl } from './lib/zahnlager.ts';
import { dayLabel, isoDay } from './lib/format.ts';
import { BarChart } from './ui/BarChart.tsx';
import { Crumbs, LoadState, useCustomerData } from './ui/common.tsx';
import './zahn.css';

type Group = 'day' | 'week' | 'month';
interface Query { from: string; to: string; group: Group }

const daysAgo = (n: number) => { const d = new Date(); d.setDate(d.getDate() - n); return isoDay(d); };
const PRESETS: { key: string; days: number; group: Group }[] = [
  { key: 'zahnlager.stats.last_7_days', days: 6, group: 'day' },
  { key: 'zahnlager.stats.last_30_days', days: 29, group: 'day' },
  { key: 'zahnlager.stats.last_12_months', days: 364, group: 'month' },
];

/** Period from the address (?from=&to=&group=) so a chosen period can be bookmarked. */
function initialQuery(): Query {
  const p = typeof location !== 'undefined' ? new URLSearchParams(location.search) : new URLSearchParams();
  const ok = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : null);
  const g = p.get('group');
  return { from: ok(p.get('from')) ?? daysAgo(364), to: ok(p.get('to')) ?? daysAgo(0), group: g === 'day' || g === 'week' || g === 'month' ? g : 'month' };
}

export default function StatistikView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = zahnRoutes(country, lang);
  const [q, setQ] = useState<Query>(initialQuery);
  const { load } = useCustomerData(t, () => zl.statistik(q), [q.from, q.to, q.group]);
  const choose = (n: Query) => {
    setQ(n);
    history.replaceState(null, '', `${location.pathname}?from=${n.from}&to=${n.to}&group=${n.group}`);
  };
  return (
    <div className="zl" data-testid="zl-statistik">
      <Crumbs t={t} items={[{ href: r.zahnlager, label: t('zahnlager.title') }, { label: t('zahnlager.statistics') }]} />
      <h1>{t('zahnlager.statistics')}</h1>
      <PeriodForm t={t} q={q} onChoose={choose} />
      <LoadState load={load} t={t} />
      {load.state === 'ok' && <Result s={load.data} t={t} country={country} lang={lang} />}
    </div>
  );
}

function PeriodForm({ t, q, onChoose }: { t: T; q: Query; onChoose: (q: Query) => void }) {
  const [from, setFrom] = useState(q.from);
  const [to, setTo] = useState(q.to);
  const [group, setGroup] = useState<Group>(q.group);
  const [err, setErr] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to || from > to) { setErr(t('invalid_date')); return; }
    setErr('');
    onChoose({ from, to, group });
  };
  return (
    <form className="zl-period" onSubmit={submit} aria-label={t('zahnlager.stats.period')} noValidate>
      <div className="zl-period__presets" role="group" aria-label={t('zahnlager.stats.period')}>
        {PRESETS.map((p) => (
          <button key={p.key} type="button" className="sh-btn sh-btn--small sh-btn--ghost"
            onClick={() => { const n = { from: daysAgo(p.days), to: daysAgo(0), group: p.group }; setFrom(n.from); setTo(n.to); setGroup(n.group); setErr(''); onChoose(n); }}>
            {t(p.key)}
          </button>
        ))}
      </div>
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.stats.from')}</span>
        <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} data-testid="zl-from" /></label>
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.stats.to')}</span>
        <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} data-testid="zl-to" /></label>
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.stats.group')}</span>
        <select value={group} onChange={(e) => setGroup(e.target.value as Group)}>
          <option value="day">{t('zahnlager.stats.group_day')}</option>
          <option value="week">{t('zahnlager.stats.group_week')}</option>
          <option value="month">{t('zahnlager.stats.group_month')}</option>
        </select></label>
      <button type="submit" className="sh-btn sh-btn--primary" data-testid="zl-show">{t('zahnlager.stats.show')}</button>
      {err && <p className="sh-field__error" role="alert">{err}</p>}
    </form>
  );
}

function Result({ s, t, country, lang }: { s: Statistik; t: T; country: string; lang: string }) {
  const series = useMemo(() => (s.empty ? null : {
    labels: s.perioden.map((p) => dayLabel(p.period, country, lang)), values: s.perioden.map((p) => p.count), label: t('zahnlager.stats.consumption'),
  }), [s, t, country, lang]);
  const top = useMemo(() => (s.empty ? null : {
    labels: s.topGarnituren.map((g) => g.artikelnummer), values: s.topGarnituren.map((g) => g.count), label: t('zahnlager.stats.consumption'),
  }), [s, t]);
  // the server sends the German text; the page shows the translation of the same message
  if (s.empty) return <p className="sh-empty" role="status" data-testid="zl-stats-empty">{t('statistics_no_data')}</p>;
  return (
    <div className="zl-dash__grid" data-testid="zl-stats-result">
      <BarChart data={series!} title={t('zahnlager.stats.consumption_title', { count: s.total })} testId="zl-chart" />
      <div>
        <BarChart data={top!} title={t('zahnlager.stats.top_sets')} horizontal />
        <ol className="zl-top">{s.topGarnituren.map((g) => <li key={g.artikelnummer}>{g.bezeichnung ?? g.artikelnummer} <span className="sh-muted">{g.artikelnummer}</span> <strong>{g.count}</strong></li>)}</ol>
      </div>
    </div>
  );
}
