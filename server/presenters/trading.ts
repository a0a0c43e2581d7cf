import type { TraderLiveChangedPayload } from '#shared/schemas/trading.ts';
import type { LiveChangeRows } from '../trading/sync/store.ts';
import {
  presentClosedPosition,
  presentLiveFill,
  presentLiveOrder,
  presentLivePosition,
} from './trading-read.ts';

// What the hub pushes when a trader's account changed at the exchange (TraderLiveChanged): the stored
// change, shaped as the live snapshot's parts (presenters/trading-read.ts), numbered by the key's `seq`.

const sideRef = (row: { symbol: string; position_side: number }) => ({
  symbol: row.symbol,
  positionSide: row.position_side,
});

export function presentTraderLiveChanged(change: LiveChangeRows): TraderLiveChangedPayload {
  return {
    keyId: change.keyId,
    seq: change.seq,
    positions: change.positions.map(presentLivePosition),
    removedPositions: change.removedPositions.map(sideRef),
    orders: change.orders.map(presentLiveOrder),
    removedOrders: change.removedOrders,
    fills: change.fills.map(presentLiveFill),
    closed: change.closed.map(presentClosedPosition),
    opened: change.opened.map(sideRef),
  };
}
