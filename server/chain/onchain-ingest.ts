import type { Transaction } from 'kysely';
import { formatUnits } from 'viem';
import { type OnchainDirection, ZERO_ADDRESS } from '#shared/onchain.ts';
import type { DB } from '../db/schema.ts';
import { recordHubEvent } from '../services/hub-events.ts';
import type { OnchainWatchChain, OnchainWatchToken } from './onchain-config.ts';

// What the watcher makes of a Transfer log: whether it is large enough to queue, or to publish at once,
// what it means (from the exchange labels), and storing it once however often its block is read.

/** A Transfer log of a watched token, as read from the chain. */
export type TransferLog = {
  token: string;
  from: string;
  to: string;
  value: bigint;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
};

/**
 * Created from the zero address: mint; to it: burn; between two exchanges' addresses: transfer (the market
 * sees no flow); into an exchange's: inflow; out of one: outflow; anything else: transfer.
 */
export function directionOf(from: string, to: string, exchanges: ReadonlySet<string>): OnchainDirection {
  if (from === ZERO_ADDRESS) return 'mint';
  if (to === ZERO_ADDRESS) return 'burn';
  const intoExchange = exchanges.has(to);
  const outOfExchange = exchanges.has(from);
  if (intoExchange && !outOfExchange) return 'exchange_inflow';
  if (outOfExchange && !intoExchange) return 'exchange_outflow';
  return 'transfer';
}

/** A transfer's amount in tokens (exact text and as a number), its US dollar value, and what to do with it. */
export function assess(chain: OnchainWatchChain, token: OnchainWatchToken, value: bigint) {
  const amount = formatUnits(value, token.decimals);
  const tokens = Number(amount);
  const usd = token.usdPrice === undefined ? null : tokens * token.usdPrice;
  // A token's own threshold (in tokens) wins over the chain's (in dollars, known only with a price).
  const reaches = (own: number | undefined, inUsd: number | undefined) =>
    own !== undefined ? tokens >= own : inUsd !== undefined && usd !== null && usd >= inUsd;
  const action = reaches(token.publishAbove, chain.publishAboveUsd)
    ? ('publish' as const)
    : reaches(token.queueAbove, chain.queueAboveUsd)
      ? ('queue' as const)
      : ('skip' as const);
  return { amount, usd, action };
}

export type WatcherAlert = {
  log: TransferLog;
  token: OnchainWatchToken;
  amount: string;
  usd: number | null;
  publish: boolean;
  direction: OnchainDirection;
  /** The block's time, in epoch milliseconds. */
  occurredAt: number;
};

/**
 * Stores the alerts of a range (in the transaction that also moves the cursor past it): a transfer already
 * stored (chain, transaction, log index) is left as it is, so a range read twice adds nothing. Published
 * ones record their hub event. Answers the ids stored, by status.
 */
export async function storeWatcherAlerts(
  trx: Transaction<DB>,
  chain: OnchainWatchChain,
  alerts: readonly WatcherAlert[],
  now: number,
): Promise<{ queued: number[]; published: number[] }> {
  const stored = { queued: [] as number[], published: [] as number[] };
  for (const alert of alerts) {
    const row = await trx
      .insertInto('onchain_alerts')
      .values({
        chain: chain.chain,
        asset: alert.token.symbol,
        token_address: alert.token.address,
        amount: alert.amount,
        usd_value: alert.usd,
        from_address: alert.log.from,
        to_address: alert.log.to,
        direction: alert.direction,
        tx_hash: alert.log.txHash,
        log_index: alert.log.logIndex,
        block_number: alert.log.blockNumber,
        block_hash: alert.log.blockHash,
        occurred_at: alert.occurredAt,
        importance: alert.publish ? 'high' : 'normal',
        comment: '',
        status: alert.publish ? 'published' : 'queued',
        source: 'watcher',
        published_at: alert.publish ? now : null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['chain', 'tx_hash', 'log_index']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) continue;
    if (alert.publish) {
      stored.published.push(row.id);
      await recordHubEvent(trx, { name: 'onchain.published', alertId: row.id });
    } else stored.queued.push(row.id);
  }
  return stored;
}
