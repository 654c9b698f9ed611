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

export { autoBook, DELIVERED_ORDER_STATUSES, linkProcessingSlots, settleProcessingSlots } from './booking.ts';
export { SLOT_STATES } from '../../../src/api/zahnlager.ts';
export { designations } from '../../lib/designations.ts';

export const routes: AnyRoute[] = [
  ...bookingRoutes, ...storageRoutes, ...statisticsRoutes, ...orderHistoryRoutes, ...digitisationRoutes, ...uploadRoutes,
];
