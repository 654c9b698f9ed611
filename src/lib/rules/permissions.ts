// Function roles of the acting user (spec section 6), shared by the API (server/lib/permissions.ts
// enforces them) and the screens (which hide or disable what the acting user cannot do): the main
// user has general authorisation; sub-users act only through their functions K07 (manager),
// K09 (buyer), K13 (technician).
export type Action =
  | 'order' // submit orders: main user, K07, K09
  | 'release' // release orders of others: main user, K07
  | 'document' // document batches on patient works: main user, K07, K13
  | 'manage_users' // create, edit, delete sub-users: main user, K07
  | 'account'; // change the customer data: main user, K07

const ALLOWED: Record<Action, readonly string[]> = {
  order: ['K07', 'K09'],
  release: ['K07'],
  document: ['K07', 'K13'],
  manage_users: ['K07'],
  account: ['K07'],
};

export const ACTIONS = Object.keys(ALLOWED) as Action[];

/** "K07;K09" → ['K07', 'K09'] (order kept, blanks and duplicates dropped). */
export function parseFunktionen(s: string | null | undefined): string[] {
  return [...new Set((s ?? '').split(/[;,]/).map((f) => f.trim().toUpperCase()).filter(Boolean))];
}

/** null = the main user (general authorisation); otherwise the sub-user's functions. */
export function allows(funktionen: readonly string[] | null, action: Action): boolean {
  if (funktionen === null) return true;
  return funktionen.some((f) => ALLOWED[action].includes(f));
}

/** The client's view: the active user of the customer state (null = the main user acts). */
export function activeUserMay(activeUser: { funktionen: readonly string[] } | null | undefined, action: Action): boolean {
  return allows(activeUser ? activeUser.funktionen : null, action);
}
