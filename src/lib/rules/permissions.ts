// Function roles of the acting user (spec section 6), shared by the server's checks and the screens
// that hide what the user cannot do: the main user has general authorisation; sub-users act only
// through their functions K07 (manager), K09 (buyer), K13 (technician).

export type Action =
  | 'order' // submit orders: main user, K07, K09
  | 'release' // release orders of others: main user, K07
  | 'document' // document batches on patient works: main user, K07, K13
  | 'manage_users' // create, edit, delete sub-users: main user, K07
  | 'account'; // change the customer data: main user, K07

export const ALLOWED: Record<Action, readonly string[]> = {
  order: ['K07', 'K09'],
  release: ['K07'],
  document: ['K07', 'K13'],
  manage_users: ['K07'],
  account: ['K07'],
};

/** null = the main user (general authorisation), else the sub-user's functions. */
export function allows(funktionen: readonly string[] | null, action: Action): boolean {
  if (funktionen === null) return true;
  return funktionen.some((f) => ALLOWED[action].includes(f));
}
