// Client-side customer state (section 3): guest when kundennummer is empty or 0.
import { atom } from 'nanostores';

export interface CustomerState {
  loggedin: boolean;
  kundennummer: number;
  firma: number;
  isLS: boolean;
  currency: string;
  anrede: string; titel: string; vorname: string; nachname: string;
  newsletter: boolean; faxwerbung: boolean;
  activeUser: { id: number; vorname: string; nachname: string; funktionen: string[] } | null;
  /** true once the session check has answered */
  checked: boolean;
}

export const GUEST: CustomerState = {
  loggedin: false, kundennummer: 0, firma: 1, isLS: false, currency: 'EUR',
  anrede: 'ka', titel: '', vorname: '', nachname: '', newsletter: false, faxwerbung: false, activeUser: null, checked: false,
};

export const $customer = atom<CustomerState>(GUEST);

const listeners = new Set<() => void>();
/** Modules that cache customer data register here to clear it on logout. */
export function onLogout(fn: () => void): () => void { listeners.add(fn); return () => listeners.delete(fn); }

/** Any 401 from any call lands here: everything that belongs to the customer is dropped. */
export function loggedOut(): void {
  const was = $customer.get();
  $customer.set({ ...GUEST, firma: was.firma, isLS: was.isLS, checked: true });
  for (const fn of listeners) fn();
}
