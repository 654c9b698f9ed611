// Error texts of the portal islands: the same rule as the shop (the error key is the locale key).
export { errorMessage as portalError } from '../../shop/lib/errors.ts';
