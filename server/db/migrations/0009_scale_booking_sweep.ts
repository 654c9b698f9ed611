// The automatic tooth-storage booking also runs as a singleton job (server/jobs/booking-sweep.ts), not only
// when the customer calls: a booking the customer has not been told about yet waits with shown = 0 until
// the customer's next call reports it (the 'notice' dialog). Earlier bookings count as shown.
import { type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('zahnlager_bookings').addColumn('shown', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.createIndex('zl_bookings_unshown').on('zahnlager_bookings').columns(['kdnr', 'shown']).execute();
  // the sweep looks for customers with sets on their way
  await db.schema.createIndex('zl_slots_status').on('zahnlager_slots').columns(['status', 'kdnr']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('zl_slots_status').execute();
  await db.schema.dropIndex('zl_bookings_unshown').execute();
  await db.schema.alterTable('zahnlager_bookings').dropColumn('shown').execute();
}
