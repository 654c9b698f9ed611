// The company (firma) serving the page's country (section 4: start-up "always fetches company
// number", GET user/company/{country}). The login sends it: a customer exists only within its
// company, so the brand host's number must be asked for, never assumed.
import { atom } from 'nanostores';
import { request } from '../lib/api.ts';
import { $customer } from './customer.ts';
import { isLS } from '../lib/rules/constants.ts';

/** 0 until the start-up call has answered */
export const $company = atom(0);

const pending = new Map<string, Promise<number>>();

/** Company number of the country; one call per country and page, shared by the start-up and the login. */
export function companyFor(country: string): Promise<number> {
  const key = country.toLowerCase();
  let p = pending.get(key);
  if (!p) {
    p = request('GET /api/guest/user/company/:country', { params: { country: key } }).then((n) => {
      const firma = Number(n);
      if (!Number.isInteger(firma) || firma <= 0) throw new Error('company');
      $company.set(firma);
      // a guest belongs to the country's company (the customer entity decides once logged in)
      const c = $customer.get();
      if (!c.kundennummer) $customer.set({ ...c, firma, isLS: isLS(firma) });
      return firma;
    });
    p.catch(() => pending.delete(key)); // a failed call is asked again by the next user
    pending.set(key, p);
  }
  return p;
}
