// zahnassistent/zahnlinie/{id} and zahnassistent/garnitur/{id}: order assistant for tooth sets —
// tooth line (with manufacturer), set type, upper and lower jaw with shade and mould, the matching
// articles with price and availability, and the chosen sets into the cart. garnitur/{artnr} starts
// from one set article (its line, type, jaw, shade and mould are preselected and it is chosen).
import { useEffect, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $customer } from '#stores/customer.ts';
import { showToast } from '#stores/ui.ts';
import { request } from '#lib/api.ts';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { ensureCustomer, requireLogin } from '../../shop/lib/session.ts';
import { addToCart } from '../../shop/lib/cart.ts';
import { money, type Ctx } from '../../shop/lib/article.ts';
import { BOTH_JAWS, KIND_LABEL, loadLines, loadSets, type SetItem, type ToothLine } from './lib/assistant.ts';
import { slugOf, zahnRoutes } from './lib/routes.ts';
import { JawPicker, type Chosen } from './ui/JawPicker.tsx';
import './zahn.css';

interface Preset { line: string; kind: string; kiefer: string; farbe?: string; form?: string; item: SetItem | null }

export default function ZahnassistentView({ country, lang, line: lineSlug, artnr, messages }: {
  country: string; lang: string; line?: string; artnr?: string; messages?: Messages;
}) {
  const t = useT(lang, messages);
  const customer = useStore($customer);
  const ctx: Ctx = useMemo(() => ({ country, lang, currency: customer.currency }), [country, lang, customer.currency]);
  const r = zahnRoutes(country, lang);
  const [lines, setLines] = useState<ToothLine[] | null>(null);
  const [failed, setFailed] = useState('');
  const [maker, setMaker] = useState('');
  const [line, setLine] = useState('');
  const [kinds, setKinds] = useState<string[]>([]);
  const [kind, setKind] = useState('');
  const [preset, setPreset] = useState<Preset | null>(null);
  const [chosen, setChosen] = useState<Map<string, Chosen>>(new Map());
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState(0);

  // tooth lines, then the line of the address (or of the set article)
  useEffect(() => {
    void ensureCustomer();
    loadLines(country, lang).then(async (l) => {
      setLines(l.zahnlinien);
      if (artnr) {
        const a = await request('GET /api/artikel/:artnr/:country/:language', { params: { artnr, country, language: lang } });
        const p = Object.fromEntries(a.properties.map((x) => [x.prop, x.value]));
        if (!p.zahnlinie) { setFailed('zahnassistent.not_a_set'); return; }
        const item: SetItem | null = a.IstReferenz ? null : { ...a, properties: p };
        setPreset({ line: p.zahnlinie, kind: p.zahnart ?? '', kiefer: p.kiefer ?? 'OK', farbe: p.farbe, form: p.form, item });
        setLine(p.zahnlinie); setKind(p.zahnart ?? '');
        if (item) setChosen(new Map([[item.Artikelnummer, { item, qty: 1 }]]));
      } else if (lineSlug && lineSlug !== '0') {
        const found = l.zahnlinien.find((x) => slugOf(x.zahnlinie) === lineSlug);
        if (found) setLine(found.zahnlinie); else setFailed('zahnassistent.unknown_line');
      }
    }).catch(() => setFailed(artnr ? 'zahnassistent.not_a_set' : 'generic'));
  }, [country, lang, lineSlug, artnr]);

  // set types of the chosen line
  useEffect(() => {
    if (!line) { setKinds([]); return; }
    loadSets({ zahnlinie: line }, country, lang, 1).then((d) => {
      const ks = d.facets.zahnart.map((f) => f.value).sort((a, b) => Object.keys(KIND_LABEL).indexOf(a) - Object.keys(KIND_LABEL).indexOf(b));
      setKinds(ks);
      setKind((k) => (ks.includes(k) ? k : ks[0] ?? ''));
    }).catch(() => setKinds([]));
  }, [line, country, lang]);

  const chooseLine = (v: string) => {
    setLine(v); setPreset(null); setFailed('');
    history.replaceState(null, '', r.zahnlinie(v || null));
  };
  const onChoose = (item: SetItem, qty: number | null) => setChosen((m) => {
    const n = new Map(m);
    if (qty === null) n.delete(item.Artikelnummer); else n.set(item.Artikelnummer, { item, qty });
    return n;
  });
  const list = [...chosen.values()];
  const sum = list.reduce((s, c) => s + c.item.Preis * c.qty, 0);

  const toCart = async () => {
    const c = await ensureCustomer();
    if (!c.kundennummer) { requireLogin(); return; }
    setBusy(true);
    let ok = 0;
    for (const x of list) if (await addToCart(x.item.Artikelnummer, x.qty, { panel: false })) ok++;
    setBusy(false);
    setAdded(ok);
    if (ok > 0) { showToast(t('zahnassistent.added', { count: ok }), 'success'); setChosen(new Map()); }
  };

  const makers = useMemo(() => [...new Map((lines ?? []).map((l) => [l.hersteller.id, l.hersteller.name])).entries()].sort((a, b) => a[1].localeCompare(b[1])), [lines]);
  const shown = (lines ?? []).filter((l) => !maker || String(l.hersteller.id) === maker);
  const jaws = kind === 'Front/Seite' ? [BOTH_JAWS] : ['OK', 'UK'];
  const jawTitle = (k: string) => t(k === 'OK' ? 'zahnassistent.upper_jaw' : k === 'UK' ? 'zahnassistent.lower_jaw' : 'zahnassistent.both_jaws');

  return (
    <div className="za zl" data-testid="zahnassistent">
      <div>
        <h1>{t('zahnassistent.title')}</h1>
        <p className="sh-muted">{t('zahnassistent.intro')}</p>
      </div>
      {failed && <p className="sh-error" role="alert">{t(failed)}</p>}
      {!lines && !failed && <p className="sh-loading" role="status">{t('app.loading')}</p>}
      {lines && (
        <div className="za-steps">
          <label className="sh-field"><span className="sh-field__label">{t('zahnassistent.manufacturer')}</span>
            <select value={maker} onChange={(e) => setMaker(e.target.value)} data-testid="za-maker">
              <option value="">{t('zahnassistent.all')}</option>
              {makers.map(([id, name]) => <option key={id} value={String(id)}>{name}</option>)}
            </select></label>
          <label className="sh-field"><span className="sh-field__label">{t('zahnassistent.tooth_line')}</span>
            <select value={line} onChange={(e) => chooseLine(e.target.value)} data-testid="za-line">
              <option value="">{t('zahnassistent.choose')}</option>
              {shown.map((l) => <option key={`${l.hersteller.id}|${l.zahnlinie}`} value={l.zahnlinie}>{l.zahnlinie} – {l.hersteller.name} ({l.count})</option>)}
            </select></label>
          {kinds.length > 0 && (
            <fieldset className="za-kind">
              <legend className="sh-field__label">{t('zahnassistent.set')}</legend>
              {kinds.map((k) => (
                <label key={k} className="sh-radio"><input type="radio" name="za-kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {t(KIND_LABEL[k] ?? k)}</label>
              ))}
            </fieldset>
          )}
        </div>
      )}
      {!line && lines && !failed && <p className="sh-note">{t('zahnassistent.start_hint')}</p>}
      {line && kind && (
        <div className="za-jaws">
          {jaws.map((k) => (
            <JawPicker key={`${line}|${kind}|${k}`} t={t} ctx={ctx} title={jawTitle(k)} line={line} kind={kind} kiefer={k} chosen={chosen} onChoose={onChoose}
              initial={preset && preset.line === line && preset.kind === kind && preset.kiefer === k ? { farbe: preset.farbe, form: preset.form } : undefined}
              testId={`za-jaw-${k === BOTH_JAWS ? 'both' : k.toLowerCase()}`} />
          ))}
        </div>
      )}
      <div className="za-summary" data-testid="za-summary">
        <p aria-live="polite"><strong>{t('zahnassistent.chosen', { count: list.reduce((n, c) => n + c.qty, 0) })}</strong>{list.length > 0 && <> · {money(sum, ctx)}</>}</p>
        {added > 0 && <a className="sh-link" href={r.wk}>{t('to_cart')}</a>}
        <button type="button" className="sh-btn sh-btn--primary" disabled={busy || list.length === 0} onClick={() => void toCart()} data-testid="za-to-cart">
          {t('zahnassistent.add_to_cart')}
        </button>
      </div>
    </div>
  );
}
