// The article as lists show it (search, category, cart, favourites): one schema for every list answer.
import { z } from 'zod';

export const ArticleListItem = z.object({
  Artikelnummer: z.string(),
  Bezeichnung: z.string(),
  Gebinde: z.string(),
  Preis: z.number(),
  KatPreis: z.number(),
  IstNeuheit: z.number(),
  IstReferenz: z.number(),
  AusSortiment: z.number(),
  TempAusSortiment: z.number(),
  BereitsGekauft: z.number(),
  Rabatt: z.number(),
  MCode: z.number().nullable(),
  lieferant: z.string(),
  LetzterKaufMonat: z.number().nullable(),
  LetzterKaufJahr: z.number().nullable(),
  ParentId: z.string().nullable(),
  ParentArtikelnummer: z.string().nullable(),
  PG: z.number(),
  KatId: z.number(),
  Referenz: z.string(),
  vkz: z.string(),
  Lieferstatus: z.number(),
  Waehrung: z.string(),
});
export type ArticleListItem = z.infer<typeof ArticleListItem>;
