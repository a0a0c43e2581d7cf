import type { Selectable } from 'kysely';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import {
  type KeyCheck,
  type KeyCheckState,
  type KeySync,
  keyCheckState,
  SYNC_STATES,
} from '#shared/schemas/trading.ts';
import type { TraderKeyChecksTable, TraderKeySyncTable, TraderKeysTable } from '../db/schema.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

const MASK = '********';

/** What a list shows of a key or secret: never the value, only its last four characters. */
export function masked(hint: string): string {
  return `${MASK}${hint}`;
}

type CheckRow = Selectable<TraderKeyChecksTable>;
type SyncRow = Pick<
  Selectable<TraderKeySyncTable>,
  'state' | 'reconciled_at' | 'last_error' | 'last_error_at'
>;

const flag = (value: number | null): boolean | null => (value === null ? null : value === 1);

/** A key's last check: its state, the restrictions last read (null where never read), the last error. */
export function presentKeyCheck(row: CheckRow): KeyCheck {
  const state = keyCheckState.safeParse(row.state);
  return {
    state: state.success ? state.data : ('rejected' satisfies KeyCheckState),
    canRead: flag(row.can_read),
    canTrade: flag(row.can_trade),
    canWithdraw: flag(row.can_withdraw),
    ipRestricted: flag(row.ip_restricted),
    checkedAt: isoTime(row.checked_at),
    lastError: row.last_error,
    lastErrorAt: isoTimeOrNull(row.last_error_at),
  };
}

type SyncState = (typeof SYNC_STATES)[number];
const isSyncState = (state: string): state is SyncState => (SYNC_STATES as readonly string[]).includes(state);

/** How following a key goes (idle, syncing, refused, error) with its last error. */
export function presentKeySync(row: SyncRow): KeySync {
  return {
    state: isSyncState(row.state) ? row.state : 'error',
    reconciledAt: isoTimeOrNull(row.reconciled_at),
    lastError: row.last_error,
    lastErrorAt: isoTimeOrNull(row.last_error_at),
  };
}

/**
 * A trader key as administrators list it: masked key, no secret, the tag ids it admits, its last check and
 * how following it goes.
 */
export function presentTraderKey(
  key: Selectable<TraderKeysTable>,
  roleIds: number[],
  check: CheckRow | undefined = undefined,
  sync: SyncRow | undefined = undefined,
): TraderKey {
  return {
    id: key.id,
    keyName: key.key_name,
    keyValue: masked(key.key_hint),
    secretValue: MASK,
    coEfficient: key.co_efficient,
    leverageCoefficient: key.leverage_coefficient,
    isActive: key.is_active === 1,
    permissionMap: roleIds,
    check: check ? presentKeyCheck(check) : null,
    sync: sync ? presentKeySync(sync) : null,
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
