// A screen's load once the session is known, once per customer (and per the screen's own keys). The
// session check updates the customer store, which would run a plain effect on the customer number a
// second time; on a slow connection that second answer lands after the customer's first clicks or
// keystrokes and puts the old data back on the screen (a quantity, an input, a checkbox).
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $customer, type CustomerState } from '#stores/customer.ts';
import { ensureCustomer } from './session.ts';

/**
 * Runs `load` with the checked session: on the first render, when another customer logs in, and when one
 * of `keys` changes; not again for the same customer and keys. A load that returns a promise which fails
 * may run again (the next change of the store).
 */
export function useSessionLoad(load: (c: CustomerState) => unknown, keys: readonly unknown[] = []): void {
  const kundennummer = useStore($customer).kundennummer;
  const loadedFor = useRef<string | null>(null);
  // the render's own closure: it reads the state of the moment the session is known
  const latest = useRef(load);
  latest.current = load;
  const key = JSON.stringify(keys);
  useEffect(() => {
    let current = true;
    void ensureCustomer().then((c) => {
      const what = `${c.kundennummer}|${key}`;
      if (!current || loadedFor.current === what) return;
      loadedFor.current = what;
      const done = latest.current(c);
      if (done instanceof Promise) done.catch(() => { if (loadedFor.current === what) loadedFor.current = null; });
    });
    return () => { current = false; };
  }, [kundennummer, key]);
}
