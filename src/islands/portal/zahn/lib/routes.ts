// Paths of the tooth routes (section 2) under /{country}/{language}.
export function slugOf(line: string): string {
  return line.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

export interface OrderRef { year: number; month: number; day: number; auftrag: number; vorgang: number; rechnung: number }

export function zahnRoutes(c: string, l: string) {
  const b = `/${c}/${l}`;
  return {
    zahnlager: `${b}/zahnlager`,
    schrank: (id: number) => `${b}/zahnlager/schrank/${id}`,
    schublade: (schrank: number, id: number) => `${b}/zahnlager/schrank/${schrank}/schublade/${id}`,
    statistik: `${b}/zahnlager/statistik`,
    bestellhistorie: `${b}/zahnlager/bestellhistorie`,
    details: (o: OrderRef) => `${b}/zahnlager/bestellhistorie/details/${o.year}/${o.month}/${o.day}/${o.auftrag}/${o.vorgang}/${o.rechnung}`,
    digitalisierung: `${b}/service/digitalisierung`,
    /** id 0 = no tooth line chosen yet */
    zahnlinie: (line: string | null) => `${b}/zahnassistent/zahnlinie/${line ? slugOf(line) : '0'}`,
    garnitur: (artnr: string) => `${b}/zahnassistent/garnitur/${encodeURIComponent(artnr)}`,
    wk: `${b}/wk`,
  };
}
