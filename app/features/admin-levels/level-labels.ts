import type { TFunction } from 'i18next';
import { isBuiltInRole, ROLE } from '#shared/roles.ts';
import type { Role } from '#shared/schemas/management.ts';
import type { LevelBias } from './levels-api.ts';

// How the level set screens name biases and role tags.

/** Bias tag colours: green up, red down (as the trading pages colour long and short), grey neutral. */
export const BIAS_COLOR: Record<LevelBias, string> = {
  bullish: 'green',
  bearish: 'red',
  neutral: 'default',
};

export type RoleLookup = ReadonlyMap<number, string>;

export function roleLookup(roles: readonly Role[] | undefined): RoleLookup {
  return new Map((roles ?? []).map((role) => [role.roleId, role.roleName]));
}

/** A role's name for people: built-in roles translated, tags that admins added as they are. */
export function roleName(t: TFunction<'levelsAdmin'>, name: string): string {
  return isBuiltInRole(name) ? t(`roles.${name}`) : name;
}

/** The tag of a role id: its role's name, or 'Unknown' when no role has that id. */
export function roleTagLabel(t: TFunction<'levelsAdmin'>, lookup: RoleLookup, id: number): string {
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
