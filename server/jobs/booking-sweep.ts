// The automatic tooth-storage booking as a singleton job: the lease holder books, every SWEEP_MS, the
// delivered sets of every customer whose 15-minute window has passed, whether or not the customer is
// online (server/modules/zahnlager.ts sweepAutoBookings). The window is claimed per customer in the
// database, so a booking happens once even if a second holder or the customer's own call runs beside it.
import { config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { sweepAutoBookings } from '../modules/zahnlager/index.ts';
import { runSingleton, type SingletonJob } from './singleton.ts';

/** `everyMs`: how often the holder looks for due customers (BOOKING_SWEEP_MS, 10 s: far below the window). */
export function startBookingSweep(db: Db, everyMs = config.bookingSweepMs, holder?: string): SingletonJob {
  return runSingleton(db, 'booking-sweep', everyMs, async () => {
    const r = await sweepAutoBookings(db);
    if (r.booked) console.log(`[booking-sweep] ${r.booked} sets booked for ${r.customers} customers`);
  }, holder);
}
