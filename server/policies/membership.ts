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

/** The label shown as membership level: the highest built-in role, else the first tag. */
export function membershipLevel(roles: string[]): string | null {
  for (const role of [ROLE.admin, ROLE.premiumUser, ROLE.standardUser]) if (roles.includes(role)) return role;
  return roles[0] ?? null;
}
