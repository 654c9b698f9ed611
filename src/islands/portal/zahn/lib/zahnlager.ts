// Tooth-storage calls (contract: src/api/zahnlager.ts) with the cart counter they change.
import { request } from '#lib/api.ts';
import { $wkCounter } from '#stores/basket.ts';

export type Scope = 'schublade' | 'schrank' | 'all';

async function refreshCartCounter(): Promise<void> {
  try { $wkCounter.set(await request('GET /api/wk/anz')); } catch { /* the counter catches up on the next page */ }
}

const byId = (id: number) => ({ params: { id } });
const inScope = (scope: Scope, id?: number) => ({ body: id === undefined ? { scope } : { scope, id } });

export const zl = {
  overview: () => request('GET /api/zahnlager'),
  cabinet: (id: number) => request('GET /api/zahnlager/schraenke/:id', byId(id)),
  addCabinet: (name: string) => request('POST /api/zahnlager/schraenke', { body: { name } }),
  renameCabinet: (id: number, name: string) => request('PUT /api/zahnlager/schraenke/:id', { ...byId(id), body: { name } }),
  deleteCabinet: (id: number) => request('DELETE /api/zahnlager/schraenke/:id', byId(id)),
  addDrawer: (schrank: number, d: { name: string; zeilen: number; spalten: number }) =>
    request('POST /api/zahnlager/schraenke/:schrank/schubladen', { params: { schrank }, body: d }),
  editDrawer: (schrank: number, id: number, d: { name?: string; zeilen?: number; spalten?: number }) =>
    request('PUT /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id }, body: d }),
  deleteDrawer: (schrank: number, id: number) => request('DELETE /api/zahnlager/schraenke/:schrank/schubladen/:id', { params: { schrank, id } }),
  drawer: (id: number) => request('GET /api/zahnlager/schubladen/:id', byId(id)),
  setSlot: (id: number, body: { artikelnummer?: string | null; belegt?: 0 | 1 }) => request('PUT /api/zahnlager/slots/:id', { ...byId(id), body }),
  /** LOT and expiry of the slot's stock (MDR lot recall and expiry flags) */
  setStock: (id: number, body: { lot: string; verfallsdatum: string | null }) => request('PUT /api/mdr/stock/:id', { ...byId(id), body }),
  select: (id: number, belegt: 0 | 1) => request('POST /api/zahnlager/slots/:id/select', { ...byId(id), body: { belegt } }),
  unselect: (id: number) => request('POST /api/zahnlager/slots/:id/unselect', byId(id)),
  /** clears selections and undoes processing (those sets leave the cart) in the scope */
  reset: async (scope: Scope, id?: number) => {
    const r = await request('POST /api/zahnlager/reset', inScope(scope, id));
    await refreshCartCounter();
    return r;
  },
  /** the selected sets of the scope (a drawer, a cabinet or the whole storage) into the cart */
  toCart: async (scope: Scope, id?: number) => {
    const r = await request('POST /api/zahnlager/wk', inScope(scope, id));
    $wkCounter.set(r.wkcounter);
    return r;
  },
  /** undoes "processing" of one slot: its set leaves the cart */
  release: async (id: number) => {
    const r = await request('POST /api/zahnlager/slots/:id/release', byId(id));
    await refreshCartCounter();
    return r;
  },
  statistik: (query: { from: string; to: string; group: 'day' | 'week' | 'month' }) => request('GET /api/zahnlager/statistik', { query }),
  dashboard: () => request('GET /api/zahnlager/dashboard'),
  historie: (page: number) => request('GET /api/zahnlager/bestellhistorie', { query: { page } }),
  order: (auftrag: number) => request('GET /api/zahnlager/bestellhistorie/:auftrag', { params: { auftrag } }),
};
