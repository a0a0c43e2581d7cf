import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Dialect } from '../../db/dialect.ts';
import { createBinanceReader } from '../../exchange/binance.ts';
import { BinanceContext, type BinanceContextOptions, binanceTestUrls } from '../../exchange/binance-http.ts';
import { encrypt } from '../../security/crypto.ts';
import type { ReaderFactory } from '../../services/trader-checks.ts';
import type { BinanceFake, BinanceFakeOptions } from '../../test/binance-fake.ts';
import { recordingLogger, startBinanceFake } from '../../test/binance-fake-kit.ts';
import { createTestDatabase, type TestDatabase } from '../../test/databases.ts';
import { eventually } from '../../test/hub-client.ts';
import type { SyncTiming } from './key-follower.ts';
import { createTraderSync, type TraderSync } from './trader-sync.ts';

// What the trader sync tests share: a test database, the fake Binance, readers pointed at it sharing one
// budget (as app.ts does), a hub that records what would be pushed, workers with short timings, and ways to
// wait for what the database shows (never for a length of time).

export type Emitted = { keyId: number; event: string; payload: Record<string, unknown> };

/** Fast enough for tests; reconciliations only at the start and after reconnects unless a test asks. */
export const TEST_TIMING: Partial<SyncTiming> = {
  tickMs: 150,
  leaseMs: 1500,
  reconcileMs: 10 * 60_000,
  backoffMs: 100,
  maxBackoffMs: 800,
  streamOpenMs: 3000,
};

export type SyncKit = Awaited<ReturnType<typeof syncKit>>;

export async function syncKit(
  dialect: Dialect,
  options: { fake?: BinanceFakeOptions; budget?: Omit<BinanceContextOptions, 'urls'> } = {},
) {
  const testDb: TestDatabase = await createTestDatabase(dialect);
  const db = testDb.database.db;
  const fake: BinanceFake = await startBinanceFake(options.fake);
  const secretsKey = randomBytes(32);
  const log = recordingLogger();
  const context = new BinanceContext({
    urls: binanceTestUrls(fake.baseUrl),
    marginMs: 50,
    ...options.budget,
  });
  const readerFor: ReaderFactory = (credentials, { ipRestricted, signal }) =>
    createBinanceReader({
      context,
      credentials,
      ipRestricted,
      signal,
      log,
      stream: { backoffMs: 50, maxBackoffMs: 200 },
    });
  const emitted: Emitted[] = [];
  const hub = {
    async emitToKey(keyId: number, event: string, payload: unknown) {
      emitted.push({ keyId, event, payload: payload as Record<string, unknown> });
    },
  };
  const workers: TraderSync[] = [];
  const secrets: string[] = [];

  return {
    db,
    fake,
    log,
    context,
    readerFor,
    secretsKey,
    emitted,
    /** A worker of its own (a process), not started; it reads the exchange with `ownReader` if given. */
    worker(
      holder: string,
      timing: Partial<SyncTiming> = {},
      ownReader: ReaderFactory = readerFor,
    ): TraderSync {
      const worker = createTraderSync({
        db,
        dialect,
        log,
        hub: hub as never,
        secretsKey,
        readerFor: ownReader,
        holder,
        timing: { ...TEST_TIMING, ...timing },
      });
      workers.push(worker);
      return worker;
    },
    /** A trader key of the account, stored as the admin pages store it (encrypted). */
    async addKey(account: { apiKey: string; secret: string }, name = 'Trader'): Promise<number> {
      secrets.push(account.apiKey, account.secret);
      const now = Date.now();
      const { id } = await db
        .insertInto('trader_keys')
        .values({
          key_name: name,
          key_value_enc: encrypt(secretsKey, account.apiKey),
          secret_value_enc: encrypt(secretsKey, account.secret),
          key_hint: account.apiKey.slice(-4),
          co_efficient: 1,
          leverage_coefficient: 1,
          is_active: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    /** Adds the account's key and has worker 'a' follow it: reconciled once, its user-data stream open. */
    async following(account: { apiKey: string; secret: string }): Promise<number> {
      const keyId = await this.addKey(account);
      this.worker('a').start();
      await eventually(async () => ((await this.sync(keyId))?.reconciled_at ? true : undefined));
      await eventually(() => (fake.streamCount(account.apiKey) === 1 ? true : undefined));
      return keyId;
    },
    sync: (keyId: number) =>
      db.selectFrom('trader_key_sync').selectAll().where('key_id', '=', keyId).executeTakeFirst(),
    check: (keyId: number) =>
      db.selectFrom('trader_key_checks').selectAll().where('key_id', '=', keyId).executeTakeFirst(),
    /** Stored trade ids of a key, sorted. */
    async fillIds(keyId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('trader_fills')
        .select('trade_id')
        .where('key_id', '=', keyId)
        .execute();
      return rows.map((row) => row.trade_id).sort();
    },
    /** What the hub was given for a key. */
    changes: (keyId: number) =>
      emitted.filter((e) => e.keyId === keyId && e.event === 'TraderLiveChanged').map((e) => e.payload),
    /** Neither the keys nor the secrets of this kit's accounts were ever logged or pushed. */
    expectNoSecrets() {
      const text = `${log.text()}\n${JSON.stringify(emitted)}`;
      for (const secret of secrets) expect(text).not.toContain(secret);
    },
    async close() {
      for (const worker of workers) await worker.stop();
      await fake.stop();
      await testDb.dispose();
    },
  };
}

/** Trade ids of the fake account, sorted as stored ids are. */
export const fakeTradeIds = (account: { trades: { id: number }[] }) =>
  account.trades.map((trade) => String(trade.id)).sort();
