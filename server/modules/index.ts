// Every API module contributes its route declarations here.
import type { AnyRoute } from '../http/route.ts';
import { routes as health } from './health.ts';
import { routes as user } from './user.ts';
import { routes as auth } from './auth/index.ts';
import { routes as subusers } from './subusers.ts';
import { routes as cart } from './cart.ts';
import { routes as favoriten } from './favoriten.ts';
import { routes as catalog } from './catalog.ts';
import { routes as search } from './search.ts';
import { routes as content } from './content.ts';
import { routes as cms } from './cms.ts';
import { routes as orders } from './orders.ts';
import { routes as checkout } from './checkout/index.ts';
import { routes as zahnlager } from './zahnlager/index.ts';
import { routes as labels } from './labels.ts';
import { routes as documents } from './documents.ts';
import { routes as forms } from './forms.ts';
import { routes as logbook } from './logbook.ts';
import { routes as quickorder } from './quickorder.ts';
import { routes as mdr } from './mdr.ts';
import { routes as releaseRules } from './release-rules.ts';
import { routes as operator } from './operator.ts';
import { routes as dev } from './dev.ts';

export const allRoutes: AnyRoute[] = [
  ...health, ...user, ...auth, ...subusers, ...cart, ...favoriten, ...catalog, ...search,
  ...content, ...cms,
  ...orders, ...checkout, ...zahnlager, ...labels, ...documents, ...forms, ...logbook,
  ...quickorder, ...mdr, ...releaseRules, ...operator, ...dev,
];
