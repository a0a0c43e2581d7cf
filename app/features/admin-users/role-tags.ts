import { isAdminRole, isBuiltInRole, ROLE } from '#shared/roles.ts';
import type { Role, RoleWithCount } from '#shared/schemas/management.ts';
import type { TFunction } from '../../lib/translator.ts';

// Role tags as the admin screens show them (spec §3 Role, §6): by name, with 'Unknown' for an id no role has.

export type RoleLookup = ReadonlyMap<number, string>;

export function roleLookup(roles: readonly Role[] | undefined): RoleLookup {
  return new Map((roles ?? []).map((role) => [role.roleId, role.roleName]));
}

/** The id of the Admin tag, which the batch and tag screens never offer. */
export function adminRoleId(roles: readonly Role[] | undefined): number | undefined {
  return roles?.find((role) => isAdminRole(role.roleName))?.roleId;
}

/** A role's name for people: built-in roles translated, tags that admins added as they are. */
export function roleLabel(t: TFunction<'adminUsers'>, name: string): string {
  return isBuiltInRole(name) ? t(`roles.${name}`) : name;
}

/** The label of a tag id on a user: its role's label, or 'Unknown' when no role has that id. */
export function tagLabel(t: TFunction<'adminUsers'>, lookup: RoleLookup, id: number): string {
  const name = lookup.get(id);
  return name === undefined ? t('roles.unknown') : roleLabel(t, name);
}

const CUSTOM_TAG_COLORS = ['cyan', 'purple', 'geekblue', 'magenta', 'green', 'lime', 'orange'] as const;

/** A steady colour per tag: the built-in levels have their own, added tags cycle through a palette. */
export function tagColor(name: string | undefined, id: number): string {
  if (name === undefined) return 'default';
  if (name === ROLE.admin) return 'red';
  if (name === ROLE.premiumUser) return 'gold';
  if (name === ROLE.standardUser) return 'blue';
  return CUSTOM_TAG_COLORS[Math.abs(id) % CUSTOM_TAG_COLORS.length] ?? 'default';
}

/** Why a tag cannot be deleted (only the Admin tag is locked, spec §5), or null when it can. */
export function deleteBlocker(role: Pick<RoleWithCount, 'roleName'>): 'admin' | null {
  return isAdminRole(role.roleName) ? 'admin' : null;
}
