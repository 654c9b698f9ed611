// Input typed into a server-rendered form before its island hydrated (issue 12: "Frau" chosen and
// "C" typed while the contact form loaded → after hydration Anrede was empty and Vorname read "lara").
// React keeps the DOM value at hydration but its state still holds the server's value, so the next
// render wipes what was typed. The inline recorder of Head.astro notes every value typed into an island
// that has not hydrated yet; once React has hydrated those fields, each one is handed to the island as
// a real input/change event, so its state takes the typed value over. Works for every island.
// The forms sent and buttons pressed meanwhile (held back by the second inline script of Head.astro, never
// sent natively) are done again after that, in their order, so a click during loading is neither lost nor
// run on the server's values (two presses of "+" count twice; a form sent twice is sent once).
type Typed = { value: string } | { checked: boolean };
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

type Action = { form: HTMLFormElement; submitter: HTMLElement | null } | { button: HTMLButtonElement };

const recorded = window as unknown as { __typedBeforeHydration?: Map<Field, Typed>; __actionBeforeHydration?: Map<Element, Action[]> };
const typed = () => recorded.__typedBeforeHydration;

const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
/** React marks the DOM nodes it has hydrated with its props (an own key __reactProps$…). */
const hydratedByReact = (n: Element) => Object.keys(n).some((k) => k.startsWith('__reactProps$'));

/** Sets the value past React's value tracker (the prototype's setter), so the event counts as a change. */
function setNative(n: Field, prop: 'value', v: string): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(n), prop)?.set?.call(n, v);
}

const shows = (n: Field, t: Typed) => ('checked' in t ? (n as HTMLInputElement).checked === t.checked : n.value === t.value);

function handOver(n: Field, t: Typed): void {
  if ('checked' in t) {
    if (!(n instanceof HTMLInputElement)) return;
    // the instance setter updates React's tracker to the opposite; the click then is the user's choice
    n.checked = !t.checked;
    n.click();
    return;
  }
  if (n instanceof HTMLSelectElement) {
    n.value = t.value;
    n.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const focused = document.activeElement === n;
  n.value = `${t.value}\u0000`; // tracker ≠ the typed value …
  setNative(n, 'value', t.value); // … which the field now shows
  n.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused && n instanceof HTMLInputElement && /^(text|search|email|tel|url|password)$/.test(n.type)) {
    n.setSelectionRange(t.value.length, t.value.length);
  }
}

/**
 * True once React has committed the island's hydration. Astro hydrates in a transition, so the nodes get
 * their props (hydratedByReact) while React is still rendering; an event handed over before the commit is
 * lost (a filter ticked before hydration stayed unticked).
 */
function committed(island: Element): boolean {
  const key = Object.keys(island).find((k) => k.startsWith('__reactContainer$'));
  if (!key) return true; // not a React root (or another renderer): nothing to wait for
  const root = (island as unknown as Record<string, { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } }>)[key]?.stateNode;
  return root?.current?.memoizedState?.isDehydrated !== true;
}

/** Waits (at most 5 s) until React has hydrated every node and committed the island. */
async function reactOwns(nodes: Element[], island?: Element): Promise<void> {
  const until = performance.now() + 5000;
  while (!(nodes.every(hydratedByReact) && (!island || committed(island))) && performance.now() < until) await frame();
}

/** The held-back action, once the island's state is the customer's: the form sent again, the button pressed. */
async function redo(a: Action, island: Element): Promise<void> {
  if ('button' in a) {
    await reactOwns([a.button], island);
    if (a.button.isConnected && !a.button.disabled) a.button.click();
    return;
  }
  await reactOwns([a.form], island);
  if (!a.form.isConnected) return;
  const by = a.submitter && a.submitter.isConnected && (a.submitter as HTMLButtonElement).form === a.form ? a.submitter : null;
  a.form.requestSubmit(by);
}

async function settle(island: Element): Promise<void> {
  const map = typed();
  const fields = map ? [...map.keys()].filter((n) => island.contains(n)) : [];
  if (fields.length) {
    await reactOwns(fields, island);
    // the latest value: typing goes on (and is recorded) while React hydrates
    for (const n of fields) { const t = map!.get(n); if (t && n.isConnected) handOver(n, t); }
    // a render right after hydration may still put a field back to the server's value: check again
    await frame(); await frame(); await frame();
    for (const n of fields) { const t = map!.get(n); if (t && n.isConnected && !shows(n, t)) handOver(n, t); }
    for (const n of fields) map!.delete(n);
  }
  island.removeAttribute('data-keep');
  const actions = recorded.__actionBeforeHydration?.get(island) ?? [];
  recorded.__actionBeforeHydration?.delete(island);
  // one frame between them: React renders each press before the next reads its state
  for (const a of actions) { await redo(a, island); await frame(); }
}

export function initHydrationInput(): void {
  document.addEventListener('astro:hydrate', (e) => { void settle(e.target as Element); }, true);
  // islands that hydrated before this script ran
  for (const island of document.querySelectorAll('astro-island[data-keep]')) void settle(island);
}
