// Deterministic seed entry point (filled by the seed module): same data on every machine.
import type { Db } from '../db/index.ts';

export interface SeedOptions { articles: number; log?: (msg: string) => void }

export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db.selectFrom('companies').select('firma').limit(1).executeTakeFirst();
  return !row;
}

export async function seed(_db: Db, _opts: SeedOptions): Promise<void> {
  // placeholder until the catalogue generator lands
}
