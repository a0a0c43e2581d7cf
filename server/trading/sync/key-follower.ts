import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { isExchangeError } from '../../exchange/exchange-errors.ts';
import type { ExchangeLogger, StreamStatus, UserStream } from '../../exchange/exchange-reader.ts';
import {
  BROKEN_MESSAGE,
  type CheckRow,
  type Credentials,
  describeError,
  keyCheckOf,
  openCredentials,
  type ReaderFactory,
} from '../../services/trader-checks.ts';
import { readAccount } from './account-read.ts';
import { type LiveChangeRows, storeAccountEvent, storeOrderEvent, storeReconciliation } from './store.ts';

// Following one key's account, in the process that holds its lease (trader-sync.ts): the key's last check
// decides whether it is followed at all (never when it can withdraw or its stored secret is broken), then
// the user-data stream is opened, the account reconciled over REST (at the start, after every reconnect and
// every `reconcileMs`) and every stored change published. Failures are recorded in trader_key_sync (state
// `error`, the message and its time) and retried with a growing delay; nothing here throws to the process.

export type SyncTiming = {
  /** How often the worker renews its leases and looks for keys to take (Binance-independent). */
  tickMs: number;
  /** A lease not renewed for this long is taken over by another process. */
  leaseMs: number;
  /** REST reconciliation period while the stream is up. */
  reconcileMs: number;
  /** A key's restrictions are read again after this long (daily). */
  checkEveryMs: number;
  /** First retry delay after a failure, doubled up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How far back a key's history is read the first time it is followed. */
  historyMs: number;
  /** How long to wait for the stream to open before the first reconciliation goes ahead anyway. */
  streamOpenMs: number;
};

export const DEFAULT_TIMING: SyncTiming = {
  tickMs: 15_000,
  leaseMs: 45_000,
  reconcileMs: 60_000,
  checkEveryMs: 86_400_000,
  backoffMs: 5_000,
  maxBackoffMs: 5 * 60_000,
  historyMs: 90 * 86_400_000,
  streamOpenMs: 15_000,
};

export type FollowerDeps = {
  db: Kysely<DB>;
  secretsKey: Buffer;
  readerFor: ReaderFactory;
  log: ExchangeLogger;
  timing: SyncTiming;
  /** Checks the key at the exchange now and stores the outcome (services/trader-checks.ts). */
  check(keyId: number): Promise<CheckRow>;
  /** Publishes a stored change (the hub's TraderLiveChanged). */
  publish(change: LiveChangeRows): Promise<void>;
};

type Verdict = { follow: true } | { follow: false; state: 'refused' | 'error'; reason: string };

const WITHDRAW_MESSAGE =
  'The key can withdraw: live sync is refused (remove the withdrawal permission, then check the key again)';

const FUTURES_MESSAGE =
  'The key has no futures permission, which Binance requires to read the futures account (enable Futures on the key, then check it again)';

/** What the last check says about following the key. */
function verdictOf(check: CheckRow): Verdict {
  if (check.state === 'broken') return { follow: false, state: 'refused', reason: BROKEN_MESSAGE };
  if (check.state === 'withdrawalsEnabled' || check.can_withdraw === 1)
    return { follow: false, state: 'refused', reason: WITHDRAW_MESSAGE };
  if (check.state === 'futuresDisabled') return { follow: false, state: 'refused', reason: FUTURES_MESSAGE };
  if (check.state === 'ok') return { follow: true };
  return { follow: false, state: 'error', reason: check.last_error ?? check.state };
}

export async function setSyncState(
  db: Kysely<DB>,
  keyId: number,
  state: 'idle' | 'syncing' | 'refused' | 'error',
  reason: string | null,
): Promise<void> {
  await db
    .updateTable('trader_key_sync')
    .set(reason === null ? { state } : { state, last_error: reason, last_error_at: Date.now() })
    .where('key_id', '=', keyId)
    .execute();
}

class Stopped extends Error {}

export class KeyFollower {
  readonly keyId: number;
  private readonly deps: FollowerDeps;
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  private woken = false;
  private running: Promise<void> | undefined;
  /** Ends the current reader's waits and requests (stop). */
  private readonly stopping = new AbortController();
  /** Events and reconciliations are stored one at a time, in the order they came. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(deps: FollowerDeps, keyId: number) {
    this.deps = deps;
    this.keyId = keyId;
  }

  start(): void {
    this.running ??= this.run().catch((error: unknown) =>
      this.deps.log.error({ keyId: this.keyId, error: String(error) }, 'trader sync: follower ended'),
    );
  }

  /** Look at the key's check again now (it was checked, or edited); a wake while busy is kept. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    this.wake();
    await this.running;
  }

  /** Waits `ms`, or until woken (or already woken since the last pause) or stopped. */
  private async pause(ms: number): Promise<void> {
    if (this.stopped || this.woken) {
      this.woken = false;
      return;
    }
    const abort = new AbortController();
    const wakeUp = () => abort.abort();
    this.wakeUp = wakeUp;
    await sleep(Math.max(0, ms), undefined, { signal: abort.signal, ref: false }).catch(() => {});
    if (this.wakeUp === wakeUp) this.wakeUp = undefined;
    this.woken = false;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => {});
    return next;
  }

  private async run(): Promise<void> {
    const { db, log, timing } = this.deps;
    let failures = 0;
    let recheck = false;
    while (!this.stopped) {
      try {
        const key = await db
          .selectFrom('trader_keys')
          .select(['key_value_enc', 'secret_value_enc', 'is_active'])
          .where('id', '=', this.keyId)
          .executeTakeFirst();
        if (key?.is_active !== 1) return;
        const credentials = openCredentials(this.deps.secretsKey, key);
        let check = await keyCheckOf(db, this.keyId);
        const stale =
          !check ||
          recheck ||
          Date.now() - check.checked_at >= timing.checkEveryMs ||
          (check.state !== 'ok' &&
            check.state !== 'withdrawalsEnabled' &&
            check.state !== 'futuresDisabled') ||
          !credentials;
        if (stale) check = await this.deps.check(this.keyId);
        recheck = false;
        const verdict = credentials ? verdictOf(check!) : verdictOf({ ...check!, state: 'broken' });
        if (!verdict.follow) {
          await setSyncState(db, this.keyId, verdict.state, verdict.reason);
          if (verdict.state === 'refused') {
            failures = 0;
            await this.pause(check!.checked_at + timing.checkEveryMs - Date.now());
            continue;
          }
          throw new Error(verdict.reason);
        }
        await this.follow(credentials!, check!);
        failures = 0;
      } catch (error) {
        if (this.stopped || error instanceof Stopped) break;
        failures++;
        const reason = isExchangeError(error) ? describeError(error) : String((error as Error).message);
        log.warn({ keyId: this.keyId, reason, failures }, 'trader sync: following the key failed');
        if (isExchangeError(error) && (error.kind === 'invalidKey' || error.kind === 'ipNotAllowed'))
          recheck = true;
        await setSyncState(db, this.keyId, 'error', reason).catch(() => {});
        await this.pause(this.delay(failures, error));
      }
    }
  }

  private delay(failures: number, error: unknown): number {
    const { backoffMs, maxBackoffMs } = this.deps.timing;
    if (isExchangeError(error) && error.retryAfterMs) return Math.max(error.retryAfterMs, backoffMs);
    return Math.min(maxBackoffMs, backoffMs * 2 ** (failures - 1)) * (0.75 + Math.random() / 2);
  }

  private async store(work: () => Promise<LiveChangeRows | null>): Promise<LiveChangeRows | null> {
    const change = await this.enqueue(work);
    if (change) await this.deps.publish(change).catch(() => {});
    return change;
  }

  /**
   * Follows the account until stopped, until the key's check says to stop, or until the stream is refused
   * (then it throws, and run() backs off). A reconciliation that fails is retried with a growing delay while
   * the stream stays up.
   */
  private async follow(credentials: Credentials, check: CheckRow): Promise<void> {
    const { db, log, timing } = this.deps;
    const keyId = this.keyId;
    const reader = this.deps.readerFor(credentials, {
      ipRestricted: check.ip_restricted === 1,
      signal: this.stopping.signal,
    });
    let opened = false;
    let resumed = false;
    // A position the stream opened lacks what only REST reads (leverage, mark and liquidation prices).
    let newPosition = false;
    let refused: unknown;
    const onStatus = (status: StreamStatus) => {
      if (status.state === 'open') {
        if (status.resumed) resumed = true;
        if (status.resumed || !opened) this.wake();
        opened = true;
      } else if (status.state === 'reconnecting' && status.error) {
        const reason = `The user-data stream dropped, reconnecting: ${describeError(status.error)}`;
        void this.enqueue(() => setSyncState(db, keyId, 'error', reason)).catch(() => {});
      } else if (status.state === 'closed' && status.error) {
        refused = status.error;
        this.wake();
      }
    };
    const failed = (what: string) => (error: unknown) =>
      log.error({ keyId, what, error: String(error) }, 'trader sync: storing a change failed');
    const stream: UserStream = reader.userStream({
      order: (event) => void this.store(() => storeOrderEvent(db, keyId, event)).catch(failed('order')),
      account: (event) =>
        void this.store(() => storeAccountEvent(db, keyId, event))
          .then((change) => {
            if (!change?.opened.length) return;
            newPosition = true;
            this.wake();
          })
          .catch(failed('account')),
      status: onStatus,
    });
    const reconcile = () =>
      this.store(async () => storeReconciliation(db, keyId, await readAccount(reader, db, keyId, timing)));
    try {
      // The first reconciliation waits for the stream (briefly), so that nothing falls between the two.
      if (!opened) await this.pause(timing.streamOpenMs);
      let failures = 0;
      let due = Date.now();
      for (;;) {
        if (this.stopped) throw new Stopped();
        if (refused) throw refused;
        const current = await keyCheckOf(db, keyId);
        if (!current || current.checked_at !== check.checked_at) {
          if (!current || !verdictOf(current).follow) return;
          check = current;
        }
        if (Date.now() - check.checked_at >= timing.checkEveryMs) {
          check = await this.deps.check(keyId);
          if (!verdictOf(check).follow) return;
        }
        if (resumed || newPosition || Date.now() >= due) {
          resumed = false;
          newPosition = false;
          try {
            await reconcile();
            failures = 0;
            due = Date.now() + timing.reconcileMs;
          } catch (error) {
            if (this.stopped) throw new Stopped();
            if (isExchangeError(error) && (error.kind === 'invalidKey' || error.kind === 'ipNotAllowed'))
              throw error;
            failures++;
            const reason = isExchangeError(error) ? describeError(error) : String((error as Error).message);
            log.warn({ keyId, reason, failures }, 'trader sync: reconciliation failed');
            await setSyncState(db, keyId, 'error', reason);
            due = Date.now() + this.delay(failures, error);
          }
        }
        await this.pause(due - Date.now());
      }
    } finally {
      await stream.close().catch(() => {});
      await this.queue;
    }
  }
}
