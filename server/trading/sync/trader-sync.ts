import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/dialect.ts';
import type { DB } from '../../db/schema.ts';
import type { ExchangeLogger } from '../../exchange/exchange-reader.ts';
import { presentTraderLiveChanged } from '../../presenters/trading.ts';
import type { Hub } from '../../realtime/hub.ts';
import { answerCheckRequests, checkTraderKey, type ReaderFactory } from '../../services/trader-checks.ts';
import { DEFAULT_TIMING, KeyFollower, type SyncTiming } from './key-follower.ts';
import { ensureSyncRows, releaseLeases, takeLeases } from './leases.ts';

// The trader sync worker (DESIGN §8): every active key is followed by exactly one process, the one holding
// its lease (leases.ts), by a KeyFollower (key-follower.ts) that checks the key daily, refuses keys that can
// withdraw or whose stored secret is broken, and keeps positions, open orders, fills, income and hourly
// equity in the database, publishing each stored change to the hub. The worker ticks every `tickMs`: it
// renews its leases, takes free ones (a dead process's, within `leaseMs`), and starts, restarts (the key was
// edited) or stops followers to match. Started by app.ts; nothing in it throws to the process.

export type TraderSyncOptions = {
  db: Kysely<DB>;
  dialect: Dialect;
  log: ExchangeLogger;
  hub: Pick<Hub, 'emitToKey'>;
  secretsKey: Buffer;
  readerFor: ReaderFactory;
  /** This process's name in the leases (default: host, process id and a random part). */
  holder?: string;
  timing?: Partial<SyncTiming>;
  /** Told the keys followed here after each tick and on stop (the worker thread reports them). */
  onFollowing?: (keyIds: number[]) => void;
};

export type TraderSync = {
  readonly holder: string;
  start(): void;
  /**
   * Stops following (streams closed, work in flight finished). With `release` (the default) the leases are
   * given up, so that another process takes the keys at its next tick; without, they run out by themselves,
   * as when a process dies.
   */
  stop(options?: { release?: boolean }): Promise<void>;
  /** One tick now (tests, and after a key was checked or edited). */
  tick(): Promise<void>;
  /** The key was checked or edited: look at it now. */
  nudge(keyId: number): void;
  /** Keys this process follows now. */
  following(): number[];
};

export function createTraderSync(options: TraderSyncOptions): TraderSync {
  const { db, log } = options;
  const timing: SyncTiming = { ...DEFAULT_TIMING, ...options.timing };
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const followers = new Map<number, { follower: KeyFollower; editedAt: number; checkedAt: number | null }>();
  const nudged = new Set<number>();
  /** Checks asked for (by any process) being done here, by key. */
  const checking = new Map<number, Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  // Stopping ends every wait for the exchange's weight budget and every request in flight at once.
  const stopping = new AbortController();
  const readerFor: ReaderFactory = (credentials, readerOptions) =>
    options.readerFor(credentials, {
      ...readerOptions,
      signal: readerOptions.signal
        ? AbortSignal.any([readerOptions.signal, stopping.signal])
        : stopping.signal,
    });
  const followerDeps = {
    db,
    secretsKey: options.secretsKey,
    readerFor,
    log,
    timing,
    check: (keyId: number) => checkTraderKey({ db, secretsKey: options.secretsKey, readerFor, log }, keyId),
    publish: async (change: Parameters<typeof presentTraderLiveChanged>[0]) => {
      await options.hub
        .emitToKey(change.keyId, 'TraderLiveChanged', presentTraderLiveChanged(change))
        .catch((error: unknown) =>
          log.warn({ keyId: change.keyId, error: String(error) }, 'trader sync: publishing a change failed'),
        );
    },
  };

  /** Checks a held key as asked (requestCheck), records the answer, and wakes its follower. */
  function answer(keyId: number, request: number): void {
    if (checking.has(keyId)) return; // a later request is seen at the next tick
    const failed = (error: unknown) =>
      log.warn({ keyId, error: String(error) }, 'trader sync: answering a check failed');
    const task = followerDeps
      .check(keyId)
      .catch(failed)
      // Answered even when the check could not be stored: the asker then reads the check as it is.
      .then(() => answerCheckRequests(db, keyId, request))
      .catch(failed)
      .finally(() => {
        checking.delete(keyId);
        followers.get(keyId)?.follower.wake();
      });
    checking.set(keyId, task);
  }

  async function tickOnce(): Promise<void> {
    await ensureSyncRows(db);
    const held = await takeLeases(db, options.dialect, holder, timing.leaseMs);
    if (stopped) return;
    const heldIds = new Set(held.map((lease) => lease.keyId));
    for (const [keyId, entry] of followers) {
      if (heldIds.has(keyId)) continue;
      followers.delete(keyId);
      log.info({ keyId }, 'trader sync: key no longer followed here');
      await entry.follower.stop();
    }
    // Keys switched off: their followers have stopped above; they read idle.
    await releaseLeases(db, holder, false);
    for (const { keyId, editedAt, checkedAt, checkRequest } of held) {
      if (checkRequest !== null) answer(keyId, checkRequest);
      const entry = followers.get(keyId);
      if (entry && entry.editedAt === editedAt) {
        // Checked meanwhile (here or by another process): the follower looks at the check again now.
        if (nudged.delete(keyId) || entry.checkedAt !== checkedAt) entry.follower.wake();
        entry.checkedAt = checkedAt;
        continue;
      }
      if (entry) await entry.follower.stop();
      nudged.delete(keyId);
      const follower = new KeyFollower(followerDeps, keyId);
      followers.set(keyId, { follower, editedAt, checkedAt });
      log.info({ keyId, holder }, 'trader sync: following the key');
      follower.start();
    }
    for (const keyId of nudged) if (!heldIds.has(keyId)) nudged.delete(keyId);
    options.onFollowing?.([...followers.keys()]);
  }

  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (ticking) {
      again = true;
      return ticking;
    }
    ticking = (async () => {
      do {
        again = false;
        await tickOnce().catch((error: unknown) =>
          log.error({ error: String(error) }, 'trader sync: tick failed'),
        );
      } while (again && !stopped);
    })().finally(() => {
      ticking = undefined;
    });
    return ticking;
  }

  return {
    holder,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void tick(), timing.tickMs);
      timer.unref();
      void tick();
    },
    async stop({ release = true } = {}) {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await ticking;
      await Promise.all(checking.values());
      const all = [...followers.values()];
      followers.clear();
      await Promise.all(all.map((entry) => entry.follower.stop()));
      options.onFollowing?.([]);
      if (release)
        await releaseLeases(db, holder, true).catch((error: unknown) =>
          log.warn({ error: String(error) }, 'trader sync: releasing the leases failed'),
        );
    },
    tick,
    nudge(keyId) {
      nudged.add(keyId);
      void tick();
    },
    following: () => [...followers.keys()],
  };
}
