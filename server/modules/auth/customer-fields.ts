// The Customer entity's fields (section 3) as customer columns, and the field errors of a form answer.
import { z } from 'zod';
import { ApiError, badRequest } from '../../http/errors.ts';
import { parseDate } from '#rules/validate.ts';
import { dataFields } from '#api/auth.ts';

export type DataInput = { [K in keyof typeof dataFields]?: z.output<(typeof dataFields)[K]> };

export function throwFieldErrors(errors: Record<string, string>, asKey?: string): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  const [field, key] = entries[0]!;
  if (asKey) throw new ApiError(400, asKey, { field, reason: key, fields: errors });
  throw badRequest(key, { field, fields: errors });
}

export const trimOr = (v: unknown, d = '') => (v === undefined || v === null ? d : String(v).trim());
const dateOrNull = (v: unknown) => {
  const p = parseDate(trimOr(v));
  return p ? `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}` : null;
};

/** Column values for the data fields present in the input. */
export function columnsOf(d: DataInput, lndnr?: number) {
  const out: Record<string, unknown> = {};
  const map: Record<string, string> = {
    Anrede: 'anrede', Titel: 'titel', Vorname: 'vorname', Nachname: 'nachname', NamensZeile1: 'namenszeile1',
    NamensZeile2: 'namenszeile2', NamensZeile3: 'namenszeile3', Strasse: 'strasse', PLZ: 'plz', Ort: 'ort',
    TelefonVorwahl: 'telefon_vorwahl', TelefonRufnummer: 'telefon', MobilVorwahl: 'mobil_vorwahl', MobilRufnummer: 'mobil',
    FaxVorwahl: 'fax_vorwahl', FaxRufnummer: 'fax', UstIdNr: 'ust_id', Internetadresse: 'internet',
  };
  for (const [k, col] of Object.entries(map)) {
    const v = d[k as keyof DataInput];
    if (v !== undefined) out[col] = trimOr(v);
  }
  if (d.Anrede !== undefined && trimOr(d.Anrede) === '') out.anrede = 'ka';
  if (d.LandISO2 !== undefined) out.land_iso2 = trimOr(d.LandISO2).toUpperCase();
  if (lndnr !== undefined) out.lndnr = lndnr;
  if (d.Geburtsdatum !== undefined) out.geburtsdatum = dateOrNull(d.Geburtsdatum);
  if (d.Branche !== undefined) out.branche = trimOr(d.Branche) === '' ? null : Number(d.Branche);
  if (d.AnzahlTechniker !== undefined) out.anzahl_techniker = trimOr(d.AnzahlTechniker) === '' ? null : Number(d.AnzahlTechniker);
  if (d.Newsletter !== undefined) out.newsletter = d.Newsletter;
  if (d.Faxwerbung !== undefined) out.faxwerbung = d.Faxwerbung;
  if (d.eMail !== undefined) out.email = trimOr(d.eMail).toLowerCase();
  return out;
}
