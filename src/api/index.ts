// Every call of the API by the name clients use ('POST /api/wk/:artnr/add/:qty'). Type-only: the
// clients import this map as a type, so no schema ends up in a browser bundle. Add a feature's
// contract module here when you create it.
import type { ContractDef, RouteKey } from './contract.ts';
import type * as cart from './cart.ts';
import type * as auth from './auth.ts';
import type * as user from './user.ts';
import type * as subusers from './subusers.ts';
import type * as releaseRules from './release-rules.ts';
import type * as catalog from './catalog.ts';
import type * as search from './search.ts';
import type * as favoriten from './favoriten.ts';
import type * as quickorder from './quickorder.ts';
import type * as checkout from './checkout.ts';
import type * as orders from './orders.ts';
import type * as content from './content.ts';
import type * as cms from './cms.ts';
import type * as health from './health.ts';
import type * as dev from './dev.ts';
import type * as documents from './documents.ts';
import type * as forms from './forms.ts';
import type * as labels from './labels.ts';
import type * as logbook from './logbook.ts';
import type * as mdr from './mdr.ts';
import type * as zahnlager from './zahnlager.ts';
import type * as operator from './operator.ts';

type ContractsOf<M> = { [K in keyof M]: M[K] extends ContractDef ? M[K] : never }[keyof M];

type AllContracts =
  | ContractsOf<typeof cart>
  | ContractsOf<typeof auth>
  | ContractsOf<typeof user>
  | ContractsOf<typeof subusers>
  | ContractsOf<typeof releaseRules>
  | ContractsOf<typeof catalog>
  | ContractsOf<typeof search>
  | ContractsOf<typeof favoriten>
  | ContractsOf<typeof quickorder>
  | ContractsOf<typeof checkout>
  | ContractsOf<typeof orders>
  | ContractsOf<typeof content>
  | ContractsOf<typeof cms>
  | ContractsOf<typeof health>
  | ContractsOf<typeof dev>
  | ContractsOf<typeof documents>
  | ContractsOf<typeof forms>
  | ContractsOf<typeof labels>
  | ContractsOf<typeof logbook>
  | ContractsOf<typeof mdr>
  | ContractsOf<typeof zahnlager>
  | ContractsOf<typeof operator>;

export type ApiRoutes = { [C in AllContracts as RouteKey<C>]: C };
export type ApiRoute = keyof ApiRoutes;
