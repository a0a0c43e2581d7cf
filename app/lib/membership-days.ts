import { memberDaysRemaining as daysRemaining } from '#shared/membership.ts';
import { dayjs } from './dayjs.ts';

/** Where a membership stands today, for the "days remaining" of the user list and detail (spec §3). */
export type MembershipTerm =
  | { kind: 'none' }
  | { kind: 'expired'; daysAgo: number }
  | { kind: 'endsToday' }
  | { kind: 'active'; days: number };

/** Days remaining of a membership as the back office and the member's page show it (shared/membership.ts). */
export function memberDaysRemaining(expiry: string | null, now: Date | number = Date.now()): number | null {
  return daysRemaining(expiry === null ? null : Date.parse(expiry), Number(now));
}

/** The term shown in the tables: no expiry, expired (and how long ago), ending today, or days left. */
export function membershipTerm(expiry: string | null, now: Date | number = Date.now()): MembershipTerm {
  const days = memberDaysRemaining(expiry, now);
  if (expiry === null || days === null) return { kind: 'none' };
  if (!dayjs(expiry).isAfter(dayjs(now))) return { kind: 'expired', daysAgo: Math.max(0, -days) };
  if (days === 0) return { kind: 'endsToday' };
  return { kind: 'active', days };
}
