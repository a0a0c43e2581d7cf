import { type RawBuilder, sql } from 'kysely';
import { ROLE } from '#shared/roles.ts';

/** Who is calling, as the API sees them on this request (roles and expiry read fresh from the database). */
export type Principal = {
  userId: string;
  email: string;
  roles: string[];
  memberExpiryDate: number | null;
  emailConfirmed: boolean;
  sessionUid: string | undefined;
  /** Whether the person signs in with a second factor (required of administrators). */
  twoFactor: boolean;
};

export function isAdmin(principal: Pick<Principal, 'roles'>): boolean {
  return principal.roles.includes(ROLE.admin);
}

/**
 * A member holds at least one role and, unless an Admin, a membership that has not expired
 * (DESIGN §4). Everyone else is a non-member: tutorials and personal pages only.
 */
export function isMember(
  principal: Pick<Principal, 'roles' | 'memberExpiryDate'>,
  now = Date.now(),
): boolean {
  if (principal.roles.length === 0) return false;
  if (isAdmin(principal)) return true;
  return principal.memberExpiryDate !== null && principal.memberExpiryDate > now;
}

/**
 * isMember as SQL, for a query that reads `users` under the alias `userAlias`: the same rule in the form
 * that delivery and feed queries filter by. (Both dialects; a test holds the two forms to the same answers.)
 */
export function memberSql(userAlias: string, now = Date.now()): RawBuilder<boolean> {
  const id = sql.ref(`${userAlias}.id`);
  const expiry = sql.ref(`${userAlias}.member_expiry_date`);
  return sql<boolean>`(exists (select 1 from user_roles mr where mr.user_id = ${id}) and (${expiry} > ${now} or exists (select 1 from user_roles ar inner join roles r on r.id = ar.role_id where ar.user_id = ${id} and r.name = ${ROLE.admin})))`;
}

const DAY_MS = 86_400_000;

/** The days before the end of a membership at which its member is reminded (a mail and an in-app notice). */
export const REMINDER_THRESHOLDS = [7, 1] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

/**
 * The reminder due now for a membership (never for an Admin, whose membership never ends, nor for a
 * non-member): 1 when it ends within a day, 7 when within 7 days, else none. A member first seen inside
 * the 1-day window gets only the 1-day reminder.
 */
export function reminderThreshold(
  principal: Pick<Principal, 'roles' | 'memberExpiryDate'>,
  now = Date.now(),
): ReminderThreshold | null {
  if (!isMember(principal, now) || isAdmin(principal) || principal.memberExpiryDate === null) return null;
  const left = principal.memberExpiryDate - now;
  if (left <= DAY_MS) return 1;
  return left <= 7 * DAY_MS ? 7 : null;
}

/**
 * reminderThreshold as SQL over `users` under `userAlias`: the threshold due (7 or 1), else null. Same
 * answers as the code (membership.test.ts holds them together).
 */
export function reminderThresholdSql(userAlias: string, now = Date.now()): RawBuilder<number | null> {
  const id = sql.ref(`${userAlias}.id`);
  const expiry = sql.ref(`${userAlias}.member_expiry_date`);
  return sql<
    number | null
  >`(case when ${expiry} is null or ${expiry} <= ${now} or not exists (select 1 from user_roles mr where mr.user_id = ${id}) or exists (select 1 from user_roles ar inner join roles r on r.id = ar.role_id where ar.user_id = ${id} and r.name = ${ROLE.admin}) then null when ${expiry} <= ${now + DAY_MS} then 1 when ${expiry} <= ${now + 7 * DAY_MS} then 7 else null end)`;
}

/**
 * Whether a person's membership has ended: they hold role tags and had a membership that has expired (an
 * Admin's never does). Someone who never had an expiry date never had a membership to lose.
 */
export function hasEndedMembership(
  principal: Pick<Principal, 'roles' | 'memberExpiryDate'>,
  now = Date.now(),
): boolean {
  return (
    principal.roles.length > 0 &&
    !isAdmin(principal) &&
    principal.memberExpiryDate !== null &&
    principal.memberExpiryDate <= now
  );
}

/** The label shown as membership level: the highest built-in role, else the first tag. */
export function membershipLevel(roles: string[]): string | null {
  for (const role of [ROLE.admin, ROLE.premiumUser, ROLE.standardUser]) if (roles.includes(role)) return role;
  return roles[0] ?? null;
}
