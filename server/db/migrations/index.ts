// Versioned migrations, applied in name order on start. Add a file, then list it here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_core.ts';
import * as m0002 from './0002_search.ts';
import * as m0003 from './0003_money_vat.ts';
import * as m0004 from './0004_scale_jobs.ts';
import * as m0005 from './0005_mdr_case_file.ts';
import * as m0006 from './0006_cms_publish.ts';
import * as m0007 from './0007_accounts.ts';
import * as m0008 from './0008_budget_release_rules.ts';
import * as m0009 from './0009_scale_booking_sweep.ts';
import * as m0010 from './0010_search_in_memory_index.ts';
import * as m0011 from './0011_property_texts.ts';
import * as m0012 from './0012_mail_sender.ts';
import * as m0013 from './0013_typeset_catalogue.ts';

export const migrations: Record<string, Migration> = {
  '0001_core': m0001,
  '0002_search': m0002,
  '0003_money_vat': m0003,
  '0004_scale_jobs': m0004,
  '0005_mdr_case_file': m0005,
  '0006_cms_publish': m0006,
  '0007_accounts': m0007,
  '0008_budget_release_rules': m0008,
  '0009_scale_booking_sweep': m0009,
  '0010_search_in_memory_index': m0010,
  '0011_property_texts': m0011,
  '0012_mail_sender': m0012,
  '0013_typeset_catalogue': m0013,
};
