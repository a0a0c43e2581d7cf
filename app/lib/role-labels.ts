import { type BuiltInRole, isBuiltInRole, ROLE } from '#shared/roles.ts';
import type { Role } from '#shared/schemas/management.ts';

// How the admin screens that open content to role tags (trader keys, level sets, quant strategies) name and
// colour them: built-in roles translated, the tags admins added as they are, 'Unknown' for an id no role has.
// Each screen's namespace has the texts under `roles.<name>` and `roles.unknown`.

export type RoleLookup = ReadonlyMap<number, string>;
export type RoleTexts = (key: `roles.${BuiltInRole | 'unknown'}`) => string;

export function roleLookup(roles: readonly Role[] | undefined): RoleLookup {
  return new Map((roles ?? []).map((role) => [role.roleId, role.roleName]));
}

/** A role's name for people. */
export function roleName(t: RoleTexts, name: string): string {
  return isBuiltInRole(name) ? t(`roles.${name}`) : name;
}

/** The tag of a role id: its role's name, or 'Unknown' when no role has that id. */
export function roleTagLabel(t: RoleTexts, lookup: RoleLookup, id: number): string {
  const name = lookup.get(id);
  return name === undefined ? t('roles.unknown') : roleName(t, name);
}

/** Tag colour: the built-in levels have their own, other tags one steady colour; unknown ids stay grey. */
export function roleTagColor(lookup: RoleLookup, id: number): string {
  const name = lookup.get(id);
  if (name === undefined) return 'default';
  if (name === ROLE.admin) return 'red';
  if (name === ROLE.premiumUser) return 'gold';
  if (name === ROLE.standardUser) return 'blue';
  return 'cyan';
}
