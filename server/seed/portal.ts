// Portal data: QR label templates, patient works with medical-device batches (logbook), service requests.
import type { Insertable } from 'kysely';
import type { DB, Tx } from '../db/schema.ts';
import type { Art } from './catalog-build.ts';
import { dateOnly, type SeedClock } from './clock.ts';
import { SUB } from './customers.ts';
import { insertAll } from './insert.ts';
import type { OrderSet } from './orders.ts';
import { rng } from './prng.ts';

const DAY = 86_400_000;

export function labelTemplates(clock: SeedClock): Insertable<DB['label_templates']>[] {
  const base = { paper: 'A4', orientation: 'portrait', padding: 1.5, non_printable: 0, offset: 0 };
  return [
    // Avery Zweckform L7160: 3 × 7 labels of 63.5 × 38.1 mm; 2.5 mm column gaps, no row gaps
    { id: 1, kdnr: 123456, name: 'Avery Zweckform L7160 (3 × 7)', ...base, rows: 7, cols: 3, margin_top: 15.1, margin_right: 7.2,
      margin_bottom: 15.2, margin_left: 7.2, width: 63.5, height: 38.1, sort: 'standard', code_type: 'qr', created_at: clock.m(-210) },
    // Herma 4360: 48.3 × 25.4 mm; 11 rows fill the A4 height (12 would need 304.8 mm)
    { id: 2, kdnr: 123456, name: 'Herma 4360 (4 × 11)', ...base, rows: 11, cols: 4, margin_top: 8.8, margin_right: 8.4,
      margin_bottom: 8.8, margin_left: 8.4, width: 48.3, height: 25.4, sort: 'artnr', code_type: 'datamatrix', created_at: clock.m(-95) },
    { id: 3, kdnr: 777777, name: 'Avery Zweckform L7163 (2 × 7)', ...base, rows: 7, cols: 2, margin_top: 15.1, margin_right: 4.7,
      margin_bottom: 15.2, margin_left: 4.7, width: 99.1, height: 38.1, sort: 'name', code_type: 'qr', created_at: clock.m(-60) },
  ];
}

const CLINICS = ['Zahnarztpraxis Dr. Berg', 'Praxis Dr. Nguyen & Partner', 'Zahnzentrum Altona', 'Dr. med. dent. Sophie Krüger', 'MVZ Zahngesundheit Hamburg'];
const WORK_INFO = ['Totalprothese OK/UK', 'Teleskopprothese OK', 'Zirkonbrücke 3-gliedrig 14–16', 'Einzelkrone 21 Presskeramik',
  'Modellgussprothese UK', 'Implantatkrone 36 verschraubt', 'Aufbissschiene OK', 'Veneers 12–22', 'Interimsprothese UK'];

export async function seedPortal(tx: Tx, arts: Art[], hist: OrderSet, clock: SeedClock): Promise<Record<string, number>> {
  const r = rng('portal');
  const counts: Record<string, number> = {};
  counts.label_templates = await insertAll(tx, 'label_templates', labelTemplates(clock));

  // patient works of 123456: batches of articles it bought, with the delivery note they came with
  const byNr = new Map(arts.map((a) => [a.artnr, a]));
  const lsOf = new Map(hist.documents.filter((d) => d.typ === 'lieferschein').map((d) => [d.order_id!, d.nummer]));
  const delivered = hist.orders.filter((o) => o.kdnr === 123456 && o.status === 'delivered');
  const works: Insertable<DB['patient_works']>[] = [];
  const batches: Insertable<DB['batches']>[] = [];
  for (let w = 1; w <= 15; w++) {
    const created = clock.t(-r.float(2, 150));
    const by = r.weighted([3, 4, 2]);
    const sub = [null, SUB.clara, SUB.david][by]!;
    const clinic = r.pick(CLINICS);
    const patient = r.int(1000, 9999);
    const info = r.pick(WORK_INFO);
    // the MDR case file: the work's description is the device, the clinic's patient number its patient code
    works.push({
      id: w, kdnr: 123456, auftragsnummer: `A-${dateOnly(created).slice(0, 4)}-${String(300 + w * 7).padStart(4, '0')}`,
      auftraggeber_name: clinic, auftraggeber_referenz: `Pat. ${patient}`, auftraggeber_info: info,
      sub_user_id: sub, created_at: created, updated_at: created,
      geraet: info, patient_code: `P-${patient}`, implantierbar: info.startsWith('Implantat') ? 1 : 0, arzneimittel: 0, gewebe: 0, abweichungen: '',
    });
    const before = delivered.filter((o) => o.created_at < created);
    const pool = (before.length ? before : delivered).slice(-12);
    const n = r.int(2, 6);
    for (let p = 1; p <= n; p++) {
      const o = r.pick(pool);
      const line = r.pick(hist.lines.filter((l) => l.order_id === o.id));
      const a = byNr.get(line.artnr)!;
      const made = new Date(Date.parse(o.created_at) - r.float(60, 400) * DAY);
      const expiry = new Date(made.getTime() + r.pick([2, 3, 5]) * 365 * DAY);
      const lot = `${String.fromCharCode(65 + r.int(0, 25))}${r.int(10000, 99999)}`;
      const serial = a.pg === 7 || a.pg === 10 ? `SN${r.int(100000, 999999)}` : '';
      const yymmdd = (d: Date) => d.toISOString().slice(2, 10).replace(/-/g, '');
      batches.push({
        id: batches.length + 1, work_id: w, kdnr: 123456, artnr: a.artnr, position: p,
        verfallsdatum: dateOnly(expiry.toISOString()), herstelldatum: dateOnly(made.toISOString()), lot, seriennummer: serial,
        hersteller_artnr: a.hersteller_artnr, referenz: a.hersteller_artnr, einheit: a.draft.geb, lieferschein: lsOf.get(o.id!) ?? '',
        seite: String(1 + Math.floor((line.pos - 1) / 10)), hersteller_lizenz: a.draft.maker.licence,
        raw_code: `(01)0${a.gtin}(11)${yymmdd(made)}(17)${yymmdd(expiry)}(10)${lot}${serial ? `(21)${serial}` : ''}`,
        hersteller: a.draft.maker.name, gtin: `0${a.gtin}`, menge: 1, sub_user_id: sub,
        created_at: new Date(Date.parse(created) + p * 60_000).toISOString(),
      });
    }
  }
  counts.patient_works = await insertAll(tx, 'patient_works', works);
  counts.batches = await insertAll(tx, 'batches', batches);

  // service requests: references continue from these numbers (forms.ts numbers per prefix and year)
  const year = clock.today0.getUTCFullYear();
  const dayOfYear = Math.floor((clock.today0.getTime() - Date.UTC(year, 0, 1)) / DAY);
  const inYear = (d: number) => clock.t(-Math.min(d, dayOfYear) - 0.3);
  const someLine = hist.lines.find((l) => hist.orders.find((o) => o.id === l.order_id)?.kdnr === 123456)!;
  const contact = { name: 'Thomas Keller', email: 'labor@example.com', telefon: '040 30123456', kdnr: '123456' };
  const reqs: Insertable<DB['service_requests']>[] = [
    { id: 1, kdnr: 123456, typ: 'retoure', referenz: `RT-${year}-000123`, status: 'received', created_at: inYear(12),
      data_json: JSON.stringify({ ...contact, lieferschein: lsOf.get(someLine.order_id) ?? '', artnr: someLine.artnr, menge: '1', grund: 'Falsch geliefert', text: 'Falsche Farbe geliefert, bitte abholen.' }) },
    { id: 2, kdnr: 123456, typ: 'reparatur', referenz: `RP-${year}-000041`, status: 'in_progress', created_at: inYear(30),
      data_json: JSON.stringify({ ...contact, geraet: 'K-POWERgrip', seriennummer: 'SN448120', text: 'Handstück läuft unrund, Geräusche bei hoher Drehzahl.' }) },
    { id: 3, kdnr: 123456, typ: 'transportschaden', referenz: `TS-${year}-000017`, status: 'closed', created_at: inYear(75),
      data_json: JSON.stringify({ ...contact, lieferschein: lsOf.get(someLine.order_id) ?? '', text: 'Karton beschädigt, Gipsbeutel gerissen.' }) },
    { id: 4, kdnr: 654321, typ: 'rueckruf', referenz: `RR-${year}-000058`, status: 'received', created_at: inYear(4),
      data_json: JSON.stringify({ name: 'Maria Sonnenschein', telefon: '089 3309876', email: 'praxislabor@example.com', text: 'Bitte Rückruf zur Ofenberatung.' }) },
  ];
  counts.service_requests = await insertAll(tx, 'service_requests', reqs);
  return counts;
}
