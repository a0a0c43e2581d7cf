import type { Insertable, Kysely } from 'kysely';
import type { AddOnchainAlertRequest } from '#shared/schemas/onchain.ts';
import type { DB, OnchainAlertsTable } from '../db/schema.ts';

// On-chain monitoring's test data: a valid alert as admins write it, and alerts straight in the database.

export const BINANCE_HOT = '0x28C6c06298d514Db089934071355E5743bf21d60';
export const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
export const TEST_TX = `0x${'A1'.repeat(32)}`;

/** An alert as AddAlert takes it: 25 M USDT into Binance a minute ago. */
export const validAlert = (overrides: Partial<AddOnchainAlertRequest> = {}): AddOnchainAlertRequest => ({
  chain: 'ethereum',
  asset: 'USDT',
  tokenAddress: USDT,
  amount: '0025000000.500',
  usdValue: 25_000_000.5,
  fromAddress: `0x${'1f'.repeat(20)}`,
  toAddress: BINANCE_HOT,
  direction: 'exchange_inflow',
  txHash: TEST_TX,
  logIndex: 7,
  blockNumber: 21_000_000,
  occurredAt: new Date(Date.now() - 60_000).toISOString(),
  importance: 'high',
  comment: 'A whale sends USDT to Binance',
  ...overrides,
});

let counter = 0;

/** An alert straight in the database (published by default, a fresh transaction each), its id. */
export async function insertAlert(
  db: Kysely<DB>,
  values: Partial<Omit<Insertable<OnchainAlertsTable>, 'id'>> = {},
): Promise<number> {
  const now = Date.now();
  const status = values.status ?? 'published';
  const row = await db
    .insertInto('onchain_alerts')
    .values({
      chain: 'ethereum',
      asset: 'USDT',
      token_address: USDT.toLowerCase(),
      amount: '1000000',
      usd_value: 1_000_000,
      from_address: `0x${'0a'.repeat(20)}`,
      to_address: `0x${'0b'.repeat(20)}`,
      direction: 'transfer',
      tx_hash: `0x${(++counter).toString(16).padStart(64, '0')}`,
      log_index: 0,
      block_number: 20_000_000 + counter,
      block_hash: null,
      occurred_at: now,
      comment: '',
      source: 'manual',
      created_by: null,
      created_at: now,
      updated_at: now,
      ...values,
      status,
      published_at: values.published_at ?? (status === 'published' ? now : null),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
