// client:interaction — hydrate an island on the first pointerover, focusin, touchstart, keydown or
// input inside it, so header islands (search preview, login panel, cart) ship no JavaScript before the
// user interacts. client:interaction="topic" also hydrates when a page script announces the topic
// (document event "shop:activate" with detail = topic), e.g. a login link elsewhere on the page.
// client:interaction="kept": a kept-alive island (search results, category listing) that restores its
// answer and scroll position once hydrated, so it hydrates at once when the page is a back/forward visit.
import type { ClientDirective } from 'astro';
import { isBackNavigation } from '../islands/shop/lib/keepalive.ts';

// input/change: a value set without focus or pointer (autofill, a script) also wakes the island
const EVENTS = ['pointerover', 'focusin', 'touchstart', 'keydown', 'input', 'change'] as const;

const interaction: ClientDirective = (load, opts, el) => {
  const topic = typeof opts.value === 'string' ? opts.value : '';
  const w = window as unknown as { __shopTopics?: Set<string> };
  if (topic) (w.__shopTopics ??= new Set()).add(topic);
  let started = false;
  const onTopic = (e: Event) => { if ((e as CustomEvent).detail === topic) void start(); };
  const stop = () => {
    for (const ev of EVENTS) el.removeEventListener(ev, start);
    document.removeEventListener('shop:activate', onTopic);
  };
  async function start() {
    if (started) return;
    started = true;
    stop();
    const hydrate = await load();
    await hydrate();
  }
  if (topic === 'kept' && isBackNavigation()) { void start(); return; }
  for (const ev of EVENTS) el.addEventListener(ev, start, { passive: true });
  if (topic) document.addEventListener('shop:activate', onTopic);
};

export default interaction;
