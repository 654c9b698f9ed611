// One way to declare an API call: path, access, zod schemas, handler. The same declarations
// drive validation, the `{ result }` wrapping and the generated OpenAPI document.
import type { Context } from 'hono';
import { z, type ZodType } from 'zod';
import type { Db } from '../db/index.ts';
import { ApiError } from './errors.ts';
import type { Session } from './session.ts';

export type Access =
  | 'public' // /api/…, session optional
  | 'guest' // /api/guest/… and /api/…, session optional (the spec's guest calls)
  | 'customer' // /api/…, logged-in customer required (401 otherwise)
  | 'logbook'; // /api/logbook/…, logged-in customer required

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

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

type Out<T> = T extends ZodType ? z.output<T> : undefined;

export interface RouteDef<
  PS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  BS extends ZodType | undefined = undefined,
  A extends Access = Access,
> {
  method: Method;
  /** Hono path syntax relative to the access prefix, e.g. '/wk/:artnr/add/:qty' */
  path: string;
  access: A;
  tag: string;
  summary: string;
  params?: PS;
  query?: QS;
  body?: BS;
  /** body is multipart/form-data or binary: the handler reads c.req itself */
  rawBody?: boolean;
  /** documented answer schema (of `result`) */
  response?: ZodType;
  /** handler returns a Response (PDF, CSV, redirect) that is sent unwrapped */
  rawResponse?: boolean;
  /** a GET that changes state (the spec's logout, auto booking): refused when a browser sends it cross-site */
  stateChangingGet?: boolean;
  handler: (
    ctx: A extends 'customer' | 'logbook' ? CustomerCtx<Out<PS>, Out<QS>, Out<BS>> : HandlerCtx<Out<PS>, Out<QS>, Out<BS>>,
  ) => Promise<unknown> | unknown;
}

export type AnyRoute = RouteDef<any, any, any, any>;

export function defineRoute<
  PS extends ZodType | undefined = undefined,
  QS extends ZodType | undefined = undefined,
  BS extends ZodType | undefined = undefined,
  A extends Access = Access,
>(def: RouteDef<PS, QS, BS, A>): AnyRoute {
  return def as AnyRoute;
}

/** Turns zod issues into the spec's error key: a schema may set the key as its message. */
export function validationError(err: z.ZodError): ApiError {
  const first = err.issues[0];
  const msg = first?.message ?? '';
  const key = /^[a-z][a-z0-9_]*$/.test(msg) ? msg : 'invalid_input';
  return new ApiError(400, key, {
    issues: err.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
  });
}

export function parseWith<T extends ZodType>(schema: T | undefined, value: unknown): z.output<T> | undefined {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

// ---- small shared schema pieces ----
export const zCountry = z.string().regex(/^[a-zA-Z]{2}$/, 'invalid_country').transform((s) => s.toLowerCase());
export const zLanguage = z.string().regex(/^[a-zA-Z]{2}$/, 'invalid_language').transform((s) => s.toLowerCase());
export const zArtnr = z.string().min(1, 'error_artnr').max(40, 'error_artnr').regex(/^[A-Za-z0-9.,\-/ ]+$/, 'error_artnr');
export const zQty = z.coerce.number({ error: 'error_menge' }).int('error_menge').positive('error_menge').max(99999, 'error_menge');
export const zId = z.coerce.number({ error: 'invalid_id' }).int('invalid_id').nonnegative('invalid_id').max(2_147_483_647, 'invalid_id');
export const zText = (max: number) => z.string().max(max, 'too_long');
