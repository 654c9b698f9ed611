// The one script of every content page (no framework): cookie banner and analytics, menus, scroll
// rules, UI primitives, images and the session-dependent header bits.
import { initConsent } from './site/consent.ts';
import { initHydrationInput } from './site/hydration.ts';
import { initImages } from './site/images.ts';
import { initMenus } from './site/menus.ts';
import { initScroll } from './site/scroll.ts';
import { initSession } from './site/session.ts';
import { initUi } from './site/ui.ts';

initHydrationInput();
initImages();
initConsent();
initMenus();
initUi();
initSession();
initScroll();
