// Built-in role labels of spec §3 and §6. Admins may add further tags; these three always exist.

export const ROLE = {
  standardUser: 'StandardUser',
  premiumUser: 'PremiumUser',
  admin: 'Admin',
} as const;

export type BuiltInRole = (typeof ROLE)[keyof typeof ROLE];

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [ROLE.standardUser, ROLE.premiumUser, ROLE.admin];

export function isBuiltInRole(name: string): name is BuiltInRole {
  return (BUILT_IN_ROLES as readonly string[]).includes(name);
}

/** The Admin tag cannot be chosen, edited or deleted from the tag screens (spec §5). */
export function isAdminRole(name: string): boolean {
  return name.toLowerCase() === ROLE.admin.toLowerCase();
}
