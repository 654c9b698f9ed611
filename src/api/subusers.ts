// Sub-users of a customer (section 6 functions K07/K09/K13), the scanner's user calls and the acting user
// of a session. Handlers: server/modules/subusers.ts.
import { FUNCTION_ROLES } from '../lib/rules/constants.ts';
import { parseFunktionen } from '../lib/rules/permissions.ts';
import { isEmail } from '../lib/rules/validate.ts';
import { zId } from './common.ts';
import { z } from 'zod';
import { contract } from './contract.ts';

export const UserOut = z.object({
  id: z.number(), vorname: z.string(), nachname: z.string(), funktionen: z.array(z.string()),
  role: z.enum(['general', 'sub']),
});
export const ListUserOut = UserOut.extend({
  email: z.string().nullable(), active: z.boolean(),
  hasPassword: z.boolean().describe('the user can log in (sub-users: 123456x<id>) and be switched to with a password'),
  needsPassword: z.boolean().describe('switching the session to this user needs its password (it has a right the acting user lacks)'),
});
export const zName = z.string({ error: 'field_invalid' }).max(50, 'too_long')
  .transform((v) => v.trim()).refine((v) => v.length > 0, 'please_fill_in');
export const zFunktionen = z.union([z.array(z.string().max(5, 'invalid_function')).max(10, 'invalid_function'), z.string().max(40, 'invalid_function')],
  { error: 'invalid_function' })
  .transform((v) => (Array.isArray(v) ? parseFunktionen(v.join(';')) : parseFunktionen(v)))
  .refine((fs) => fs.every((f) => (FUNCTION_ROLES as readonly string[]).includes(f)), 'invalid_function');
export const zEmail = z.union([z.string().max(254, 'too_long'), z.null()], { error: 'field_invalid' })
  .transform((v) => (v ?? '').trim().toLowerCase())
  .refine((v) => v === '' || isEmail(v), 'invalid_email');
export const zPw = z.string({ error: 'password_length' }).max(1000, 'password_length');
export const pwFields = {
  password: zPw.optional().describe('the sub-user\'s first password (login 123456x<id>), set by the main user or a K07; the sub-user replaces it at its first login (password_change_required)'),
  password2: zPw.optional(),
};
export const createBody = z.object({
  vorname: zName, nachname: zName, funktionen: zFunktionen.default([]), email: zEmail.optional(), ...pwFields,
});
export const updateBody = z.object({
  vorname: zName.optional(), nachname: zName.optional(), funktionen: zFunktionen.optional(), email: zEmail.optional(), ...pwFields,
});

export const logbookUser = contract({
  method: 'get', path: '/user', access: 'logbook', tag: 'subusers',
  summary: 'Active scanner user: the session\'s sub-user, else the main user (id 0, role general)',
  response: UserOut,
});

export const logbookUserById = contract({
  method: 'get', path: '/user/:id', access: 'logbook', tag: 'subusers',
  summary: 'One user of the own account (0 = main user); 404 for others',
  params: z.object({ id: zId }),
  response: UserOut,
});

export const list = contract({
  method: 'get', path: '/user/subusers', access: 'customer', tag: 'subusers',
  summary: 'Main user first (role general), then the sub-users with their functions; active marks the session\'s acting user, needsPassword the users a switch to needs the password of',
  response: z.array(ListUserOut),
});

export const create = contract({
  method: 'post', path: '/user/subusers', access: 'customer', tag: 'subusers',
  summary: 'Creates a sub-user { vorname, nachname, funktionen: ["K07"|"K09"|"K13"], email?, password?, password2? } (main user or K07)',
  body: createBody,
  response: UserOut,
});

export const update = contract({
  method: 'put', path: '/user/subusers/:id', access: 'customer', tag: 'subusers',
  summary: 'Changes a sub-user (only the fields sent; main user or K07). Fewer functions count on the next request; more functions or a new password end the sub-user\'s other sessions',
  params: z.object({ id: zId }),
  body: updateBody,
  response: UserOut,
});

export const remove = contract({
  method: 'delete', path: '/user/subusers/:id', access: 'customer', tag: 'subusers',
  summary: 'Removes a sub-user (kept for the logbook history; main user or K07); every session acting as it ends',
  params: z.object({ id: zId }),
  response: z.object({ deleted: z.literal(true) }),
});

export const setActive = contract({
  method: 'put', path: '/user/active', access: 'customer', tag: 'subusers',
  summary: 'Sets the acting user of the session { id, password? } (0 = main user). A user with any right the acting user '
    + 'lacks needs its password (403 user_password_required / user_password_wrong; 429 after repeated failures); '
    + 'switching to fewer rights never does. The session gets a new token (new sid cookie, the old one ends)',
  body: z.object({ id: zId, password: z.string().max(1000, 'user_password_wrong').optional() }),
  response: UserOut,
});
