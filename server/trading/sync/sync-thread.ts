import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { Database, OpenDatabaseOptions } from '../../db/database.ts';
import type { ExchangeLogger } from '../../exchange/exchange-reader.ts';
import type { Hub } from '../../realtime/hub.ts';
import type { SyncTiming } from './key-follower.ts';
import type { TraderSync } from './trader-sync.ts';

// The trader sync of a process runs in a worker thread of its own (sync-thread-entry.ts), with its own
// database connection and Binance context. A process following many keys is never quiet (their
// reconciliations run back to back within the weight budget), and V8 sizes a busy heap's young generation
// to the largest the flags allow: the thread's is capped (`youngGenerationMb`), while the main thread keeps
// the large one that fanning strategies out to a thousand sockets wants (docs/decisions.md). The thread
// sends each change to publish and each log line here; this side hands them to the hub and the logger, and
// passes on ticks, nudges (a check was asked for) and stop. A thread that ends by itself is started again.

export type SyncThreadData = {
  openOptions: OpenDatabaseOptions;
  secretsKey: Uint8Array;
  exchangeTestBaseUrl: string | undefined;
  holder: string;
  debug: boolean;
  timing: Partial<SyncTiming> | undefined;
};

export type ToSyncThread =
  | { type: 'tick'; id: number }
  | { type: 'nudge'; keyId: number }
  | { type: 'stop'; release: boolean };

export type LogLevel = keyof ExchangeLogger;

export type FromSyncThread =
  | { type: 'ticked'; id: number }
  | { type: 'following'; keyIds: number[] }
  | { type: 'emit'; keyId: number; event: string; payload: unknown[] }
  | { type: 'log'; component: 'trader-sync' | 'exchange'; level: LogLevel; details: object; message: string }
  | { type: 'stopped' };

export type SyncThreadOptions = {
  database: Pick<Database, 'openOptions'>;
  secretsKey: Buffer;
  exchangeTestBaseUrl: string | undefined;
  hub: Pick<Hub, 'emitToKey'>;
  log: ExchangeLogger;
  exchangeLog: ExchangeLogger;
  /** Whether debug lines are wanted (they are not sent from the thread otherwise). */
  debug: boolean;
  holder?: string;
  timing?: Partial<SyncTiming>;
  /** The thread's V8 young generation, in MB. */
  youngGenerationMb?: number;
  /** Wait before starting a thread that ended by itself again. */
  restartMs?: number;
  /** How long stop() waits for the thread to finish its work before ending it. */
  stopTimeoutMs?: number;
};

const ENTRY = new URL('./sync-thread-entry.ts', import.meta.url);

export function createSyncThread(options: SyncThreadOptions): TraderSync {
  const { log } = options;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const restartMs = options.restartMs ?? 5_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const emit = options.hub.emitToKey as (
    keyId: number,
    event: string,
    ...payload: unknown[]
  ) => Promise<void>;
  let worker: Worker | undefined;
  let following: number[] = [];
  let started = false;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;
  let nextTick = 0;
  const ticks = new Map<number, () => void>();
  let onStopped: (() => void) | undefined;

  const send = (message: ToSyncThread) => worker?.postMessage(message);

  function receive(message: FromSyncThread): void {
    switch (message.type) {
      case 'ticked':
        ticks.get(message.id)?.();
        ticks.delete(message.id);
        break;
      case 'following':
        following = message.keyIds;
        break;
      case 'emit':
        emit
          .call(options.hub, message.keyId, message.event, ...message.payload)
          .catch((error: unknown) =>
            log.warn(
              { keyId: message.keyId, error: String(error) },
              'trader sync: publishing a change failed',
            ),
          );
        break;
      case 'log':
        (message.component === 'exchange' ? options.exchangeLog : log)[message.level](
          message.details,
          message.message,
        );
        break;
      case 'stopped':
        onStopped?.();
        break;
    }
  }

  function spawn(): void {
    // `--max-semi-space-size` (npm start sets it for the main thread) is a process-wide V8 flag, and a set
    // flag overrides a worker's resourceLimits: cleared (0: sized from the limits) before the thread starts.
    // It is read when a heap is set up, so the main thread's, set up at start, keeps its size.
    setFlagsFromString('--max-semi-space-size=0');
    const workerData: SyncThreadData = {
      openOptions: options.database.openOptions,
      secretsKey: new Uint8Array(options.secretsKey),
      exchangeTestBaseUrl: options.exchangeTestBaseUrl,
      holder,
      debug: options.debug,
      timing: options.timing,
    };
    const thread = new Worker(ENTRY, {
      workerData,
      name: 'trader-sync',
      resourceLimits: { maxYoungGenerationSizeMb: options.youngGenerationMb ?? 16 },
    });
    worker = thread;
    thread.on('message', receive);
    thread.on('error', (error) => log.error({ error: String(error) }, 'trader sync: the sync thread failed'));
    thread.on('exit', (code) => {
      worker = undefined;
      following = [];
      for (const done of ticks.values()) done();
      ticks.clear();
      onStopped?.();
      if (stopping) return;
      log.error({ code, restartInMs: restartMs }, 'trader sync: the sync thread ended; starting it again');
      restartTimer = setTimeout(spawn, restartMs);
      restartTimer.unref();
    });
  }

  return {
    holder,
    start() {
      if (started || stopping) return;
      started = true;
      spawn();
    },
    async stop({ release = true } = {}) {
      stopping = true;
      clearTimeout(restartTimer);
      const thread = worker;
      if (!thread) return;
      const done = new Promise<void>((resolve) => {
        onStopped = resolve;
      });
      send({ type: 'stop', release });
      const timer = setTimeout(() => {
        log.warn({ waitedMs: stopTimeoutMs }, 'trader sync: the sync thread did not stop in time; ending it');
        void thread.terminate();
      }, stopTimeoutMs);
      await done;
      clearTimeout(timer);
      await thread.terminate();
    },
    tick() {
      if (!worker || stopping) return Promise.resolve();
      const id = ++nextTick;
      const done = new Promise<void>((resolve) => ticks.set(id, resolve));
      send({ type: 'tick', id });
      return done;
    },
    nudge(keyId) {
      send({ type: 'nudge', keyId });
    },
    following: () => [...following],
  };
}
