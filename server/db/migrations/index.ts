// Versioned migrations, applied in name order on start. Add a file, then list it here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_core.ts';
import * as m0002 from './0002_search.ts';
import * as m0003 from './0003_secacct_accounts.ts';

export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_search': m0002,
  '0003_secacct_accounts': m0003,
};
