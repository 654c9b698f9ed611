// A call's handler bound to its contract (src/api/<feature>.ts): the contract gives path, access and the
// zod schemas; the handler gets the parsed, typed params/query/body and must return what the answer
// schema describes. The same declarations drive validation, the `{ result }` wrapping, the answer check
// of the test run and the generated OpenAPI document.
import type { Context } from 'hono';
import { z } from 'zod';
import type { AnySchema, ContractDef, HandlerResult } from '#api/contract.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from './errors.ts';
import { fieldErrors } from '#api/form-schemas.ts';
import type { Session } from './session.ts';

export interface HandlerCtx<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** null only for public/guest calls without a session */
  session: Session | null;
  db: Db;
  c: Context;
  ip: string;
  /** country and language: from the session, else from query/params defaults */
  lang: string;
  country: string;
}

export interface CustomerCtx<P, Q, B> extends HandlerCtx<P, Q, B> {
  session: Session;
}

type Out<T> = T extends AnySchema ? z.output<T> : undefined;

/** The handler's context for a contract: a logged-in session for customer and logbook calls. */
export type CtxOf<C extends ContractDef> = C['access'] extends 'customer' | 'logbook'
  ? CustomerCtx<Out<C['params']>, Out<C['query']>, Out<C['body']>>
  : HandlerCtx<Out<C['params']>, Out<C['query']>, Out<C['body']>>;

export type Handler<C extends ContractDef> = (ctx: CtxOf<C>) => Promise<HandlerResult<C>> | HandlerResult<C>;

export type AnyRoute = ContractDef & { handler: (ctx: any) => Promise<unknown> | unknown };

/** Binds a handler to a contract; its context and its answer are typed from the contract's schemas. */
export function defineRoute<const C extends ContractDef>(contract: C, handler: Handler<C>): AnyRoute {
  return { ...contract, handler: handler as AnyRoute['handler'] };
}

/** Turns zod issues into the spec's error key: a schema may set the key as its message. */
export function validationError(err: z.core.$ZodError): ApiError {
  const first = err.issues[0];
  const msg = first?.message ?? '';
  const key = /^[a-z][a-z0-9_]*$/.test(msg) ? msg : 'invalid_input';
  // a form's refusal names its first field and every refused field, as its island shows them
  const field = first?.path[0];
  return new ApiError(400, key, {
    ...(field !== undefined ? { field: String(field), fields: fieldErrors({ success: false, error: err }) } : {}),
    issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
  });
}

export function parseWith<T extends AnySchema>(schema: T | undefined, value: unknown): z.output<T> | undefined {
  if (!schema) return undefined;
  const r = z.safeParse(schema, value);
  if (!r.success) throw validationError(r.error);
  return r.data;
}
