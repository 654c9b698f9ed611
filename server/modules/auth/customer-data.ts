// Customer data change (Kundendaten): only the fields sent change.
import { notFound } from '../../http/errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route.ts';
import { requirePermission } from '../../lib/permissions.ts';
import { findCountry, loadCustomerRow, sessionCustomer } from '../user.ts';
import { resolveLanguage } from '#rules/locale.ts';
import * as calls from '#api/auth.ts';
import { kundendatenErrors } from '#rules/forms.ts';
import { emailTaken, emailTakenLocked } from './shared.ts';
import { throwFieldErrors, trimOr, columnsOf } from './customer-fields.ts';

export const routes: AnyRoute[] = [
  defineRoute(calls.changeCustomerData, async ({ db, body, session, country: pageCountry }) => {
    await requirePermission(db, session, 'account');
    const cust = await loadCustomerRow(db, session.kdnr);
    if (!cust) throw notFound();
    const emailChanges = body.eMail !== undefined && trimOr(body.eMail).toLowerCase() !== (cust.email ?? '').toLowerCase();
    // a postal code sent alone is checked by the customer's country
    const forCheck = body.PLZ !== undefined && body.LandISO2 === undefined ? { ...body, LandISO2: cust.land_iso2 } : body;
    throwFieldErrors(kundendatenErrors(forCheck, cust.email ?? ''), 'customer_data_change_error');
    let lndnr: number | undefined;
    if (body.LandISO2 !== undefined) {
      const country = await findCountry(db, trimOr(body.LandISO2));
      if (!country) throwFieldErrors({ LandISO2: 'invalid_country' }, 'customer_data_change_error');
      lndnr = country!.lndnr;
    }
    if (emailChanges && (await emailTaken(db, cust.firma, trimOr(body.eMail), cust.kdnr))) {
      throwFieldErrors({ eMail: 'email_exists' }, 'customer_data_change_error');
    }
    const patch = columnsOf(body, lndnr);
    if (body.Sprache !== undefined && trimOr(body.Sprache) !== '') patch.sprache = resolveLanguage(body.Sprache, cust.firma);
    if (Object.keys(patch).length) {
      await db.transaction().execute(async (tx) => {
        if (emailChanges && (await emailTakenLocked(tx, cust.firma, trimOr(body.eMail), cust.kdnr))) {
          throwFieldErrors({ eMail: 'email_exists' }, 'customer_data_change_error');
        }
        await tx.updateTable('customers').set(patch).where('kdnr', '=', session.kdnr).execute();
      });
    }
    return sessionCustomer(db, session, pageCountry);
  }),
];
