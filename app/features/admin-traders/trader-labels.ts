import type { TFunction } from '../../lib/translator.ts';

// How the trader screens read a key's roles and name traders (spec §3 role-to-key mapping, §8 'unknown'); role
// tags themselves are named by lib/role-labels.ts.

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
export function traderName(
  t: TFunction<'advisoriesAdmin'>,
  lookup: ReadonlyMap<number, string>,
  id: number,
): string {
  return lookup.get(id) ?? t('traders.unknown');
}
