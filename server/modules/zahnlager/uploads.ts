// Uploaded photos (digitisation, service requests), for their owner only.
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { serveUpload } from '../../lib/uploads.ts';
import * as zahnlager from '#api/zahnlager.ts';

export const uploadRoutes: AnyRoute[] = [
  defineRoute(zahnlager.uploadThumb, ({ db, session, params }) => serveUpload(db, session.kdnr, params.id, 'thumb')),
  defineRoute(zahnlager.upload, ({ db, session, params }) => serveUpload(db, session.kdnr, params.id, 'file')),
];
