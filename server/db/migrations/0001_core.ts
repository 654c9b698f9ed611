// Core schema: catalogue, customers, cart, lists, orders, portal tools. Types mirror ../schema.ts.
import { sql, type Kysely } from 'kysely';
import { withId } from '../dialect.ts';

const money = sql`double precision`;

export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s.createTable('companies').addColumn('firma', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull()).addColumn('is_ls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shop_domain', 'text').execute();
  await s.createTable('currencies').addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('symbol', 'text', (c) => c.notNull()).addColumn('rate', money, (c) => c.notNull()).execute();
  await s.createTable('countries').addColumn('lndnr', 'integer', (c) => c.primaryKey())
    .addColumn('iso2', 'text', (c) => c.notNull().unique()).addColumn('iso2language', 'text', (c) => c.notNull())
    .addColumn('fi', 'integer', (c) => c.notNull()).addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('continents', 'text', (c) => c.notNull()).addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.createTable('country_names').addColumn('lndnr', 'integer', (c) => c.notNull()).addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('lndname', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('country_names_pk', ['lndnr', 'lang']).execute();

  await s.createTable('customers').addColumn('kdnr', 'integer', (c) => c.primaryKey())
    .addColumn('firma', 'integer', (c) => c.notNull()).addColumn('email', 'text').addColumn('password_hash', 'text')
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('verify_token', 'text')
    .addColumn('reset_token', 'text').addColumn('reset_expires', 'text')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('login_locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('anrede', 'text', (c) => c.notNull().defaultTo('ka')).addColumn('titel', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('vorname', 'text', (c) => c.notNull().defaultTo('')).addColumn('nachname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('geburtsdatum', 'text')
    .addColumn('telefon_vorwahl', 'text', (c) => c.notNull().defaultTo('')).addColumn('telefon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobil_vorwahl', 'text', (c) => c.notNull().defaultTo('')).addColumn('mobil', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fax_vorwahl', 'text', (c) => c.notNull().defaultTo('')).addColumn('fax', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('internet', 'text', (c) => c.notNull().defaultTo('')).addColumn('ust_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('namenszeile1', 'text', (c) => c.notNull().defaultTo('')).addColumn('namenszeile2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('namenszeile3', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('strasse', 'text', (c) => c.notNull().defaultTo('')).addColumn('plz', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ort', 'text', (c) => c.notNull().defaultTo('')).addColumn('lndnr', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('land_iso2', 'text', (c) => c.notNull().defaultTo('DE'))
    .addColumn('branche', 'integer').addColumn('anzahl_techniker', 'integer')
    .addColumn('sprache', 'text', (c) => c.notNull().defaultTo('de'))
    .addColumn('newsletter', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('faxwerbung', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price_list', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await s.createIndex('customers_email').on('customers').column('email').execute();

  await withId(db, s.createTable('sub_users')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('vorname', 'text', (c) => c.notNull()).addColumn('nachname', 'text', (c) => c.notNull())
    .addColumn('funktionen', 'text', (c) => c.notNull().defaultTo('')).addColumn('email', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull()).addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.createIndex('sub_users_kdnr').on('sub_users').column('kdnr').execute();

  await s.createTable('sessions').addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kdnr', 'integer', (c) => c.notNull()).addColumn('firma', 'integer', (c) => c.notNull())
    .addColumn('sub_user_id', 'integer').addColumn('country', 'text', (c) => c.notNull()).addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull()).addColumn('expires_at', 'text', (c) => c.notNull()).execute();

  await s.createTable('manufacturers').addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull()).addColumn('licence', 'text', (c) => c.notNull().defaultTo('')).execute();
  await s.createTable('product_groups').addColumn('pg', 'integer', (c) => c.primaryKey())
    .addColumn('sort', 'integer', (c) => c.notNull()).addColumn('parent_pg', 'integer').execute();
  await s.createTable('product_group_names').addColumn('pg', 'integer', (c) => c.notNull()).addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('bez', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('pgn_pk', ['pg', 'lang']).execute();
  await s.createTable('categories').addColumn('kat_id', 'integer', (c) => c.primaryKey())
    .addColumn('pg', 'integer', (c) => c.notNull()).addColumn('parent_kat_id', 'integer')
    .addColumn('sort', 'integer', (c) => c.notNull()).addColumn('slug', 'text', (c) => c.notNull()).execute();
  await s.createTable('category_names').addColumn('kat_id', 'integer', (c) => c.notNull()).addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('catn_pk', ['kat_id', 'lang']).execute();

  await s.createTable('articles').addColumn('artnr', 'text', (c) => c.primaryKey())
    .addColumn('pg', 'integer', (c) => c.notNull()).addColumn('kat_id', 'integer', (c) => c.notNull())
    .addColumn('hersteller_id', 'integer', (c) => c.notNull()).addColumn('hersteller_artnr', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('gtin', 'text', (c) => c.notNull().defaultTo('')).addColumn('gebinde', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('preis', money, (c) => c.notNull()).addColumn('kat_preis', money, (c) => c.notNull())
    .addColumn('mcode', 'integer').addColumn('ist_neuheit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ist_referenz', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('aus_sortiment', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('temp_aus_sortiment', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('parent_artnr', 'text')
    .addColumn('referenz', 'text', (c) => c.notNull().defaultTo('')).addColumn('vkz', 'text', (c) => c.notNull().defaultTo('4'))
    .addColumn('lieferstatus', 'integer', (c) => c.notNull().defaultTo(4))
    .addColumn('bezeichnung', 'text', (c) => c.notNull()).addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await s.createIndex('articles_pg').on('articles').columns(['pg', 'kat_id']).execute();
  await s.createIndex('articles_kat').on('articles').column('kat_id').execute();
  await s.createIndex('articles_parent').on('articles').column('parent_artnr').execute();
  await s.createIndex('articles_gtin').on('articles').column('gtin').execute();
  await s.createIndex('articles_hersteller').on('articles').columns(['hersteller_id', 'hersteller_artnr']).execute();
  await s.createTable('article_texts').addColumn('artnr', 'text', (c) => c.notNull()).addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('bezeichnung', 'text', (c) => c.notNull()).addColumn('beschreibung', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('article_texts_pk', ['artnr', 'lang']).execute();
  await s.createTable('article_properties').addColumn('artnr', 'text', (c) => c.notNull()).addColumn('prop', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('article_props_pk', ['artnr', 'prop']).execute();
  await s.createIndex('article_props_prop').on('article_properties').columns(['prop', 'value']).execute();
  await s.createTable('recommendations').addColumn('artnr', 'text', (c) => c.notNull()).addColumn('rec_artnr', 'text', (c) => c.notNull())
    .addColumn('score', money, (c) => c.notNull()).addPrimaryKeyConstraint('rec_pk', ['artnr', 'rec_artnr']).execute();
  await s.createTable('promotions').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text', (c) => c.notNull())
    .addColumn('pg', 'integer', (c) => c.notNull()).addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text', (c) => c.notNull()).addColumn('newsletter_id', 'integer').execute();
  await s.createTable('promotion_articles').addColumn('promotion_id', 'integer', (c) => c.notNull()).addColumn('artnr', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('promo_art_pk', ['promotion_id', 'artnr']).execute();

  await s.createTable('cart_items').addColumn('kdnr', 'integer', (c) => c.notNull()).addColumn('artnr', 'text', (c) => c.notNull())
    .addColumn('menge', 'integer', (c) => c.notNull())
    .addColumn('var1', 'text', (c) => c.notNull().defaultTo('')).addColumn('var2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('var3', 'text', (c) => c.notNull().defaultTo('')).addColumn('var4', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('var5', 'text', (c) => c.notNull().defaultTo('')).addColumn('lager', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('added_at', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('cart_pk', ['kdnr', 'artnr']).execute();
  await withId(db, s.createTable('order_lists')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull()).addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await s.createIndex('order_lists_kdnr').on('order_lists').column('kdnr').execute();
  await s.createTable('order_list_items').addColumn('kdnr', 'integer', (c) => c.notNull()).addColumn('list_id', 'integer', (c) => c.notNull())
    .addColumn('artnr', 'text', (c) => c.notNull()).addColumn('menge', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('added_at', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('oli_pk', ['kdnr', 'list_id', 'artnr']).execute();

  await withId(db, s.createTable('addresses')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('firma_name', 'text', (c) => c.notNull()).addColumn('zusatz1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zusatz2', 'text', (c) => c.notNull().defaultTo('')).addColumn('ansprechpartner', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('strasse', 'text', (c) => c.notNull()).addColumn('plz', 'text', (c) => c.notNull()).addColumn('ort', 'text', (c) => c.notNull())
    .addColumn('land_iso2', 'text', (c) => c.notNull()).addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await s.createIndex('addresses_kdnr').on('addresses').column('kdnr').execute();
  await withId(db, s.createTable('orders')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('auftrag', 'integer', (c) => c.notNull().unique()).addColumn('vorgang', 'integer', (c) => c.notNull())
    .addColumn('rechnung', 'integer', (c) => c.notNull()).addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull()).addColumn('total', money, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull()).addColumn('address_json', 'text', (c) => c.notNull())
    .addColumn('versandart', 'text', (c) => c.notNull()).addColumn('versanddatum', 'text')
    .addColumn('kommentar', 'text', (c) => c.notNull().defaultTo('')).addColumn('zahlungsart', 'text', (c) => c.notNull())
    .addColumn('benefit_code', 'text').addColumn('discount', money, (c) => c.notNull().defaultTo(0))
    .addColumn('free_gift_artnr', 'text').addColumn('fwt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text').addColumn('placed_by_sub_user', 'integer')
    .addColumn('release_status', 'text', (c) => c.notNull().defaultTo('released')).addColumn('released_by', 'integer')
    .addColumn('source', 'text', (c) => c.notNull().defaultTo('shop')).execute();
  await s.createIndex('orders_kdnr').on('orders').columns(['kdnr', 'created_at']).execute();
  await s.createIndex('orders_idem').on('orders').columns(['kdnr', 'idempotency_key']).unique().execute();
  await s.createTable('order_lines').addColumn('order_id', 'integer', (c) => c.notNull()).addColumn('pos', 'integer', (c) => c.notNull())
    .addColumn('artnr', 'text', (c) => c.notNull()).addColumn('bezeichnung', 'text', (c) => c.notNull())
    .addColumn('menge', 'integer', (c) => c.notNull()).addColumn('preis', money, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('delivered')).addColumn('geliefert', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('zahnlager_slot_id', 'integer').addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'pos']).execute();
  await s.createIndex('order_lines_artnr').on('order_lines').column('artnr').execute();
  await s.createTable('benefit_codes').addColumn('code', 'text', (c) => c.primaryKey()).addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', money, (c) => c.notNull()).addColumn('min_order', money, (c) => c.notNull().defaultTo(0))
    .addColumn('valid_from', 'text', (c) => c.notNull()).addColumn('valid_to', 'text', (c) => c.notNull())
    .addColumn('single_use', 'integer', (c) => c.notNull().defaultTo(1)).addColumn('free_gift_artnr', 'text')
    .addColumn('removable', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await s.createTable('benefit_redemptions').addColumn('code', 'text', (c) => c.notNull()).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer').addColumn('redeemed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('benefit_red_pk', ['code', 'kdnr']).execute();
  await s.createTable('checkout_state').addColumn('kdnr', 'integer', (c) => c.primaryKey()).addColumn('address_id', 'integer')
    .addColumn('versandart', 'text', (c) => c.notNull().defaultTo('standard')).addColumn('versanddatum', 'text')
    .addColumn('kommentar', 'text', (c) => c.notNull().defaultTo('')).addColumn('zahlungsart', 'text', (c) => c.notNull().defaultTo('rechnung'))
    .addColumn('benefit_code', 'text').addColumn('fwt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull()).execute();

  await withId(db, s.createTable('schraenke')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull()).addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await withId(db, s.createTable('schubladen')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('schrank_id', 'integer', (c) => c.notNull()).addColumn('name', 'text', (c) => c.notNull())
    .addColumn('zeilen', 'integer', (c) => c.notNull()).addColumn('spalten', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await withId(db, s.createTable('zahnlager_slots')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('schublade_id', 'integer', (c) => c.notNull()).addColumn('zeile', 'integer', (c) => c.notNull())
    .addColumn('spalte', 'integer', (c) => c.notNull()).addColumn('artikelnummer', 'text')
    .addColumn('selected', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('belegt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('')).addColumn('updated_at', 'text', (c) => c.notNull()).execute();
  await s.createIndex('zl_slots_drawer').on('zahnlager_slots').columns(['schublade_id', 'zeile', 'spalte']).unique().execute();
  await s.createIndex('zl_slots_kdnr').on('zahnlager_slots').column('kdnr').execute();
  await withId(db, s.createTable('zahnlager_bookings')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('slot_id', 'integer', (c) => c.notNull()).addColumn('artikelnummer', 'text', (c) => c.notNull())
    .addColumn('menge', 'integer', (c) => c.notNull()).addColumn('booked_at', 'text', (c) => c.notNull()).addColumn('order_id', 'integer').execute();
  await s.createIndex('zl_bookings_kdnr').on('zahnlager_bookings').columns(['kdnr', 'booked_at']).execute();
  await s.createTable('zahnlager_checks').addColumn('kdnr', 'integer', (c) => c.primaryKey())
    .addColumn('last_check', 'text', (c) => c.notNull()).execute();

  await withId(db, s.createTable('label_templates')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull()).addColumn('paper', 'text', (c) => c.notNull())
    .addColumn('orientation', 'text', (c) => c.notNull()).addColumn('rows', 'integer', (c) => c.notNull())
    .addColumn('cols', 'integer', (c) => c.notNull()).addColumn('margin_top', money, (c) => c.notNull())
    .addColumn('margin_right', money, (c) => c.notNull()).addColumn('margin_bottom', money, (c) => c.notNull())
    .addColumn('margin_left', money, (c) => c.notNull()).addColumn('padding', money, (c) => c.notNull())
    .addColumn('non_printable', money, (c) => c.notNull()).addColumn('width', money, (c) => c.notNull())
    .addColumn('height', money, (c) => c.notNull()).addColumn('sort', 'text', (c) => c.notNull())
    .addColumn('offset', 'integer', (c) => c.notNull().defaultTo(0)).addColumn('code_type', 'text', (c) => c.notNull().defaultTo('qr'))
    .addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await withId(db, s.createTable('documents')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('typ', 'text', (c) => c.notNull()).addColumn('nummer', 'text', (c) => c.notNull())
    .addColumn('datum', 'text', (c) => c.notNull()).addColumn('order_id', 'integer').addColumn('betrag', money, (c) => c.notNull()).execute();
  await s.createIndex('documents_kdnr').on('documents').columns(['kdnr', 'typ', 'datum']).execute();
  await withId(db, s.createTable('service_requests')).addColumn('kdnr', 'integer')
    .addColumn('typ', 'text', (c) => c.notNull()).addColumn('referenz', 'text', (c) => c.notNull().unique())
    .addColumn('data_json', 'text', (c) => c.notNull()).addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('received')).execute();
  await withId(db, s.createTable('uploads')).addColumn('kdnr', 'integer').addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer').addColumn('file', 'text', (c) => c.notNull()).addColumn('thumb', 'text')
    .addColumn('mime', 'text', (c) => c.notNull()).addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await withId(db, s.createTable('patient_works')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('auftragsnummer', 'text', (c) => c.notNull()).addColumn('auftraggeber_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auftraggeber_referenz', 'text', (c) => c.notNull().defaultTo('')).addColumn('auftraggeber_info', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sub_user_id', 'integer').addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull()).execute();
  await s.createIndex('patient_works_kdnr').on('patient_works').column('kdnr').execute();
  await withId(db, s.createTable('batches')).addColumn('work_id', 'integer', (c) => c.notNull())
    .addColumn('kdnr', 'integer', (c) => c.notNull()).addColumn('artnr', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull()).addColumn('verfallsdatum', 'text').addColumn('herstelldatum', 'text')
    .addColumn('lot', 'text', (c) => c.notNull().defaultTo('')).addColumn('seriennummer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('hersteller_artnr', 'text', (c) => c.notNull().defaultTo('')).addColumn('referenz', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('einheit', 'text', (c) => c.notNull().defaultTo('')).addColumn('lieferschein', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('seite', 'text', (c) => c.notNull().defaultTo('')).addColumn('hersteller_lizenz', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('raw_code', 'text', (c) => c.notNull().defaultTo('')).addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await s.createIndex('batches_work').on('batches').column('work_id').execute();
  await withId(db, s.createTable('mails')).addColumn('to_addr', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull()).addColumn('body', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()).addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text').addColumn('error', 'text').execute();
  await withId(db, s.createTable('client_logs')).addColumn('firma', 'integer').addColumn('kdnr', 'integer')
    .addColumn('page', 'text', (c) => c.notNull()).addColumn('error', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull()).addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('daten', 'text', (c) => c.notNull()).addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await withId(db, s.createTable('freeway_tickets')).addColumn('kdnr', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'integer', (c) => c.notNull()).addColumn('month', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull()).execute();
  await s.createIndex('freeway_month').on('freeway_tickets').columns(['kdnr', 'month']).unique().execute();
  await s.createTable('newsletters').addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull()).addColumn('sent_at', 'text', (c) => c.notNull()).execute();
}

export async function down(): Promise<void> {
  throw new Error('0001_core is the base schema; restore from backup instead of migrating down');
}
