import dayjs from 'dayjs';

/** Where a membership stands today, for the "days remaining" of the user list and detail (spec §3). */
export type MembershipTerm =
  | { kind: 'none' }
  | { kind: 'expired'; daysAgo: number }
  | { kind: 'endsToday' }
  | { kind: 'active'; days: number };

/**
 * Days remaining as a date difference from now (spec §3): calendar days from today to the expiry date in the
 * viewer's time zone, negative once the date is past; null without an expiry. Counting calendar days (not
 * 24-hour periods) makes "30 days from now" read as 30, not 29, a moment after it was set.
 */
export function memberDaysRemaining(expiry: string | null, now: Date | number = Date.now()): number | null {
  if (expiry === null) return null;
  const end = dayjs(expiry);
  if (!end.isValid()) return null;
  return end.startOf('day').diff(dayjs(now).startOf('day'), 'day');
}

/** The term shown in the tables: no expiry, expired (and how long ago), ending today, or days left. */
export function membershipTerm(expiry: string | null, now: Date | number = Date.now()): MembershipTerm {
  const days = memberDaysRemaining(expiry, now);
  if (expiry === null || days === null) return { kind: 'none' };
  if (!dayjs(expiry).isAfter(dayjs(now))) return { kind: 'expired', daysAgo: Math.max(0, -days) };
  if (days === 0) return { kind: 'endsToday' };
  return { kind: 'active', days };
}
