// Accounts, one concern per file: shared.ts (tokens, limits, locale of a request), customer-fields.ts (the
// Customer fields as columns), credentials.ts (login names and passwords), session.ts (login, logout, client
// log), register.ts (registration, quick registration, verification), password.ts (forgotten, reset, change),
// customer-data.ts (Kundendaten change).
import type { AnyRoute } from '../../http/route.ts';
import { routes as session } from './session.ts';
import { routes as register } from './register.ts';
import { routes as password } from './password.ts';
import { routes as customerData } from './customer-data.ts';

export const routes: AnyRoute[] = [...session, ...register, ...password, ...customerData];
