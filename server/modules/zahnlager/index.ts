// The digital tooth storage (sections 2/3/4), one concern per file: the storage (storage.ts, its calls in
// storage-routes.ts), booking and completion via the cart (booking.ts), statistics, the tooth-set order
// history, digitisation requests and the uploaded photos. Contracts: src/api/zahnlager.ts.
import type { AnyRoute } from '../../http/route.ts';
import { bookingRoutes } from './booking.ts';
import { digitisationRoutes } from './digitisation.ts';
import { orderHistoryRoutes } from './order-history.ts';
import { statisticsRoutes } from './statistics.ts';
import { storageRoutes } from './storage-routes.ts';
import { uploadRoutes } from './uploads.ts';

// what the cart (slots leave "processing") and the booking sweep job use
export { settleProcessingSlots, sweepAutoBookings } from './booking.ts';

export const routes: AnyRoute[] = [
  ...bookingRoutes, ...storageRoutes, ...statisticsRoutes, ...orderHistoryRoutes, ...digitisationRoutes, ...uploadRoutes,
];
