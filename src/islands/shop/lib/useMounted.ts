// An island woken by a store that already says "open" (a click announced it before React was there) must
// render what the server rendered (nothing) first, or React reports a hydration mismatch: false on the
// server and in the hydrating render, true from the first effect on.
import { useEffect, useState } from 'react';

export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
