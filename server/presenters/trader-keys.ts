import type { Selectable } from 'kysely';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import type { TraderKeysTable } from '../db/schema.ts';

const MASK = '********';

/** What a list shows of a key or secret: never the value, only its last four characters. */
export function masked(hint: string): string {
  return `${MASK}${hint}`;
}

/** A trader key as administrators list it: masked key, no secret, the tag ids it admits. */
export function presentTraderKey(key: Selectable<TraderKeysTable>, roleIds: number[]): TraderKey {
  return {
    id: key.id,
    keyName: key.key_name,
    keyValue: masked(key.key_hint),
    secretValue: MASK,
    coEfficient: key.co_efficient,
    leverageCoefficient: key.leverage_coefficient,
    isActive: key.is_active === 1,
    permissionMap: roleIds,
  };
}

/** A trader key's id, name and whether it is on (the strategy form's and the key list's choices). */
export function presentTraderSummary(
  key: Pick<Selectable<TraderKeysTable>, 'id' | 'key_name' | 'is_active'>,
) {
  return { id: key.id, keyName: key.key_name, isActive: key.is_active === 1 };
}

/** Key id → the tag ids it admits, as a map of trues (the permission matrix). */
export function presentKeyRoleMapping(keys: Array<{ key: { id: number }; roleIds: number[] }>) {
  const mapping: Record<string, Record<string, boolean>> = {};
  for (const { key, roleIds } of keys) mapping[key.id] = Object.fromEntries(roleIds.map((id) => [id, true]));
  return mapping;
}
