import { describe, expect, it } from 'vitest';
import { memberDaysRemaining, membershipTerm } from './membership-days.ts';

// Local times, so the calendar-day arithmetic is checked in the time zone the tests run in.
const at = (text: string) => new Date(text).getTime();
const NOW = at('2025-03-10T15:30:00');

describe('memberDaysRemaining', () => {
  it('is null without an expiry or with an unreadable one', () => {
    expect(memberDaysRemaining(null, NOW)).toBeNull();
    expect(memberDaysRemaining('not a date', NOW)).toBeNull();
  });

  it('counts calendar days, so 30 days set a moment ago read as 30', () => {
    const setThirtyDaysAgo = new Date(NOW - 1000 + 30 * 86_400_000).toISOString();
    expect(memberDaysRemaining(setThirtyDaysAgo, NOW)).toBe(30);
    expect(memberDaysRemaining(new Date(at('2025-03-11T00:05:00')).toISOString(), NOW)).toBe(1);
    expect(memberDaysRemaining(new Date(at('2025-03-10T23:59:00')).toISOString(), NOW)).toBe(0);
  });

  it('is negative once the date has passed', () => {
    expect(memberDaysRemaining(new Date(at('2025-03-07T09:00:00')).toISOString(), NOW)).toBe(-3);
    expect(memberDaysRemaining(new Date(at('2024-03-10T15:30:00')).toISOString(), NOW)).toBe(-365);
  });
});

describe('membershipTerm', () => {
  const iso = (text: string) => new Date(at(text)).toISOString();

  it('tells no expiry, days left, the last day and expiry apart', () => {
    expect(membershipTerm(null, NOW)).toEqual({ kind: 'none' });
    expect(membershipTerm(iso('2025-04-09T16:00:00'), NOW)).toEqual({ kind: 'active', days: 30 });
    expect(membershipTerm(iso('2025-03-10T20:00:00'), NOW)).toEqual({ kind: 'endsToday' });
    expect(membershipTerm(iso('2025-03-10T09:00:00'), NOW)).toEqual({ kind: 'expired', daysAgo: 0 });
    expect(membershipTerm(iso('2025-03-01T09:00:00'), NOW)).toEqual({ kind: 'expired', daysAgo: 9 });
  });

  it('treats the very moment of expiry as expired', () => {
    expect(membershipTerm(new Date(NOW).toISOString(), NOW)).toEqual({ kind: 'expired', daysAgo: 0 });
  });
});
