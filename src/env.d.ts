// Types: the custom directive in .astro templates and the locals the server hands to on-demand pages.
declare global {
  namespace Astro {
    interface ClientDirectives {
      /** hydrate on the first interaction inside the island, or when its topic is announced */
      'client:interaction'?: boolean | string;
      /** hydrate within n px (default 150) of the viewport, on interaction, or at once after back/forward */
      'client:near'?: boolean | number;
    }
  }
  namespace App {
    interface Locals {
      /** set by server/site.ts for on-demand pages: the logged-in customer, null for guests */
      session?: { kdnr: number; firma: number; subUserId: number | null } | null;
    }
  }
}
export {};
