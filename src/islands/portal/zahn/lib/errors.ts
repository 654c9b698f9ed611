// Error texts of the tooth islands: the same rule as the shop (the error key is the locale key).
import { errorMessage, failureKey } from '#islands/shop/lib/errors.ts';
import type { T } from '#islands/shop/lib/i18n.ts';

export function zahnError(t: T, e: unknown): string {
  return errorMessage(t, failureKey(e));
}

export { errorMessage as zahnErrorText } from '#islands/shop/lib/errors.ts';
