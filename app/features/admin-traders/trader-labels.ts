import type { TFunction } from 'i18next';
import { isBuiltInRole, ROLE } from '#shared/roles.ts';
import type { Role } from '#shared/schemas/management.ts';

// How the trader screens name roles and traders (spec §3 role-to-key mapping, §8 'Unknown' / 'unknown').

export type NameLookup = ReadonlyMap<number, string>;

export function roleLookup(roles: readonly Role[] | undefined): NameLookup {
  return new Map((roles ?? []).map((role) => [role.roleId, role.roleName]));
}

/** A role's name for people: built-in roles translated, tags that admins added as they are. */
export function roleName(t: TFunction<'advisoriesAdmin'>, name: string): string {
  return isBuiltInRole(name) ? t(`roles.${name}`) : name;
}

/** The tag of a role id: its role's name, or 'Unknown' when no role has that id. */
export function roleTagLabel(t: TFunction<'advisoriesAdmin'>, lookup: NameLookup, id: number): string {
  const name = lookup.get(id);
  return name === undefined ? t('roles.unknown') : roleName(t, name);
}

/** Tag colour: the built-in levels have their own, other tags one steady colour; unknown ids stay grey. */
export function roleTagColor(lookup: NameLookup, id: number): string {
  const name = lookup.get(id);
  if (name === undefined) return 'default';
  if (name === ROLE.admin) return 'red';
  if (name === ROLE.premiumUser) return 'gold';
  if (name === ROLE.standardUser) return 'blue';
  return 'cyan';
}

/** The role ids a key admits, from GetApiKeyRoleMapping (per key id, an object keyed by role id). */
export function rolesOfKey(
  mapping: Readonly<Record<string, Readonly<Record<string, boolean>>>> | undefined,
  keyId: number,
): number[] {
  return Object.entries(mapping?.[String(keyId)] ?? {})
    .filter(([, allowed]) => allowed)
    .map(([id]) => Number(id))
    .filter((id) => Number.isInteger(id))
    .sort((a, b) => a - b);
}

/** A trader's name by key id, or 'unknown' when no trader has that id. */
export function traderName(t: TFunction<'advisoriesAdmin'>, lookup: NameLookup, id: number): string {
  return lookup.get(id) ?? t('traders.unknown');
}
