// The brand variant of a company (spec: company 3 is the sister brand "isLS"). Its own module: the start-up
// script of every static page needs it, and the customer rules beside it would bring the form validation.
import { COMPANY_LS } from './constants.ts';

/** Company 3 is the sister brand variant (isLS); every other company uses the default brand. */
export function isLS(firma: number | string | null | undefined): boolean {
  return Number(firma) === COMPANY_LS;
}
