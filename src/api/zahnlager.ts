// The digital tooth storage calls (sections 2/3/4): cabinets → drawers → slots, booking, completion via
// the cart, statistics, the tooth-set order history and the digitisation of an existing cabinet.
import { z } from 'zod';
import { zArtnr, zId } from './common.ts';
import { contract } from './contract.ts';
import { DigitisationForm } from './form-schemas.ts';
import { parseDate } from '../lib/rules/validate.ts';

const TAG = 'zahnlager';
export const SLOT_STATES = ['', 'selected', 'processing', 'delivering', 'backorder'] as const;
export const MAX_GRID = 20;

const zName = z.string({ error: 'invalid_name' }).trim().min(1, 'invalid_name').max(60, 'invalid_name');
const zSort = z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(0, 'invalid_input').max(100000, 'invalid_input');
const zGrid = (key: string) => z.coerce.number({ error: key }).int(key).min(1, key).max(MAX_GRID, key);
const zFlag = z.union([z.boolean(), z.literal(0), z.literal(1)], { error: 'invalid_input' }).transform((v) => (v ? 1 : 0));
const zDay = z.string().refine((s) => parseDate(s) !== null, 'invalid_date')
  .transform((s) => { const d = parseDate(s)!; return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`; });

export const Counts = z.object({ slots: z.number(), belegt: z.number(), selected: z.number(), processing: z.number(), delivering: z.number(), backorder: z.number() });
export type Counts = z.infer<typeof Counts>;
export const DrawerSummary = z.object({ id: z.number(), schrankId: z.number(), name: z.string(), zeilen: z.number(), spalten: z.number(), sort: z.number(), counts: Counts });
export type DrawerSummary = z.infer<typeof DrawerSummary>;
export const Cabinet = z.object({ id: z.number(), name: z.string(), sort: z.number(), counts: Counts, schubladen: z.array(DrawerSummary) });
export type Cabinet = z.infer<typeof Cabinet>;
export const Slot = z.object({
  id: z.number(), schubladeId: z.number(), zeile: z.number(), spalte: z.number(), artikelnummer: z.string().nullable(),
  bezeichnung: z.string().nullable(), zahnlinie: z.string().nullable(), farbe: z.string().nullable(), form: z.string().nullable(), garnitur: z.boolean(), selected: z.number(), belegt: z.number(), status: z.enum(SLOT_STATES), updatedAt: z.string(),
  /** LOT and expiry of the stock (MDR case file); expiresSoon: expiry past or within 30 days */
  lot: z.string(), verfallsdatum: z.string().nullable(), expiresSoon: z.boolean(),
});
export type Slot = z.infer<typeof Slot>;
export const Drawer = z.object({
  id: z.number(), name: z.string(), zeilen: z.number(), spalten: z.number(), sort: z.number(),
  schrank: z.object({ id: z.number(), name: z.string() }), counts: Counts, grid: z.array(z.array(Slot)),
});
export type Drawer = z.infer<typeof Drawer>;

const zScopeName = z.enum(['schublade', 'schrank', 'all'], { error: 'invalid_scope' });
const hasId = (b: { scope: string; id?: number }) => b.scope === 'all' || b.id !== undefined;
const zResetBody = z.object({ scope: zScopeName, id: zId.optional() }).refine(hasId, { message: 'invalid_id', path: ['id'] });
/** without a body: the whole storage, as before */
const zWkBody = z.object({ scope: zScopeName.default('all'), id: zId.optional() }).refine(hasId, { message: 'invalid_id', path: ['id'] });

export const OutPosition = z.object({
  slotId: z.number(), schrankId: z.number(), schrank: z.string(), schubladeId: z.number(), schublade: z.string(),
  zeile: z.number(), spalte: z.number(), artikelnummer: z.string(), bezeichnung: z.string().nullable(),
  orderId: z.number().nullable(), auftrag: z.number().nullable(),
});
export type OutPosition = z.infer<typeof OutPosition>;
export const AutoBookResult = z.object({ checked: z.boolean(), nextCheckAt: z.string(), outPositionen: z.array(OutPosition) });
export type AutoBookResult = z.infer<typeof AutoBookResult>;

const PeriodCount = z.object({ period: z.string(), count: z.number() });
const TopSet = z.object({ artikelnummer: z.string(), bezeichnung: z.string().nullable(), count: z.number() });
export const Statistics = z.union([
  z.object({ empty: z.literal(true), message: z.string(), from: z.string(), to: z.string(), group: z.string() }),
  z.object({ empty: z.literal(false), from: z.string(), to: z.string(), group: z.string(), total: z.number(), perioden: z.array(PeriodCount), topGarnituren: z.array(TopSet) }),
]);
export type Statistics = z.infer<typeof Statistics>;
export const Dashboard = z.object({
  from: z.string(), to: z.string(), bookings: z.number(), perDay: z.array(PeriodCount), topGarnituren: z.array(TopSet), counts: Counts,
});
export type Dashboard = z.infer<typeof Dashboard>;

// ---- order history
export const HISTORY_STATES = ['selected', 'processing', 'delivering', 'backorder', 'delivered', 'booked'] as const;
/** Where a slot is: cabinet, drawer, row, column, and its status. */
export const SlotLocation = z.object({
  id: z.number(), schrankId: z.number(), schrank: z.string(), schubladeId: z.number(), schublade: z.string(),
  zeile: z.number(), spalte: z.number(), status: z.string(), artikelnummer: z.string().nullable(),
});
export type SlotLocation = z.infer<typeof SlotLocation>;
export const HistoryLine = z.object({
  pos: z.number(), artnr: z.string(), bezeichnung: z.string(), menge: z.number(), geliefert: z.number(), lineStatus: z.string(),
  state: z.enum(HISTORY_STATES), bookedAt: z.string().nullable(), slot: SlotLocation.nullable(),
});
export type HistoryLine = z.infer<typeof HistoryLine>;
export const HistoryOrder = z.object({
  id: z.number(), auftrag: z.number(), vorgang: z.number(), rechnung: z.number(), datum: z.string(), status: z.string(),
  year: z.number(), month: z.number(), day: z.number(), positionen: z.array(HistoryLine),
});
export type HistoryOrder = z.infer<typeof HistoryOrder>;
const OpenSlot = SlotLocation.extend({ bezeichnung: z.string().nullable() });
export const OrderHistory = z.object({
  page: z.number(), pageSize: z.number(), total: z.number(), orders: z.array(HistoryOrder),
  slots: z.object({ selected: z.array(OpenSlot), processing: z.array(OpenSlot), delivering: z.array(OpenSlot), backorder: z.array(OpenSlot) }),
});
export type OrderHistory = z.infer<typeof OrderHistory>;

// ---- digitisation
export const UploadLinks = z.object({ id: z.number(), url: z.string(), thumbUrl: z.string().nullable() });
export type UploadLinks = z.infer<typeof UploadLinks>;
export const DigitisationProgress = z.object({
  requestId: z.number(), referenz: z.string(), status: z.string(), expected: z.number(), received: z.number(),
  missing: z.array(z.object({ cabinet: z.number(), drawer: z.number(), n: z.number() })),
});
export type DigitisationProgress = z.infer<typeof DigitisationProgress>;
export const DigitisationState = DigitisationProgress.extend({
  createdAt: z.string(), bemerkung: z.string(),
  cabinets: z.array(z.object({
    name: z.string(),
    drawers: z.array(z.object({ name: z.string(), photos: z.number(), uploads: z.array(UploadLinks.extend({ n: z.number() })) })),
  })),
});
export type DigitisationState = z.infer<typeof DigitisationState>;

const zIdParams = z.object({ id: zId });
/** cabinet, drawer and photo number of a multipart photo upload */
const zPhotoIndex = z.string({ error: 'invalid_input' }).trim().regex(/^\d{1,4}$/, 'invalid_input').transform(Number);
const zSchrankBody = z.object({ name: zName, sort: zSort.optional() });
const zSchrankPatch = z.object({ name: zName.optional(), sort: zSort.optional() });
const zDrawerBody = z.object({ name: zName, zeilen: zGrid('invalid_zeilen'), spalten: zGrid('invalid_spalten'), sort: zSort.optional() });
const zDrawerPatch = z.object({ name: zName.optional(), zeilen: zGrid('invalid_zeilen').optional(), spalten: zGrid('invalid_spalten').optional(), sort: zSort.optional() });
const zDrawerParams = z.object({ schrank: zId, id: zId });

export const autoBook = contract({
  method: 'get', path: '/zahnlager/zubuchen/auto', access: 'customer', tag: TAG, stateChangingGet: true,
  summary: 'Books delivered sets (slot status delivering/backorder with a delivered order line) back into storage; at most every 15 minutes per customer; same-origin requests only (403 cross-site)',
  response: AutoBookResult,
});

export const overview = contract({
  method: 'get', path: '/zahnlager', access: 'customer', tag: TAG,
  summary: 'Cabinets with their drawers and slot counts (slots, belegt, selected, processing, delivering, backorder)',
  response: z.object({ schraenke: z.array(Cabinet), counts: Counts }),
});

export const createCabinet = contract({
  method: 'post', path: '/zahnlager/schraenke', access: 'customer', tag: TAG,
  summary: 'Creates a cabinet',
  body: zSchrankBody,
  response: Cabinet,
});

export const cabinet = contract({
  method: 'get', path: '/zahnlager/schraenke/:id', access: 'customer', tag: TAG,
  summary: 'One cabinet with its drawers and slot counts',
  params: zIdParams,
  response: Cabinet,
});

export const updateCabinet = contract({
  method: 'put', path: '/zahnlager/schraenke/:id', access: 'customer', tag: TAG,
  summary: 'Renames or re-sorts a cabinet',
  params: zIdParams,
  body: zSchrankPatch,
  response: Cabinet,
});

export const deleteCabinet = contract({
  method: 'delete', path: '/zahnlager/schraenke/:id', access: 'customer', tag: TAG,
  summary: 'Deletes a cabinet with its drawers and slots (bookings stay for the statistics)',
  params: zIdParams,
  response: z.object({ deleted: z.number(), schubladen: z.number(), slots: z.number() }),
});

export const createDrawer = contract({
  method: 'post', path: '/zahnlager/schraenke/:schrank/schubladen', access: 'customer', tag: TAG,
  summary: 'Creates a drawer (zeilen and spalten 1–20) with its empty slots',
  params: z.object({ schrank: zId }),
  body: zDrawerBody,
  response: DrawerSummary,
});

export const updateDrawer = contract({
  method: 'put', path: '/zahnlager/schraenke/:schrank/schubladen/:id', access: 'customer', tag: TAG,
  summary: 'Renames or resizes a drawer; shrinking refuses to drop slots that hold a set (409 schublade_not_empty)',
  params: zDrawerParams,
  body: zDrawerPatch,
  response: DrawerSummary,
});

export const deleteDrawer = contract({
  method: 'delete', path: '/zahnlager/schraenke/:schrank/schubladen/:id', access: 'customer', tag: TAG,
  summary: 'Deletes a drawer and its slots',
  params: zDrawerParams,
  response: z.object({ deleted: z.number(), slots: z.number() }),
});

export const drawer = contract({
  method: 'get', path: '/zahnlager/schubladen/:id', access: 'customer', tag: TAG,
  summary: 'A drawer as a grid (rows of slots with artikelnummer, designation, selected, belegt, status)',
  params: zIdParams,
  response: Drawer,
});

export const updateSlot = contract({
  method: 'put', path: '/zahnlager/slots/:id', access: 'customer', tag: TAG,
  summary: 'Puts a set into a slot (artikelnummer), empties it (null) or sets only belegt; an unknown article answers 400 error_artnr',
  params: zIdParams,
  body: z.object({ artikelnummer: zArtnr.nullable().optional(), belegt: zFlag.optional() }),
  response: Slot,
});

export const selectSlot = contract({
  method: 'post', path: '/zahnlager/slots/:id/select', access: 'customer', tag: TAG,
  summary: 'Selects a set for completion; records the given occupied value (belegt). Empty slot → 400 slot_empty, slot in an order → 409 slot_in_process',
  params: zIdParams,
  body: z.object({ belegt: zFlag.optional() }),
  response: Slot,
});

export const unselectSlot = contract({
  method: 'post', path: '/zahnlager/slots/:id/unselect', access: 'customer', tag: TAG,
  summary: 'Clears the selection of one slot',
  params: zIdParams,
  response: Slot,
});

export const reset = contract({
  method: 'post', path: '/zahnlager/reset', access: 'customer', tag: TAG,
  summary: 'Clears selections of a drawer, a cabinet or the whole storage and undoes "processing" there (those sets leave the cart); cleared counts both',
  body: zResetBody,
  response: z.object({ cleared: z.number() }),
});

export const releaseSlot = contract({
  method: 'post', path: '/zahnlager/slots/:id/release', access: 'customer', tag: TAG,
  summary: 'Undoes "processing" of one slot: it returns to storage and its set leaves the cart (409 slot_in_process once ordered)',
  params: zIdParams,
  response: Slot,
});

export const toCart = contract({
  method: 'post', path: '/zahnlager/wk', access: 'customer', tag: TAG,
  summary: 'Puts the selected sets of a drawer, a cabinet or (default) the whole storage into the cart for completion and marks their slots as processing',
  body: zWkBody,
  response: z.object({
    added: z.array(z.object({ artnr: z.string(), menge: z.number() })), slots: z.array(z.number()),
    skipped: z.array(z.object({ artnr: z.string(), slots: z.array(z.number()), reason: z.string() })), wkcounter: z.number(),
  }),
});

export const statistics = contract({
  method: 'get', path: '/zahnlager/statistik', access: 'customer', tag: TAG,
  summary: 'Bookings per day/week/month and the top sets in a period (default: the last 12 months, by month)',
  query: z.object({ from: zDay.optional(), to: zDay.optional(), group: z.enum(['day', 'week', 'month'], { error: 'invalid_group' }).optional() }),
  response: Statistics,
});

export const dashboard = contract({
  method: 'get', path: '/zahnlager/dashboard', access: 'customer', tag: TAG,
  summary: 'Dashboard figures of the last 7 days (bookings per day, top sets) and the current slot counts',
  response: Dashboard,
});

export const orderHistory = contract({
  method: 'get', path: '/zahnlager/bestellhistorie', access: 'customer', tag: TAG,
  summary: 'Orders that contained tooth sets, with the state of each set, plus the slots currently selected, processing, delivering or back-ordered',
  query: z.object({ page: z.coerce.number({ error: 'invalid_input' }).int('invalid_input').min(1, 'invalid_input').max(10000, 'invalid_input').optional() }),
  response: OrderHistory,
});

export const orderHistoryOrder = contract({
  method: 'get', path: '/zahnlager/bestellhistorie/:auftrag', access: 'customer', tag: TAG,
  summary: 'One order of the tooth-set history (by order number) with the state of each set',
  params: z.object({ auftrag: zId }),
  response: HistoryOrder,
});

export const digitisation = contract({
  method: 'post', path: '/zahnlager/digitalisierung', access: 'customer', tag: TAG, rawBody: true,
  summary: 'Digitisation request: multipart with `cabinets` (JSON [{ name, drawers: [{ name, photos }] }]) and files photo_{cabinet}_{drawer}_{n}; '
    + '`individual=1` creates the request first and the photos follow one by one via …/{requestId}/photo',
  body: DigitisationForm,
  response: DigitisationProgress,
});

export const digitisationPhoto = contract({
  method: 'post', path: '/zahnlager/digitalisierung/:requestId/photo', access: 'customer', tag: TAG, rawBody: true,
  summary: 'Adds (or replaces) one photo of a digitisation request: multipart cabinet, drawer, n and the file `photo` (fallback when a batch upload fails)',
  params: z.object({ requestId: zId }),
  body: z.object({ cabinet: zPhotoIndex, drawer: zPhotoIndex, n: zPhotoIndex.optional() }),
  response: DigitisationProgress.extend({ upload: UploadLinks }),
});

export const digitisationState = contract({
  method: 'get', path: '/zahnlager/digitalisierung/:requestId', access: 'customer', tag: TAG,
  summary: 'State of a digitisation request with its photos per drawer',
  params: z.object({ requestId: zId }),
  response: DigitisationState,
});

export const uploadThumb = contract({
  method: 'get', path: '/uploads/:id/thumb', access: 'customer', tag: 'uploads', rawResponse: true,
  summary: '400-px JPEG thumbnail of an own upload',
  params: zIdParams,
});

export const upload = contract({
  method: 'get', path: '/uploads/:id', access: 'customer', tag: 'uploads', rawResponse: true,
  summary: 'An own uploaded photo (original file)',
  params: zIdParams,
});
