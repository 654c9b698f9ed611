// MDR case file tools below the logbook: the lot recall (LOT typed or a code scanned into the field, optionally
// narrowed by article/REF or manufacturer → every patient work that used it and the tooth-storage stock that
// holds it, exportable as CSV), the expiring stock of the next 30 days, and the auditor's ZIP for a period.
import { useEffect, useId, useState } from 'react';
import type { T } from '#islands/shop/lib/i18n.ts';
import { errorMessage, failureKey } from '#islands/shop/lib/errors.ts';
import { mdr, type ExpiringItem, type Recall, type RecallQuery } from '../lib/logbook.ts';
import { ExpiredBadge, formatDate } from './CodeData.tsx';

export function MdrRecall({ t, lang }: { t: T; lang: string }) {
  const id = useId();
  const [q, setQ] = useState<RecallQuery>({ lot: '', artnr: '', hersteller: '' });
  const [sent, setSent] = useState<RecallQuery | null>(null);
  const [r, setR] = useState<Recall | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const search = async (query = q) => {
    setBusy(true); setError('');
    try {
      const res = await mdr.recall(query);
      setR(res); setSent(query);
      if (query.code) setQ({ lot: res.lot, artnr: query.artnr ?? '', hersteller: query.hersteller ?? '' });
    } catch (e) { setR(null); setError(errorMessage(t, failureKey(e))); } finally { setBusy(false); }
  };
  // a code scanned on the scanner page arrives as #rueckruf=<code>: search its LOT at once
  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only: a #rueckruf=<code> hash is searched once on arrival
  useEffect(() => {
    const m = /^#rueckruf=(.+)$/.exec(location.hash);
    if (!m) return;
    let code = m[1]!;
    try { code = decodeURIComponent(code); } catch { /* keep as is */ }
    const query = { lot: '', code, artnr: '', hersteller: '' };
    void search(query).then(() => document.getElementById(`${id}-h`)?.scrollIntoView());
  }, []);
  const set = (k: keyof RecallQuery) => (e: React.ChangeEvent<HTMLInputElement>) => setQ({ ...q, [k]: e.target.value });
  return (
    <section className="sc-mdr" aria-labelledby={`${id}-h`} data-testid="mdr-recall">
      <h3 id={`${id}-h`}>{t('scanner.mdr_recall')}</h3>
      <p className="sc-hint">{t('scanner.mdr_recall_intro')}</p>
      <form className="sc-mdr__form" role="search" onSubmit={(e) => { e.preventDefault(); void search(); }} noValidate>
        <label>{t('scanner.mdr_recall_lot')}<input name="lot" value={q.lot} onChange={set('lot')} maxLength={500} required autoComplete="off" /></label>
        <label>{t('scanner.mdr_recall_artnr')}<input name="artnr" value={q.artnr} onChange={set('artnr')} maxLength={40} autoComplete="off" /></label>
        <label>{t('scanner.mdr_recall_manufacturer')}<input name="hersteller" value={q.hersteller} onChange={set('hersteller')} maxLength={200} autoComplete="off" /></label>
        <button type="submit" className="sh-btn sh-btn--primary" disabled={busy}>{t('scanner.mdr_recall_search')}</button>
      </form>
      {error && <p className="sh-error" role="alert">{error}</p>}
      {r && sent && (
        <div className="sc-mdr__result" data-testid="recall-result">
          <h4>{t('scanner.mdr_recall_works', { count: r.works.length })}</h4>
          {r.works.length === 0 ? <p className="sh-empty">{t('scanner.mdr_recall_none')}</p> : (
            <ul className="sc-mdr__list">
              {r.works.map((w) => (
                <li key={w.workId} data-work={w.auftragsnummer}>
                  <strong>{w.auftragsnummer}</strong> · {formatDate(w.createdAt.slice(0, 10), lang)}
                  {w.patientCode && <> · {t('scanner.mdr_patient_code_short')}{t('app.colon')} {w.patientCode}</>}
                  {w.auftraggeber && <> · {w.auftraggeber}</>}
                  <div className="sc-mdr__sub">{w.batches.map((b) => `${b.position}. ${b.artnr} · LOT ${b.lot}${b.seriennummer ? ` · ${b.seriennummer}` : ''}`).join(' | ')}</div>
                </li>
              ))}
            </ul>
          )}
          <h4>{t('scanner.mdr_recall_stock', { count: r.stock.length })}</h4>
          {r.stock.length === 0 ? <p className="sh-empty">{t('scanner.mdr_recall_none')}</p> : (
            <ul className="sc-mdr__list">
              {r.stock.map((s) => (
                <li key={s.slotId} data-slot={s.slotId} data-match={s.match}>
                  <strong>{s.schrank} / {s.schublade} {s.zeile}/{s.spalte}</strong> · {s.artnr}{s.bezeichnung ? ` ${s.bezeichnung}` : ''}
                  {' · '}{s.match === 'lot' ? `LOT ${s.lot}` : t('scanner.mdr_match_article')}
                  {s.verfallsdatum && <> · {formatDate(s.verfallsdatum, lang)}</>}
                </li>
              ))}
            </ul>
          )}
          <a className="sh-btn sh-btn--small" href={mdr.recallCsvUrl(sent)} download data-testid="recall-csv">{t('scanner.mdr_recall_export')}</a>
        </div>
      )}
    </section>
  );
}

export function MdrExpiring({ t, lang }: { t: T; lang: string }) {
  const [items, setItems] = useState<ExpiringItem[] | null>(null);
  useEffect(() => { mdr.expiring().then((r) => setItems(r.items)).catch(() => setItems([])); }, []);
  return (
    <section className="sc-mdr" data-testid="mdr-expiring">
      <h3>{t('scanner.mdr_expiring_title')}</h3>
      {!items && <p className="sh-loading" role="status">{t('app.loading')}</p>}
      {items && items.length === 0 && <p className="sh-empty">{t('scanner.mdr_expiring_none')}</p>}
      {items && items.length > 0 && (
        <ul className="sc-mdr__list">
          {items.map((i) => (
            <li key={`${i.source}-${i.slotId ?? ''}-${i.artnr}-${i.lot}-${i.verfallsdatum}`} className={i.expired ? 'is-expired' : 'is-expiring'}>
              <strong>{formatDate(i.verfallsdatum, lang)}</strong> {i.expired ? <ExpiredBadge t={t} /> : <span className="sc-badge sc-badge--expiring">{t('scanner.mdr_expires_soon')}</span>}
              {' '}{i.artnr}{i.bezeichnung ? ` ${i.bezeichnung}` : ''} · LOT {i.lot || '–'}
              {i.source === 'stock' && <> · {i.schublade} {i.zeile}/{i.spalte}</>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MdrZip({ t }: { t: T }) {
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  return (
    <div className="sh-form--inline sc-mdr-zip" data-testid="mdr-zip">
      <label>{t('scanner.from')} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} max={to || undefined} /></label>
      <label>{t('scanner.to')} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} min={from || undefined} /></label>
      <a className="sh-btn sh-btn--small" href={from && to ? mdr.zipUrl(from, to) : undefined} aria-disabled={!from || !to} download data-testid="mdr-zip-download">{t('app.download')}</a>
    </div>
  );
}
