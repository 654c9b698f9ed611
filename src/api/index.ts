// Every call of the API by the name clients use ('POST /api/wk/:artnr/add/:qty'). Type-only: the
// clients import this map as a type, so no schema ends up in a browser bundle. Add a feature's
// contract module here when you create it.
import type { ContractDef, RouteKey } from './contract.ts';
import type * as cart from './cart.ts';
import type * as documents from './documents.ts';
import type * as forms from './forms.ts';
import type * as labels from './labels.ts';
import type * as logbook from './logbook.ts';
import type * as mdr from './mdr.ts';
import type * as zahnlager from './zahnlager.ts';

type ContractsOf<M> = { [K in keyof M]: M[K] extends ContractDef ? M[K] : never }[keyof M];

type AllContracts = ContractsOf<typeof cart> | ContractsOf<typeof documents> | ContractsOf<typeof forms> | ContractsOf<typeof labels>
  | ContractsOf<typeof logbook> | ContractsOf<typeof mdr> | ContractsOf<typeof zahnlager>;

export type ApiRoutes = { [C in AllContracts as RouteKey<C>]: C };
export type ApiRoute = keyof ApiRoutes;
