import type {
  ClosedPositionDto,
  LiveFill,
  LiveOrder,
  LivePosition,
  LiveSnapshot,
  TraderLiveChangedPayload,
} from '#shared/schemas/trading.ts';
import { ORDER_STATUS } from '#shared/trading.ts';

// A trader's live account (GET /api/Trading/Live) kept current by the hub's TraderLiveChanged. The event is
// not stored by the server: each key's changes are numbered by `seq`, and a client applies them one after
// the other from its snapshot's seq. Anything else (a gap, a reconnect) means fetching a new snapshot.

/** What to do with a change for the snapshot held (if any). */
export type LiveChangeVerdict = 'apply' | 'stale' | 'gap' | 'none';

export function liveChangeVerdict(
  current: Pick<LiveSnapshot, 'seq'> | undefined,
  change: Pick<TraderLiveChangedPayload, 'seq'>,
): LiveChangeVerdict {
  if (!current) return 'none';
  if (change.seq === current.seq + 1) return 'apply';
  // Already part of the snapshot (fetched after the change was made).
  if (change.seq <= current.seq) return 'stale';
  return 'gap';
}

/** Most recent fills and closed positions kept after live changes (the snapshot sends a recent window). */
export const LIVE_HISTORY_LIMIT = 200;

/** Statuses after which an order is no longer open (they leave the open orders even if the change lists them). */
const DONE_STATUSES: ReadonlySet<number> = new Set([
  ORDER_STATUS.filled,
  ORDER_STATUS.canceled,
  ORDER_STATUS.rejected,
  ORDER_STATUS.expired,
]);

export const positionKey = (position: Pick<LivePosition, 'symbol' | 'positionSide'>) =>
  `${position.symbol}|${position.positionSide}`;

const closedKey = (closed: ClosedPositionDto) =>
  `${closed.symbol}|${closed.side}|${closed.openedAt}|${closed.closedAt}`;

/** Replaces items by key in place, puts new ones first, then drops the removed keys. */
function upsert<T>(
  current: readonly T[],
  incoming: readonly T[],
  keyOf: (item: T) => string,
  removed: Set<string>,
) {
  const byKey = new Map(incoming.map((item) => [keyOf(item), item]));
  const kept = current.map((item) => byKey.get(keyOf(item)) ?? item);
  const known = new Set(current.map(keyOf));
  const added = [...byKey.values()].filter((item) => !known.has(keyOf(item)));
  return [...added, ...kept].filter((item) => !removed.has(keyOf(item)));
}

/** Merges newer items into a newest-first list, one per key, at most LIVE_HISTORY_LIMIT. */
function mergeNewestFirst<T>(
  current: readonly T[],
  incoming: readonly T[],
  keyOf: (item: T) => string,
  time: (item: T) => string,
): T[] {
  const byKey = new Map<string, T>();
  for (const item of [...incoming, ...current]) if (!byKey.has(keyOf(item))) byKey.set(keyOf(item), item);
  return [...byKey.values()]
    .sort((a, b) => Date.parse(time(b)) - Date.parse(time(a)))
    .slice(0, LIVE_HISTORY_LIMIT);
}

/** Applies one change (its seq must be the snapshot's + 1) and moves the snapshot to its seq. */
export function applyTraderLiveChange(current: LiveSnapshot, change: TraderLiveChangedPayload): LiveSnapshot {
  const positions = upsert<LivePosition>(
    current.positions,
    change.positions,
    positionKey,
    new Set(change.removedPositions.map(positionKey)),
  );
  const orders = upsert<LiveOrder>(
    current.orders,
    change.orders,
    (order) => order.orderId,
    new Set(change.removedOrders),
  ).filter((order) => !DONE_STATUSES.has(order.status));
  const fills = mergeNewestFirst<LiveFill>(
    current.fills,
    change.fills,
    (fill) => `${fill.symbol}|${fill.tradeId}`,
    (fill) => fill.time,
  );
  const closed = mergeNewestFirst(current.closed, change.closed, closedKey, (item) => item.closedAt);
  return { ...current, seq: change.seq, positions, orders, fills, closed };
}

/** A position that opened or closed in a change: what the notification and the reminder sound are for. */
export type LiveAnnouncement =
  | {
      kind: 'opened';
      keyId: number;
      symbol: string;
      positionSide: number;
      position: LivePosition | undefined;
    }
  | { kind: 'closed'; keyId: number; closed: ClosedPositionDto };

/**
 * The positions a change opened (its `opened` entries that did not also close in it) and the positions it
 * closed (its closed positions).
 */
export function liveAnnouncements(change: TraderLiveChangedPayload): LiveAnnouncement[] {
  const removed = new Set(change.removedPositions.map(positionKey));
  const open = new Map(change.positions.map((position) => [positionKey(position), position]));
  const opened: LiveAnnouncement[] = change.opened
    .filter((entry) => !removed.has(positionKey(entry)))
    .map((entry) => ({
      kind: 'opened',
      keyId: change.keyId,
      symbol: entry.symbol,
      positionSide: entry.positionSide,
      position: open.get(positionKey(entry)),
    }));
  const closed: LiveAnnouncement[] = change.closed.map((item) => ({
    kind: 'closed',
    keyId: change.keyId,
    closed: item,
  }));
  return [...opened, ...closed];
}
