import { afterAll, describe, expect, it } from 'vitest';
import { memberDaysRemaining } from './membership.ts';

// One count for the API and the web app: calendar days to the expiry date in the runtime's time zone.
// Checked in UTC and in Shanghai (UTC+8, most members' zone), where the same two moments can be a
// different number of calendar days apart.

const zone = process.env.TZ;
afterAll(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});
const at = (iso: string) => Date.parse(iso);

describe('memberDaysRemaining', () => {
  it.each([
    ['UTC', 'set 30 days ahead a moment ago', '2026-11-27T10:00:00Z', '2026-12-27T09:59:59Z', 30],
    ['UTC', 'ends later today', '2026-11-27T10:00:00Z', '2026-11-27T23:00:00Z', 0],
    ['UTC', 'ended earlier today', '2026-11-27T10:00:00Z', '2026-11-27T01:00:00Z', 0],
    ['UTC', 'ends just after midnight', '2026-11-27T23:59:00Z', '2026-11-28T00:01:00Z', 1],
    ['UTC', 'ended yesterday', '2026-11-27T10:00:00Z', '2026-11-26T10:00:00Z', -1],
    ['Asia/Shanghai', 'ends just after midnight there', '2026-11-27T15:59:00Z', '2026-11-27T16:01:00Z', 1],
    ['Asia/Shanghai', 'the same day there', '2026-11-27T16:01:00Z', '2026-11-28T15:00:00Z', 0],
  ])('%s: %s', (tz, _, now, expiry, days) => {
    process.env.TZ = tz;
    expect(memberDaysRemaining(at(expiry), at(now))).toBe(days);
  });

  it('is null without an expiry or with an unreadable one', () => {
    expect(memberDaysRemaining(null, Date.now())).toBeNull();
    expect(memberDaysRemaining(Number.NaN, Date.now())).toBeNull();
  });
});
