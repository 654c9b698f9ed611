// client:interaction — hydrate an island on the first pointerover, focusin, touchstart or keydown
// inside it, so header islands (search preview, login panel, cart) ship no JavaScript before the
// user interacts. client:interaction="topic" also hydrates when a page script announces the topic
// (document event "shop:activate" with detail = topic), e.g. a login link elsewhere on the page.
import type { ClientDirective } from 'astro';

const EVENTS = ['pointerover', 'focusin', 'touchstart', 'keydown'] as const;

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
  for (const ev of EVENTS) el.addEventListener(ev, start, { passive: true });
  if (topic) document.addEventListener('shop:activate', onTopic);
};

export default interaction;
