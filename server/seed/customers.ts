// Customers: the demo accounts other modules and tests rely on, ~300 further labs without a password,
// sub-users and delivery addresses. Only the accounts that log in get a (slow, scrypt) password hash.
import type { Insertable } from 'kysely';
import type { DB, Tx } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import type { SeedClock } from './clock.ts';
import { COUNTRY_BY_ISO2 } from '#data/reference/countries.ts';
import { insertAll } from './insert.ts';
import { hash32, rng } from './prng.ts';

export const DEMO_PASSWORD = 'Demo-Labor-2026';
type Customer = Insertable<DB['customers']>;

const BLANK: Omit<Customer, 'kdnr' | 'firma' | 'created_at'> = {
  email: null, password_hash: null, verified: 1, verify_token: null, reset_token: null, reset_expires: null,
  must_change_password: 0, login_locked: 0, anrede: 'ka', titel: '', vorname: '', nachname: '', geburtsdatum: null,
  telefon_vorwahl: '', telefon: '', mobil_vorwahl: '', mobil: '', fax_vorwahl: '', fax: '', internet: '', ust_id: '',
  namenszeile1: '', namenszeile2: '', namenszeile3: '', strasse: '', plz: '', ort: '', lndnr: 1, land_iso2: 'DE',
  branche: 1, anzahl_techniker: 3, sprache: 'de', newsletter: 0, faxwerbung: 0, price_list: 0,
};

/** Demo accounts (all with the demo password). */
export function demoCustomers(clock: SeedClock): Customer[] {
  const base = (kdnr: number, firma: number, days: number, c: Partial<Customer>): Customer =>
    ({ ...BLANK, kdnr, firma, created_at: clock.m(-days), ...c });
  const de = { lndnr: 1, land_iso2: 'DE', sprache: 'de' };
  return [
    base(123456, 1, 2400, { ...de, email: 'labor@example.com', anrede: 'M', vorname: 'Thomas', nachname: 'Keller',
      namenszeile1: 'Zahntechnik Keller GmbH', namenszeile2: 'Meisterlabor für Prothetik', strasse: 'Am Sandtorkai 12', plz: '20457', ort: 'Hamburg',
      telefon_vorwahl: '040', telefon: '30123456', fax_vorwahl: '040', fax: '30123457', mobil_vorwahl: '0171', mobil: '5551234',
      internet: 'https://zahntechnik-keller.example', ust_id: 'DE123456789', geburtsdatum: '1972-04-18', branche: 1, anzahl_techniker: 8, newsletter: 1 }),
    base(654321, 1, 1900, { ...de, email: 'praxislabor@example.com', anrede: 'W', vorname: 'Maria', nachname: 'Sonnenschein',
      namenszeile1: 'Dentallabor Sonnenschein', strasse: 'Leopoldstraße 88', plz: '80802', ort: 'München',
      telefon_vorwahl: '089', telefon: '3309876', ust_id: 'DE987654321', branche: 2, anzahl_techniker: 4, newsletter: 1 }),
    base(777777, 3, 1500, { lndnr: 18, land_iso2: 'DK', sprache: 'en', email: 'ls-labor@example.com', anrede: 'M', vorname: 'Lars', nachname: 'Nielsen',
      namenszeile1: 'Nordic Dental Lab ApS', strasse: 'Vesterbrogade 45', plz: '1620', ort: 'København',
      telefon_vorwahl: '+45', telefon: '33123456', ust_id: 'DK12345678', branche: 1, anzahl_techniker: 6 }),
    base(234567, 1, 3, { ...de, email: 'neu-labor@example.com', verified: 0, verify_token: `v${hash32('234567').toString(16)}seed`,
      anrede: 'W', vorname: 'Jana', nachname: 'Fischer', namenszeile1: 'Dentaltechnik Fischer', strasse: 'Hauptstraße 3', plz: '24103', ort: 'Kiel' }),
    base(345678, 1, 1200, { ...de, email: 'shared@example.com', anrede: 'M', vorname: 'Peter', nachname: 'Lang',
      namenszeile1: 'Lang Dental GmbH', strasse: 'Königsallee 20', plz: '40212', ort: 'Düsseldorf' }),
    base(456789, 1, 1100, { ...de, email: 'shared@example.com', anrede: 'M', vorname: 'Peter', nachname: 'Lang',
      namenszeile1: 'Lang Dental GmbH', namenszeile2: 'Filiale Köln', strasse: 'Hohe Straße 41', plz: '50667', ort: 'Köln' }),
    base(567890, 1, 800, { ...de, email: 'pwchange@example.com', must_change_password: 1, anrede: 'W', vorname: 'Sabine', nachname: 'Roth',
      namenszeile1: 'Zahnwerk Roth', strasse: 'Marktplatz 7', plz: '70173', ort: 'Stuttgart' }),
  ];
}

const SURNAMES = ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter',
  'Klein', 'Wolf', 'Neumann', 'Schwarz', 'Zimmermann', 'Braun', 'Krüger', 'Hartmann', 'Lange', 'Werner', 'Krause', 'Lehmann', 'Köhler',
  'Maier', 'Huber', 'Berger', 'Brunner', 'Gruber', 'Janssen', 'de Vries', 'Peeters', 'Dubois', 'Rossi', 'García', 'Nowak', 'Novák', 'Nagy',
  'Hansen', 'Andersson', 'Virtanen', 'Smith', 'Murphy', 'Papadopoulos', 'Popescu', 'Yılmaz', 'Ivanov'];
const FIRSTNAMES = ['Anna', 'Michael', 'Julia', 'Stefan', 'Katrin', 'Andreas', 'Sandra', 'Markus', 'Nicole', 'Frank', 'Petra', 'Jens', 'Laura', 'Tobias'];
const LAB_FORMS = ['Dentallabor {n}', 'Zahntechnik {n} GmbH', '{n} Dental', 'Dentaltechnik {n}', 'Zahnwerkstatt {n}', '{n} Zahntechnik GmbH & Co. KG'];
const CITIES: Record<string, [string, string][]> = {
  DE: [['10115', 'Berlin'], ['20095', 'Hamburg'], ['80331', 'München'], ['50667', 'Köln'], ['60311', 'Frankfurt am Main'], ['70173', 'Stuttgart'],
    ['40213', 'Düsseldorf'], ['04109', 'Leipzig'], ['28195', 'Bremen'], ['30159', 'Hannover'], ['90402', 'Nürnberg'], ['01067', 'Dresden'],
    ['24103', 'Kiel'], ['18055', 'Rostock'], ['23552', 'Lübeck'], ['26122', 'Oldenburg'], ['49074', 'Osnabrück'], ['33602', 'Bielefeld']],
  AT: [['1010', 'Wien'], ['8010', 'Graz'], ['5020', 'Salzburg'], ['6020', 'Innsbruck']],
  CH: [['8001', 'Zürich'], ['3011', 'Bern'], ['4051', 'Basel']],
  NL: [['1012', 'Amsterdam'], ['3011', 'Rotterdam'], ['3511', 'Utrecht']],
  BE: [['1000', 'Bruxelles'], ['2000', 'Antwerpen']], FR: [['75001', 'Paris'], ['69001', 'Lyon']], IT: [['20121', 'Milano'], ['00184', 'Roma']],
  ES: [['28001', 'Madrid']], PL: [['00-001', 'Warszawa'], ['30-001', 'Kraków']], CZ: [['110 00', 'Praha'], ['602 00', 'Brno']],
  HU: [['1051', 'Budapest']], DK: [['1620', 'København'], ['8000', 'Aarhus']], SE: [['111 20', 'Stockholm'], ['411 01', 'Göteborg']],
  NO: [['0150', 'Oslo']], FI: [['00100', 'Helsinki']], LU: [['1111', 'Luxembourg']],
};
const STREETS = ['Hauptstraße', 'Bahnhofstraße', 'Gartenweg', 'Industriestraße', 'Lindenallee', 'Schillerstraße', 'Marktstraße', 'Ringstraße', 'Kirchplatz'];

/** ~300 further customers without a password (unique kdnr, spread over the shop's countries). */
export function moreCustomers(clock: SeedClock, reserved: Set<number>): Customer[] {
  const r = rng('customers');
  const isoWeights = Object.keys(CITIES).map((iso) => (iso === 'DE' ? 60 : iso === 'AT' || iso === 'CH' ? 5 : 2));
  const out: Customer[] = [];
  const used = new Set(reserved);
  for (let i = 0; i < 300; i++) {
    let kdnr = 0;
    do kdnr = r.int(100000, 999999); while (used.has(kdnr));
    used.add(kdnr);
    const iso = Object.keys(CITIES)[r.weighted(isoWeights)]!;
    const c = COUNTRY_BY_ISO2.get(iso)!;
    const [plz, ort] = r.pick(CITIES[iso]!);
    const nn = r.pick(SURNAMES);
    out.push({
      ...BLANK, kdnr, firma: c.fi, created_at: clock.m(-r.float(30, 4000)), email: `labor${kdnr}@example.net`,
      verified: r.chance(0.95) ? 1 : 0, anrede: r.pick(['M', 'W', 'ka']), vorname: r.pick(FIRSTNAMES), nachname: nn,
      namenszeile1: r.pick(LAB_FORMS).replace('{n}', nn), strasse: `${r.pick(STREETS)} ${r.int(1, 120)}`, plz, ort,
      lndnr: c.lndnr, land_iso2: iso, sprache: ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl'].includes(c.iso2language) ? c.iso2language : 'en',
      branche: r.int(1, 30), anzahl_techniker: r.int(1, 25), newsletter: r.chance(0.4) ? 1 : 0,
    });
  }
  return out;
}

export const SUB_USERS = [
  { id: 1, kdnr: 123456, vorname: 'Anna', nachname: 'Keller', funktionen: 'K07', email: 'anna.keller@example.com' },
  { id: 2, kdnr: 123456, vorname: 'Ben', nachname: 'Schulz', funktionen: 'K09', email: null },
  { id: 3, kdnr: 123456, vorname: 'Clara', nachname: 'Wagner', funktionen: 'K13', email: null },
  { id: 4, kdnr: 123456, vorname: 'David', nachname: 'Yilmaz', funktionen: 'K09;K13', email: null },
  { id: 5, kdnr: 654321, vorname: 'Eva', nachname: 'Brandt', funktionen: 'K09', email: null },
  { id: 6, kdnr: 777777, vorname: 'Mette', nachname: 'Jensen', funktionen: 'K07', email: null },
];
export const SUB = { anna: 1, ben: 2, clara: 3, david: 4, eva: 5, mette: 6 };

export const ADDRESSES: Insertable<DB['addresses']>[] = [
  { id: 1, kdnr: 123456, firma_name: 'Zahntechnik Keller GmbH', zusatz1: 'Meisterlabor für Prothetik', zusatz2: '', ansprechpartner: 'Thomas Keller', strasse: 'Am Sandtorkai 12', plz: '20457', ort: 'Hamburg', land_iso2: 'DE', is_default: 1 },
  { id: 2, kdnr: 123456, firma_name: 'Zahntechnik Keller GmbH', zusatz1: 'Filiale Altona', zusatz2: 'Hinterhaus', ansprechpartner: 'Anna Keller', strasse: 'Ottenser Hauptstraße 5', plz: '22765', ort: 'Hamburg', land_iso2: 'DE', is_default: 0 },
  { id: 3, kdnr: 123456, firma_name: 'Praxis Dr. Berg', zusatz1: 'c/o Zahntechnik Keller', zusatz2: '', ansprechpartner: 'Dr. Martin Berg', strasse: 'Eppendorfer Landstraße 44', plz: '20249', ort: 'Hamburg', land_iso2: 'DE', is_default: 0 },
  { id: 4, kdnr: 654321, firma_name: 'Dentallabor Sonnenschein', zusatz1: '', zusatz2: '', ansprechpartner: 'Maria Sonnenschein', strasse: 'Leopoldstraße 88', plz: '80802', ort: 'München', land_iso2: 'DE', is_default: 1 },
  { id: 5, kdnr: 654321, firma_name: 'Dentallabor Sonnenschein', zusatz1: 'Anlieferung Hof', zusatz2: '', ansprechpartner: 'Eva Brandt', strasse: 'Hohenzollernstraße 112', plz: '80796', ort: 'München', land_iso2: 'DE', is_default: 0 },
  { id: 6, kdnr: 777777, firma_name: 'Nordic Dental Lab ApS', zusatz1: '', zusatz2: '', ansprechpartner: 'Lars Nielsen', strasse: 'Vesterbrogade 45', plz: '1620', ort: 'København', land_iso2: 'DK', is_default: 1 },
  { id: 7, kdnr: 777777, firma_name: 'Nordic Dental Lab ApS', zusatz1: 'Lager', zusatz2: '', ansprechpartner: 'Mette Jensen', strasse: 'Kalvebod Brygge 2', plz: '1560', ort: 'København', land_iso2: 'DK', is_default: 0 },
  { id: 8, kdnr: 777777, firma_name: 'Nordic Dental Lab ApS', zusatz1: 'Aarhus afdeling', zusatz2: '', ansprechpartner: 'Lars Nielsen', strasse: 'Søndergade 10', plz: '8000', ort: 'Aarhus', land_iso2: 'DK', is_default: 0 },
];

/** Customers with a password: hashed in parallel (scrypt runs on the libuv pool). */
export async function seedCustomers(tx: Tx, clock: SeedClock): Promise<Record<string, number>> {
  const demo = demoCustomers(clock);
  const hashes = await Promise.all(demo.map(() => hashPassword(DEMO_PASSWORD)));
  demo.forEach((c, i) => { c.password_hash = hashes[i]!; });
  const more = moreCustomers(clock, new Set(demo.map((c) => c.kdnr)));
  const counts: Record<string, number> = {};
  counts.customers = await insertAll(tx, 'customers', [...demo, ...more]);
  // demo sub-users log in as <kdnr>x<id> with the demo password too (README, docs/ACCOUNTS.md)
  const subHashes = await Promise.all(SUB_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  counts.sub_users = await insertAll(tx, 'sub_users', SUB_USERS.map((s, i) => ({
    ...s, created_at: clock.m(-400 + s.id * 20), deleted: 0, password_hash: subHashes[i]!, must_change_password: 0,
  })));
  counts.addresses = await insertAll(tx, 'addresses', ADDRESSES);
  return counts;
}

