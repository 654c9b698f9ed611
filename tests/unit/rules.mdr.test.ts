// MDR case file rules (issue 11): retention period and the 30-day expiry window.
import { describe, expect, it } from 'vitest';
import { expiresSoon, expiryHorizon, retainUntil, retentionOver } from '../../src/lib/rules/mdr.ts';

describe('retention', () => {
  it('keeps a work 10 years from its day, 15 when implantable', () => {
    expect(retainUntil('2026-11-24T10:00:00.000Z', false)).toBe('2036-11-24');
    expect(retainUntil('2026-11-24T10:00:00.000Z', true)).toBe('2041-11-24');
    expect(retainUntil('2024-02-29T08:00:00.000Z', false)).toBe('2034-03-01'); // no 29 February in 2034
    expect(retentionOver('2016-11-24T10:00:00.000Z', false, '2026-11-23')).toBe(false);
    expect(retentionOver('2016-11-24T10:00:00.000Z', false, '2026-11-24')).toBe(true);
    expect(retentionOver('2016-11-24T10:00:00.000Z', true, '2026-11-24')).toBe(false);
  });
});

describe('expiry window', () => {
  it('flags expiries that passed or fall within 30 days', () => {
    expect(expiryHorizon('2026-11-24')).toBe('2026-12-24');
    expect(expiresSoon('2026-11-01', '2026-11-24')).toBe(true);
    expect(expiresSoon('2026-12-24', '2026-11-24')).toBe(true);
    expect(expiresSoon('2026-12-25', '2026-11-24')).toBe(false);
    expect(expiresSoon(null, '2026-11-24')).toBe(false);
    expect(expiresSoon('31.12.2026', '2026-11-24')).toBe(false);
  });
});
