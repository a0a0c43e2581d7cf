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

/** The label shown as membership level: the highest built-in role, else the first tag. */
export function membershipLevel(roles: string[]): string | null {
  for (const role of [ROLE.admin, ROLE.premiumUser, ROLE.standardUser]) if (roles.includes(role)) return role;
  return roles[0] ?? null;
}
