// service/digitalisierung: digitisation of the tooth cabinet — cabinets with drawers and photos per
// drawer (section 5: at least one cabinet, at least one photo per drawer), one batch upload with a
// progress bar; when the batch fails the photos can be sent one by one (section 8).
import { useEffect, useRef, useState } from 'react';
import { useT, type Messages, type T } from '../../shop/lib/i18n.ts';
import type { DigitisationState } from '#api/zahnlager.ts';
import { request } from '#lib/api.ts';
import { zahnError, zahnErrorText } from './lib/errors.ts';
import { zahnRoutes } from './lib/routes.ts';
import { photoProblem, uploadForm } from './lib/upload.ts';
import { digitisationErrors } from '../forms/rules.ts';
import { Crumbs, LoadState, useCustomerData } from './ui/common.tsx';
import './zahn.css';

interface DrawerIn { key: number; name: string; files: File[] }
interface CabinetIn { key: number; name: string; drawers: DrawerIn[] }

let seq = 0;
const newDrawer = (t: T, n: number): DrawerIn => ({ key: ++seq, name: t('zahnlager.digi.drawer_n', { n }), files: [] });
const newCabinet = (t: T, n: number): CabinetIn => ({ key: ++seq, name: t('zahnlager.digi.cabinet_n', { n }), drawers: [newDrawer(t, 1)] });

export default function DigitalisierungView({ country, lang, messages }: { country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const r = zahnRoutes(country, lang);
  const { load } = useCustomerData(t, async () => true, []);
  const [cabs, setCabs] = useState<CabinetIn[]>(() => [newCabinet(t, 1)]);
  const [bemerkung, setBemerkung] = useState('');
  const [error, setError] = useState('');
  /** after a refused send the form's own rule is shown live, so it goes away once every drawer has a photo */
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<{ value: number; text: string } | null>(null);
  const [batchFailed, setBatchFailed] = useState(false);
  const [individual, setIndividual] = useState<{ id: number; done: Set<string> } | null>(null);
  const [result, setResult] = useState<DigitisationState | null>(null);
  const busy = progress !== null;

  const update = (ci: number, fn: (c: CabinetIn) => CabinetIn) => setCabs((cs) => cs.map((c, i) => (i === ci ? fn(c) : c)));
  const updateDrawer = (ci: number, di: number, fn: (d: DrawerIn) => DrawerIn) => update(ci, (c) => ({ ...c, drawers: c.drawers.map((d, j) => (j === di ? fn(d) : d)) }));
  const addFiles = (ci: number, di: number, list: FileList | null) => {
    if (!list) return;
    const ok: File[] = [];
    for (const f of Array.from(list)) {
      const p = photoProblem(f);
      if (p) { setError(`${f.name}: ${zahnErrorText(t, p)}`); continue; }
      ok.push(f);
    }
    if (ok.length) { updateDrawer(ci, di, (d) => ({ ...d, files: [...d.files, ...ok] })); if (ok.length === list.length) setError(''); }
  };

  const payload = () => JSON.stringify(cabs.map((c) => ({ name: c.name.trim(), drawers: c.drawers.map((d) => ({ name: d.name.trim(), photos: d.files.length })) })));
  /** The request's rule (the server's, src/api/form-schemas.ts): a cabinet, a photo per drawer, every cabinet and drawer named. */
  const check = (): string | null => {
    const key = Object.values(digitisationErrors({ cabinets: payload() }))[0];
    return key ? zahnErrorText(t, key) : null;
  };
  const problem = check();
  const total = cabs.reduce((n, c) => n + c.drawers.reduce((m, d) => m + d.files.length, 0), 0);

  const finish = async (id: number) => {
    setResult(await request('GET /api/zahnlager/digitalisierung/:requestId', { params: { requestId: id } }));
    setProgress(null);
  };

  const sendBatch = async () => {
    if (check()) { setChecking(true); return; }
    setError(''); setBatchFailed(false);
    const fd = new FormData();
    fd.set('cabinets', payload());
    if (bemerkung.trim()) fd.set('bemerkung', bemerkung.trim());
    cabs.forEach((c, ci) => c.drawers.forEach((d, di) => d.files.forEach((f, n) => fd.append(`photo_${ci}_${di}_${n}`, f, f.name))));
    setProgress({ value: 0, text: t('zahnlager.digi.uploading') });
    try {
      const a = await uploadForm('POST /api/zahnlager/digitalisierung', { body: fd }, (x) => setProgress({ value: Math.round(x * 100), text: t('zahnlager.digi.uploading') }));
      await finish(a.requestId);
    } catch (e) {
      setProgress(null);
      const status = (e as { status?: number }).status ?? 0;
      // the connection broke or the whole batch was too much: offer sending the photos one by one
      if (status === 0 || status === 413 && (e as { body?: { field?: string } }).body?.field === undefined || status >= 500) setBatchFailed(true);
      else setError(zahnError(t, e));
    }
  };

  const sendIndividually = async () => {
    if (check()) { setChecking(true); return; }
    setError('');
    try {
      let state = individual;
      if (!state) {
        const fd = new FormData();
        fd.set('cabinets', payload());
        fd.set('individual', '1');
        if (bemerkung.trim()) fd.set('bemerkung', bemerkung.trim());
        setProgress({ value: 0, text: t('zahnlager.digi.uploading') });
        const a = await uploadForm('POST /api/zahnlager/digitalisierung', { body: fd }, () => {});
        state = { id: a.requestId, done: new Set() };
        setIndividual(state);
      }
      const all = cabs.flatMap((c, ci) => c.drawers.flatMap((d, di) => d.files.map((f, n) => ({ ci, di, n, f }))));
      let i = 0;
      for (const x of all) {
        i++;
        const key = `${x.ci}_${x.di}_${x.n}`;
        if (state.done.has(key)) continue;
        const fd = new FormData();
        fd.set('cabinet', String(x.ci)); fd.set('drawer', String(x.di)); fd.set('n', String(x.n)); fd.set('photo', x.f, x.f.name);
        const text = t('form.upload_progress', { current: i, total: all.length });
        await uploadForm('POST /api/zahnlager/digitalisierung/:requestId/photo', { params: { requestId: state.id }, body: fd }, (p) => setProgress({ value: Math.round(((i - 1 + p) / all.length) * 100), text }));
        state.done.add(key);
      }
      setBatchFailed(false);
      await finish(state.id);
    } catch (e) {
      setProgress(null);
      setError(zahnError(t, e));
    }
  };

  if (load.state !== 'ok') return <div className="zl"><h1>{t('zahnlager.digitise')}</h1><LoadState load={load} t={t} /></div>;
  return (
    <div className="zl" data-testid="zl-digitalisierung">
      <Crumbs t={t} items={[{ href: r.zahnlager, label: t('zahnlager.title') }, { label: t('zahnlager.digitise') }]} />
      <h1>{t('zahnlager.digitise')}</h1>
      <p>{t('zahnlager.digitise_text')}</p>
      {result ? <Done s={result} t={t} href={r.zahnlager} /> : (
        <form onSubmit={(e) => { e.preventDefault(); void sendBatch(); }} noValidate>
          {cabs.map((c, ci) => (
            <fieldset key={c.key} className="zl-digi-cab" disabled={busy || individual !== null} data-testid="zl-digi-cabinet">
              <legend>{t('zahnlager.cabinet')} {ci + 1}</legend>
              <label className="sh-field"><span className="sh-field__label">{t('zahnlager.name')}</span>
                <input value={c.name} maxLength={60} onChange={(e) => update(ci, (x) => ({ ...x, name: e.target.value }))} /></label>
              {c.drawers.map((d, di) => (
                <DrawerPhotos key={d.key} d={d} t={t} onName={(v) => updateDrawer(ci, di, (x) => ({ ...x, name: v }))}
                  onFiles={(l) => addFiles(ci, di, l)} onRemoveFile={(n) => updateDrawer(ci, di, (x) => ({ ...x, files: x.files.filter((_, k) => k !== n) }))}
                  onRemove={c.drawers.length > 1 ? () => update(ci, (x) => ({ ...x, drawers: x.drawers.filter((_, k) => k !== di) })) : undefined} />
              ))}
              <div className="sh-actions">
                <button type="button" className="sh-btn sh-btn--small" onClick={() => update(ci, (x) => ({ ...x, drawers: [...x.drawers, newDrawer(t, x.drawers.length + 1)] }))}>{t('zahnlager.add_drawer')}</button>
                {cabs.length > 1 && <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={() => setCabs((cs) => cs.filter((_, k) => k !== ci))}>{t('zahnlager.delete_cabinet')}</button>}
              </div>
            </fieldset>
          ))}
          <button type="button" className="sh-btn" disabled={busy || individual !== null} onClick={() => setCabs((cs) => [...cs, newCabinet(t, cs.length + 1)])}>{t('zahnlager.add_cabinet')}</button>
          <label className="sh-field"><span className="sh-field__label">{t('zahnlager.digi.remark')}</span>
            <textarea value={bemerkung} maxLength={2000} rows={3} onChange={(e) => setBemerkung(e.target.value)} disabled={busy} /></label>
          {progress && (
            <div role="status" aria-live="polite" data-testid="zl-digi-progress">
              <p>{progress.text} ({progress.value}{'\u00a0'}%)</p>
              <progress className="zl-progress" max={100} value={progress.value} aria-label={progress.text} />
            </div>
          )}
          {(checking && problem) || error ? <p className="sh-error" role="alert" data-testid="zl-digi-error">{(checking && problem) || error}</p> : null}
          {batchFailed && (
            <div className="sh-note" role="alert" data-testid="zl-digi-individual">
              <p>{t('images_connection_error')}</p>
              <button type="button" className="sh-btn sh-btn--primary" onClick={() => void sendIndividually()} disabled={busy}>{t('form.send_individually')}</button>
            </div>
          )}
          {!batchFailed && individual === null && (
            <button type="submit" className="sh-btn sh-btn--primary" disabled={busy} data-testid="zl-digi-send">{t('zahnlager.digi.send', { count: total })}</button>
          )}
          {individual !== null && !busy && !result && <button type="button" className="sh-btn sh-btn--primary" onClick={() => void sendIndividually()}>{t('form.send_individually')}</button>}
        </form>
      )}
    </div>
  );
}

function DrawerPhotos({ d, t, onName, onFiles, onRemoveFile, onRemove }: {
  d: DrawerIn; t: T; onName: (v: string) => void; onFiles: (l: FileList | null) => void; onRemoveFile: (n: number) => void; onRemove?: () => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const u = d.files.map((f) => URL.createObjectURL(f));
    setUrls(u);
    return () => u.forEach((x) => URL.revokeObjectURL(x));
  }, [d.files]);
  return (
    <div className={`zl-digi-drawer${d.files.length ? '' : ' is-missing'}`} data-testid="zl-digi-drawer">
      <label className="sh-field"><span className="sh-field__label">{t('zahnlager.drawer')}</span>
        <input value={d.name} maxLength={60} onChange={(e) => onName(e.target.value)} /></label>
      <p className="sh-muted">{t('zahnlager.photos_per_drawer')}{t('app.colon')} {d.files.length}</p>
      <ul className="zl-thumbs">
        {urls.map((u, n) => (
          <li key={u}><img src={u} alt={`${d.name} ${n + 1}`} />
            <button type="button" className="sh-iconbtn" aria-label={`${t('zahnlager.delete')}${t('app.colon')} ${d.name} ${n + 1}`} onClick={() => onRemoveFile(n)}>×</button></li>
        ))}
      </ul>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/heic,.heic" multiple capture="environment" hidden
        onChange={(e) => { onFiles(e.target.files); e.target.value = ''; }} data-testid="zl-digi-file" />
      <div className="sh-actions">
        <button type="button" className="sh-btn sh-btn--small" onClick={() => input.current?.click()}>{t('form.add_photo')}</button>
        {onRemove && <button type="button" className="sh-btn sh-btn--small sh-btn--ghost" onClick={onRemove}>{t('zahnlager.delete_drawer')}</button>}
      </div>
    </div>
  );
}

function Done({ s, t, href }: { s: DigitisationState; t: T; href: string }) {
  return (
    <div className="sh-success" role="status" data-testid="zl-digi-done">
      <h2>{t('zahnlager.digi.done_title')}</h2>
      <p>{t('zahnlager.digi.done_text', { referenz: s.referenz })}</p>
      {s.cabinets.map((c, ci) => (
        <div key={ci}><h3>{c.name}</h3>
          {c.drawers.map((d, di) => (
            <div key={di}><p>{d.name}</p>
              <ul className="zl-thumbs">{d.uploads.map((u) => <li key={u.id}><img src={u.thumbUrl ?? u.url} alt={`${d.name} ${u.n + 1}`} loading="lazy" /></li>)}</ul>
            </div>
          ))}
        </div>
      ))}
      <a className="sh-link" href={href}>{t('zahnlager.title')}</a>
    </div>
  );
}
