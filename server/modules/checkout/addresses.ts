// Delivery addresses: the customer's own address and the entered ones.
import type { Db } from '../../db/index.ts';

// ---- addresses ----

export interface AddressOut {
  id: number | null; firma_name: string; zusatz1: string; zusatz2: string; ansprechpartner: string;
  strasse: string; plz: string; ort: string; land_iso2: string; is_default: boolean;
}

export async function listAddresses(db: Db, kdnr: number): Promise<AddressOut[]> {
  const rows = await db.selectFrom('addresses').selectAll().where('kdnr', '=', kdnr).orderBy('is_default', 'desc').orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id), firma_name: r.firma_name, zusatz1: r.zusatz1, zusatz2: r.zusatz2, ansprechpartner: r.ansprechpartner,
    strasse: r.strasse, plz: r.plz, ort: r.ort, land_iso2: r.land_iso2, is_default: !!r.is_default,
  }));
}

/** The customer's own address (Stammadresse) when no delivery address exists: id null. */
export async function mainAddress(db: Db, kdnr: number): Promise<AddressOut | null> {
  const c = await db.selectFrom('customers').select(['namenszeile1', 'namenszeile2', 'namenszeile3', 'vorname', 'nachname', 'strasse', 'plz', 'ort', 'land_iso2'])
    .where('kdnr', '=', kdnr).executeTakeFirst();
  if (!c) return null;
  const name = `${c.vorname} ${c.nachname}`.trim();
  return {
    id: null, firma_name: c.namenszeile1 || name, zusatz1: c.namenszeile2, zusatz2: c.namenszeile3, ansprechpartner: c.namenszeile1 ? name : '',
    strasse: c.strasse, plz: c.plz, ort: c.ort, land_iso2: c.land_iso2, is_default: false,
  };
}

/** Chosen address if still present, else the default one, else the first, else the main address. */
export function resolveAddress(addresses: AddressOut[], id: number | null, main: AddressOut | null): AddressOut | null {
  return addresses.find((a) => a.id === id) ?? addresses.find((a) => a.is_default) ?? addresses[0] ?? main;
}
