// Table types of the query layer. Column names follow the spec's domain words.
import type { Generated, Kysely, Transaction } from 'kysely';

export interface CompanyTable { firma: number; name: string; is_ls: number; shop_domain: string | null }
export interface CountryTable {
  lndnr: number; iso2: string; iso2language: string; fi: number; currency: string;
  /** comma list of continent codes EU,AS,AF,NA,SA,CA,AU — 52 and 600 carry two */
  continents: string; sort: number;
}
export interface CountryNameTable { lndnr: number; lang: string; lndname: string }
export interface CurrencyTable { code: string; symbol: string; rate: number }

export interface CustomerTable {
  kdnr: number; firma: number; email: string | null; password_hash: string | null;
  verified: number; verify_token: string | null; reset_token: string | null; reset_expires: string | null;
  must_change_password: number; login_locked: number;
  anrede: string; titel: string; vorname: string; nachname: string; geburtsdatum: string | null;
  telefon_vorwahl: string; telefon: string; mobil_vorwahl: string; mobil: string; fax_vorwahl: string; fax: string;
  internet: string; ust_id: string; namenszeile1: string; namenszeile2: string; namenszeile3: string;
  strasse: string; plz: string; ort: string; lndnr: number; land_iso2: string;
  branche: number | null; anzahl_techniker: number | null; sprache: string;
  newsletter: number; faxwerbung: number; price_list: number; created_at: string;
}
export interface SubUserTable {
  id: Generated<number>; kdnr: number; vorname: string; nachname: string;
  /** semicolon-separated function roles, e.g. "K07;K09" */
  funktionen: string; email: string | null; created_at: string; deleted: number;
  /** scrypt hash; null = the sub-user cannot log in or be switched to where a password is needed */
  password_hash: string | null;
  /** 1 after the main user or a K07 set the password: the next login asks the sub-user for its own */
  must_change_password: Generated<number>;
  /** optional monthly budget (net, EUR cents); null = none */
  monthly_budget_cents: number | null;
}
export interface SessionTable {
  id: string; kdnr: number; firma: number; sub_user_id: number | null;
  country: string; language: string; created_at: string; expires_at: string;
}

/** Rate-limit counter: fixed window starting at window_start (epoch ms), n hits in it. */
export interface ThrottleCounterTable { key: string; window_start: number; n: number }

export interface ManufacturerTable { id: number; name: string; licence: string }
export interface ProductGroupTable { pg: number; sort: number; parent_pg: number | null }
export interface ProductGroupNameTable { pg: number; lang: string; bez: string }
export interface CategoryTable { kat_id: number; pg: number; parent_kat_id: number | null; sort: number; slug: string }
export interface CategoryNameTable { kat_id: number; lang: string; name: string }

export interface ArticleTable {
  artnr: string; pg: number; kat_id: number; hersteller_id: number; hersteller_artnr: string; gtin: string;
  gebinde: string; preis: number; kat_preis: number; mcode: number | null;
  ist_neuheit: number; ist_referenz: number; aus_sortiment: number; temp_aus_sortiment: number;
  parent_artnr: string | null; referenz: string; vkz: string; lieferstatus: number;
  /** VAT rate class: standard | reduced (rates per country in vat_rates) */
  vat_class: Generated<string>;
  /** base-language (de) designation; translations in article_texts */
  bezeichnung: string; created_at: string;
}
export interface ArticleTextTable { artnr: string; lang: string; bezeichnung: string; beschreibung: string }
export interface ArticlePropertyTable { artnr: string; prop: string; value: string }
export interface PropertyTextTable { prop: string; value: string; lang: string; text: string }
export interface RecommendationTable { artnr: string; rec_artnr: string; score: number }
export interface PromotionTable { id: number; name: string; pg: number; valid_from: string; valid_to: string; newsletter_id: number | null }
export interface PromotionArticleTable { promotion_id: number; artnr: string }
/** A promotion's automatic cart discount on the articles of a category. */
export interface PromotionCartDiscountTable { promotion_id: number; kat_id: number; percent: number }
export interface VatRateTable { country: string; rate_class: string; percent: number }

export interface CartItemTable {
  kdnr: number; artnr: string; menge: number;
  /** the 5 optional variant parameters of the add call, and the stock origin of setLager */
  var1: string; var2: string; var3: string; var4: string; var5: string; lager: string;
  added_at: string;
}
export interface OrderListTable { id: Generated<number>; kdnr: number; name: string; created_at: string }
export interface OrderListItemTable { kdnr: number; list_id: number; artnr: string; menge: number; added_at: string }

export interface AddressTable {
  id: Generated<number>; kdnr: number; firma_name: string; zusatz1: string; zusatz2: string; ansprechpartner: string;
  strasse: string; plz: string; ort: string; land_iso2: string; is_default: number;
}
export interface OrderTable {
  id: Generated<number>; kdnr: number; auftrag: number; vorgang: number; rechnung: number;
  created_at: string; status: string; total: number; currency: string;
  address_json: string; versandart: string; versanddatum: string | null; kommentar: string; zahlungsart: string;
  benefit_code: string | null; discount: number; free_gift_artnr: string | null; fwt: number;
  idempotency_key: string | null; placed_by_sub_user: number | null;
  /** orders placed by sub-users without release right wait for a K07 release */
  release_status: string; released_by: number | null; source: string;
  /** the priced summary (server/lib/money.ts) the order was placed with; null for imported history */
  summary_json: string | null;
  /** why the order waits for a release: JSON { reason: 'threshold' | 'budget', ... } (server/lib/release-rules.ts) */
  release_reason: string | null;
  /** net total incl. shipping in EUR cents, as compared with the threshold and budgets; null for imported history */
  net_eur_cents: number | null;
}
export interface OrderLineTable {
  order_id: number; pos: number; artnr: string; bezeichnung: string; menge: number; preis: number;
  status: string; geliefert: number; zahnlager_slot_id: number | null;
}
export interface BenefitCodeTable {
  code: string; kind: string; value: number; min_order: number; valid_from: string; valid_to: string;
  single_use: number; free_gift_artnr: string | null; removable: number;
}
export interface BenefitRedemptionTable { code: string; kdnr: number; order_id: number | null; redeemed_at: string }
export interface CheckoutStateTable {
  kdnr: number; address_id: number | null; versandart: string; versanddatum: string | null; kommentar: string;
  zahlungsart: string; benefit_code: string | null; fwt: number; updated_at: string;
}

export interface SchrankTable { id: Generated<number>; kdnr: number; name: string; sort: number }
export interface SchubladeTable { id: Generated<number>; kdnr: number; schrank_id: number; name: string; zeilen: number; spalten: number; sort: number }
export interface ZahnlagerSlotTable {
  id: Generated<number>; kdnr: number; schublade_id: number; zeile: number; spalte: number;
  artikelnummer: string | null; selected: number; belegt: number;
  /** '' | selected | processing | delivering | backorder */
  status: string; updated_at: string;
  /** LOT and expiry of the stock in the slot (MDR lot recall, expiry flags) */
  lot: Generated<string>; verfallsdatum: Generated<string | null>;
}
export interface ZahnlagerBookingTable { id: Generated<number>; kdnr: number; slot_id: number; artikelnummer: string; menge: number; booked_at: string; order_id: number | null; shown: Generated<number> }
export interface ZahnlagerCheckTable { kdnr: number; last_check: string }

export interface LabelTemplateTable {
  id: Generated<number>; kdnr: number; name: string; paper: string; orientation: string;
  rows: number; cols: number; margin_top: number; margin_right: number; margin_bottom: number; margin_left: number;
  padding: number; non_printable: number; width: number; height: number;
  sort: string; offset: number; code_type: string; created_at: string;
}
export interface DocumentTable { id: Generated<number>; kdnr: number; typ: string; nummer: string; datum: string; order_id: number | null; betrag: number }
export interface ServiceRequestTable {
  id: Generated<number>; kdnr: number | null; typ: string; referenz: string; data_json: string; created_at: string; status: string;
}
export interface UploadTable {
  id: Generated<number>; kdnr: number | null; owner: string; owner_id: number | null;
  file: string; thumb: string | null; mime: string; size: number; created_at: string;
}
export interface PatientWorkTable {
  id: Generated<number>; kdnr: number; auftragsnummer: string; auftraggeber_name: string; auftraggeber_referenz: string;
  auftraggeber_info: string; sub_user_id: number | null; created_at: string; updated_at: string;
  /** MDR case file: device description, patient code, Annex XIII facts (0/1 flags) and requirements not fully met */
  geraet: Generated<string>; patient_code: Generated<string>; implantierbar: Generated<number>;
  arzneimittel: Generated<number>; gewebe: Generated<number>; abweichungen: Generated<string>;
}
export interface BatchTable {
  id: Generated<number>; work_id: number; kdnr: number; artnr: string; position: number;
  verfallsdatum: string | null; herstelldatum: string | null; lot: string; seriennummer: string;
  hersteller_artnr: string; referenz: string; einheit: string; lieferschein: string; seite: string;
  hersteller_lizenz: string; raw_code: string; created_at: string;
  /** MDR ledger: manufacturer name, UDI-DI/GTIN from the code, quantity used, the technician (acting sub-user) */
  hersteller: Generated<string>; gtin: Generated<string>; menge: Generated<number>; sub_user_id: Generated<number | null>;
}
export interface MdrExpiryMailTable { kdnr: number; day: string; sent_at: string }
export interface MailTable { id: Generated<number>; to_addr: string; from_addr: string | null; subject: string; body: string; kind: string; created_at: string; sent_at: string | null; error: string | null; claimed_at: Generated<string | null> }
export interface JobLeaseTable { name: string; holder: string; expires_at: string }
/** status: pending → running → done | failed; generation: the site generation a done publish produced */
export interface CmsPublishTable {
  id: Generated<number>; affected: string; status: 'pending' | 'running' | 'done' | 'failed'; requested_at: string; finished_at: string | null;
  base: string | null; generation: string | null; ms: number | null; rendered: number | null; changed: number | null; error: string | null;
}
export interface ClientLogTable { id: Generated<number>; firma: number | null; kdnr: number | null; page: string; error: string; ip: string; browser: string; daten: string; created_at: string }
export interface FreewayTicketTable { id: Generated<number>; kdnr: number; order_id: number; month: string; created_at: string }
export interface ReleaseRuleTable { kdnr: number; threshold_cents: number; updated_at: string }
export interface NewsletterTable { id: number; title: string; sent_at: string }

export interface DB {
  companies: CompanyTable; countries: CountryTable; country_names: CountryNameTable; currencies: CurrencyTable;
  customers: CustomerTable; sub_users: SubUserTable; sessions: SessionTable; throttle_counters: ThrottleCounterTable;
  manufacturers: ManufacturerTable; product_groups: ProductGroupTable; product_group_names: ProductGroupNameTable;
  categories: CategoryTable; category_names: CategoryNameTable;
  articles: ArticleTable; article_texts: ArticleTextTable; article_properties: ArticlePropertyTable; property_texts: PropertyTextTable;
  recommendations: RecommendationTable; promotions: PromotionTable; promotion_articles: PromotionArticleTable;
  promotion_cart_discounts: PromotionCartDiscountTable; vat_rates: VatRateTable;
  cart_items: CartItemTable; order_lists: OrderListTable; order_list_items: OrderListItemTable;
  addresses: AddressTable; orders: OrderTable; order_lines: OrderLineTable;
  benefit_codes: BenefitCodeTable; benefit_redemptions: BenefitRedemptionTable; checkout_state: CheckoutStateTable;
  schraenke: SchrankTable; schubladen: SchubladeTable; zahnlager_slots: ZahnlagerSlotTable;
  zahnlager_bookings: ZahnlagerBookingTable; zahnlager_checks: ZahnlagerCheckTable;
  label_templates: LabelTemplateTable; documents: DocumentTable; service_requests: ServiceRequestTable; uploads: UploadTable;
  patient_works: PatientWorkTable; batches: BatchTable; mails: MailTable; client_logs: ClientLogTable;
  freeway_tickets: FreewayTicketTable; newsletters: NewsletterTable; job_leases: JobLeaseTable; cms_publish: CmsPublishTable;
  mdr_expiry_mails: MdrExpiryMailTable; release_rules: ReleaseRuleTable;
}
export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
