import {
  explorerTxUrl,
  ONCHAIN_CHAINS,
  ONCHAIN_DIRECTIONS,
  ONCHAIN_IMPORTANCE,
  ONCHAIN_LABEL_KINDS,
  ONCHAIN_SOURCES,
  ONCHAIN_STATUSES,
  type OnchainChain,
} from '#shared/onchain.ts';
import type {
  OnchainAdminAlert,
  OnchainAdminAlertPage,
  OnchainAlert,
  OnchainAlertPage,
  OnchainFilters,
  OnchainLabel,
  OnchainTotals,
  OnchainWatcherState,
} from '#shared/schemas/onchain.ts';
import { subtractDecimals } from '../chain/decimal.ts';
import { type OnchainWatchConfig, rpcHostOf } from '../chain/onchain-config.ts';
import type { OnchainWatcherStateTable } from '../db/schema.ts';
import type { OnchainAlertRecord, OnchainAssetTotals } from '../services/onchain-alerts.ts';
import type { OnchainLabelRow } from '../services/onchain-labels.ts';
import { isoTime, isoTimeOrNull } from './common.ts';

// On-chain monitoring as the API and the hub show it: alerts with both sides' labels and the explorer link
// of their transaction (admins also see status and source), the 24 h exchange flows, the filters' choices,
// address labels, and the watcher's configuration and state per chain (the RPC's host only).

/** A stored value as one of the allowed ones (the database checks them too; this keeps the types honest). */
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

const chainOf = (value: string) => oneOf(Object.keys(ONCHAIN_CHAINS) as OnchainChain[], value, 'ethereum');

const party = (address: string, name: string | null, kind: string | null) => ({
  address,
  label: name === null ? null : { name, kind: oneOf(ONCHAIN_LABEL_KINDS, kind, 'other') },
});

export function presentOnchainAlert(record: OnchainAlertRecord): OnchainAlert {
  const chain = chainOf(record.chain);
  return {
    id: record.id,
    chain,
    asset: record.asset,
    tokenAddress: record.token_address,
    amount: record.amount,
    usdValue: record.usd_value,
    from: party(record.from_address, record.from_label_name, record.from_label_kind),
    to: party(record.to_address, record.to_label_name, record.to_label_kind),
    direction: oneOf(ONCHAIN_DIRECTIONS, record.direction, 'transfer'),
    txHash: record.tx_hash,
    logIndex: record.log_index,
    blockNumber: record.block_number,
    explorerUrl: explorerTxUrl(chain, record.tx_hash),
    occurredAt: isoTime(record.occurred_at),
    importance: oneOf(ONCHAIN_IMPORTANCE, record.importance, 'normal'),
    comment: record.comment,
    publishedAt: isoTimeOrNull(record.published_at),
  };
}

export function presentOnchainAdminAlert(record: OnchainAlertRecord): OnchainAdminAlert {
  return {
    ...presentOnchainAlert(record),
    status: oneOf(ONCHAIN_STATUSES, record.status, 'queued'),
    source: oneOf(ONCHAIN_SOURCES, record.source, 'manual'),
    createdAt: isoTime(record.created_at),
    updatedAt: isoTime(record.updated_at),
  };
}

type Page = { records: OnchainAlertRecord[]; nextCursor: string | undefined };

export const presentOnchainAlertPage = (page: Page): OnchainAlertPage => ({
  alerts: page.records.map(presentOnchainAlert),
  nextCursor: page.nextCursor ?? null,
});

export const presentOnchainAdminAlertPage = (page: Page): OnchainAdminAlertPage => ({
  alerts: page.records.map(presentOnchainAdminAlert),
  nextCursor: page.nextCursor ?? null,
});

export function presentOnchainTotals(totals: {
  since: number;
  until: number;
  assets: OnchainAssetTotals[];
}): OnchainTotals {
  return {
    since: isoTime(totals.since),
    until: isoTime(totals.until),
    assets: totals.assets.map((a) => ({
      ...a,
      net: { amount: subtractDecimals(a.inflow.amount, a.outflow.amount), usd: a.inflow.usd - a.outflow.usd },
    })),
  };
}

export const presentOnchainFilters = (filters: { chains: string[]; assets: string[] }): OnchainFilters => ({
  chains: filters.chains.map(chainOf),
  assets: filters.assets,
});

export const presentOnchainLabel = (row: OnchainLabelRow): OnchainLabel => ({
  id: row.id,
  address: row.address,
  name: row.name,
  kind: oneOf(ONCHAIN_LABEL_KINDS, row.kind, 'other'),
  createdAt: isoTime(row.created_at),
  updatedAt: isoTime(row.updated_at),
});

/** Each configured chain with what the watcher's state row says (nothing yet before its first run). */
export function presentOnchainWatcherState(
  watch: OnchainWatchConfig | undefined,
  rows: ReadonlyArray<Omit<OnchainWatcherStateTable, 'error_count'> & { error_count: number }>,
  now = Date.now(),
): OnchainWatcherState {
  const chains = (watch?.chains ?? []).map((chain) => {
    const row = rows.find((r) => r.chain === chain.chain);
    const processed = row?.last_processed_block ?? null;
    const head = row?.head_block ?? null;
    return {
      chain: chain.chain,
      rpcHost: rpcHostOf(chain.rpcUrl),
      confirmations: chain.confirmations,
      queueAboveUsd: chain.queueAboveUsd ?? null,
      publishAboveUsd: chain.publishAboveUsd ?? null,
      tokens: chain.tokens.map((t) => ({
        symbol: t.symbol,
        address: t.address,
        decimals: t.decimals,
        usdPrice: t.usdPrice ?? null,
        queueAbove: t.queueAbove ?? null,
        publishAbove: t.publishAbove ?? null,
      })),
      lastProcessedBlock: processed,
      headBlock: head,
      lagBlocks: processed !== null && head !== null ? Math.max(0, head - processed) : null,
      lastError: row?.last_error ?? null,
      lastErrorAt: isoTimeOrNull(row?.last_error_at ?? null),
      errorCount: row?.error_count ?? 0,
      lastRunAt: isoTimeOrNull(row?.last_run_at ?? null),
      retryAt: row?.retry_at != null && row.retry_at > now ? isoTime(row.retry_at) : null,
      running: row?.lease_owner != null && row.lease_until != null && row.lease_until > now,
    };
  });
  return { configured: chains.length > 0, chains };
}
