// Tooth-storage calls (server/modules/zahnlager.ts) and their answer types.
import { api } from '../../../../lib/api.ts';
import { $wkCounter } from '../../../../stores/basket.ts';

export type SlotStatus = '' | 'selected' | 'processing' | 'delivering' | 'backorder';
export interface Counts { slots: number; belegt: number; selected: number; processing: number; delivering: number; backorder: number }
export interface DrawerSummary { id: number; schrankId: number; name: string; zeilen: number; spalten: number; sort: number; counts: Counts }
export interface Cabinet { id: number; name: string; sort: number; counts: Counts; schubladen: DrawerSummary[] }
export interface Slot {
  id: number; schubladeId: number; zeile: number; spalte: number; artikelnummer: string | null; bezeichnung: string | null;
  /** tooth line, shade and mould of a set article (null for other articles) */
  zahnlinie: string | null; farbe: string | null; form: string | null;
  garnitur: boolean; selected: number; belegt: number; status: SlotStatus; updatedAt: string;
  /** LOT and expiry of the stock (MDR case file); expiresSoon: expiry past or within 30 days */
  lot: string; verfallsdatum: string | null; expiresSoon: boolean;
}
export interface Drawer {
  id: number; name: string; zeilen: number; spalten: number; sort: number; schrank: { id: number; name: string }; counts: Counts; grid: Slot[][];
}
export interface Period { period: string; count: number }
export interface TopSet { artikelnummer: string; bezeichnung: string | null; count: number }
export type Statistik =
  | { empty: true; message: string; from: string; to: string; group: string }
  | { empty: false; from: string; to: string; group: string; total: number; perioden: Period[]; topGarnituren: TopSet[] };
export interface Dashboard { from: string; to: string; bookings: number; perDay: Period[]; topGarnituren: TopSet[]; counts: Counts }
export interface SlotLocation { id: number; schrankId: number; schrank: string; schubladeId: number; schublade: string; zeile: number; spalte: number; status: string; artikelnummer: string | null; bezeichnung?: string | null }
export type HistState = 'selected' | 'processing' | 'delivering' | 'backorder' | 'delivered' | 'booked';
export interface HistPosition { pos: number; artnr: string; bezeichnung: string; menge: number; geliefert: number; lineStatus: string; state: HistState; bookedAt: string | null; slot: SlotLocation | null }
export interface HistOrder { id: number; auftrag: number; vorgang: number; rechnung: number; datum: string; status: string; year: number; month: number; day: number; positionen: HistPosition[] }
export interface Historie { page: number; pageSize: number; total: number; orders: HistOrder[]; slots: Record<'selected' | 'processing' | 'delivering' | 'backorder', SlotLocation[]> }
export interface WkAnswer { added: { artnr: string; menge: number }[]; slots: number[]; skipped: { artnr: string; slots: number[]; reason: string }[]; wkcounter: number }

export type Scope = 'schublade' | 'schrank' | 'all';

async function refreshCartCounter(): Promise<void> {
  try { $wkCounter.set(await api.get<number>('wk/anz')); } catch { /* the counter catches up on the next page */ }
}

export const zl = {
  overview: () => api.get<{ schraenke: Cabinet[]; counts: Counts }>('zahnlager'),
  cabinet: (id: number) => api.get<Cabinet>(`zahnlager/schraenke/${id}`),
  addCabinet: (name: string) => api.post<Cabinet>('zahnlager/schraenke', { name }),
  renameCabinet: (id: number, name: string) => api.put<Cabinet>(`zahnlager/schraenke/${id}`, { name }),
  deleteCabinet: (id: number) => api.del(`zahnlager/schraenke/${id}`),
  addDrawer: (schrank: number, d: { name: string; zeilen: number; spalten: number }) => api.post<DrawerSummary>(`zahnlager/schraenke/${schrank}/schubladen`, d),
  editDrawer: (schrank: number, id: number, d: { name?: string; zeilen?: number; spalten?: number }) => api.put<DrawerSummary>(`zahnlager/schraenke/${schrank}/schubladen/${id}`, d),
  deleteDrawer: (schrank: number, id: number) => api.del(`zahnlager/schraenke/${schrank}/schubladen/${id}`),
  drawer: (id: number) => api.get<Drawer>(`zahnlager/schubladen/${id}`),
  setSlot: (id: number, body: { artikelnummer?: string | null; belegt?: 0 | 1 }) => api.put<Slot>(`zahnlager/slots/${id}`, body),
  /** LOT and expiry of the slot's stock (MDR lot recall and expiry flags) */
  setStock: (id: number, body: { lot: string; verfallsdatum: string | null }) =>
    api.put<{ id: number; lot: string; verfallsdatum: string | null; expiresSoon: boolean }>(`mdr/stock/${id}`, body),
  select: (id: number, belegt: 0 | 1) => api.post<Slot>(`zahnlager/slots/${id}/select`, { belegt }),
  unselect: (id: number) => api.post<Slot>(`zahnlager/slots/${id}/unselect`),
  /** clears selections and undoes processing (those sets leave the cart) in the scope */
  reset: async (scope: Scope, id?: number) => {
    const r = await api.post<{ cleared: number }>('zahnlager/reset', id === undefined ? { scope } : { scope, id });
    await refreshCartCounter();
    return r;
  },
  /** the selected sets of the scope (a drawer, a cabinet or the whole storage) into the cart */
  toCart: async (scope: Scope, id?: number) => {
    const r = await api.post<WkAnswer>('zahnlager/wk', id === undefined ? { scope } : { scope, id });
    $wkCounter.set(r.wkcounter);
    return r;
  },
  /** undoes "processing" of one slot: its set leaves the cart */
  release: async (id: number) => {
    const r = await api.post<Slot>(`zahnlager/slots/${id}/release`);
    await refreshCartCounter();
    return r;
  },
  statistik: (q: { from: string; to: string; group: 'day' | 'week' | 'month' }) => api.get<Statistik>(`zahnlager/statistik?from=${q.from}&to=${q.to}&group=${q.group}`),
  dashboard: () => api.get<Dashboard>('zahnlager/dashboard'),
  historie: (page: number) => api.get<Historie>(`zahnlager/bestellhistorie?page=${page}`),
  order: (auftrag: number) => api.get<HistOrder>(`zahnlager/bestellhistorie/${auftrag}`),
};
