import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/database.ts';
import { binanceContext, binanceReaderFactory } from '../../exchange/binance.ts';
import type { ExchangeLogger } from '../../exchange/exchange-reader.ts';
import type { FromSyncThread, LogLevel, SyncThreadData, ToSyncThread } from './sync-thread.ts';
import { createTraderSync } from './trader-sync.ts';

// The trader sync's worker thread (started by sync-thread.ts): its own database connection (on SQLite a
// second connection of the same process) and its own Binance context; changes to publish and log lines go
// to the main thread.

const data = workerData as SyncThreadData;
const port = parentPort;
if (!port) throw new Error('sync-thread-entry.ts runs in a worker thread (sync-thread.ts starts it)');

const post = (message: FromSyncThread) => port.postMessage(message);

function logger(component: 'trader-sync' | 'exchange'): ExchangeLogger {
  const at =
    (level: LogLevel) =>
    (details: object, message: string): void => {
      try {
        post({ type: 'log', component, level, details, message });
      } catch {
        // Something in the details cannot be copied to the main thread: send what it reads as.
        post({ type: 'log', component, level, details: { details: String(details) }, message });
      }
    };
  return {
    debug: data.debug ? at('debug') : () => {},
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  };
}

const log = logger('trader-sync');
const database = await openDatabase({ ...data.openOptions, sibling: true, pgPoolSize: 4 });
const sync = createTraderSync({
  db: database.db,
  dialect: database.dialect,
  log,
  hub: {
    async emitToKey(keyId, event, ...payload) {
      post({ type: 'emit', keyId, event, payload });
    },
  },
  secretsKey: Buffer.from(data.secretsKey),
  readerFor: binanceReaderFactory(binanceContext(data.exchangeTestBaseUrl), logger('exchange')),
  holder: data.holder,
  ...(data.timing ? { timing: data.timing } : {}),
  onFollowing: (keyIds) => post({ type: 'following', keyIds }),
});

port.on('message', (message: ToSyncThread) => {
  switch (message.type) {
    case 'tick':
      void sync.tick().then(() => post({ type: 'ticked', id: message.id }));
      break;
    case 'nudge':
      sync.nudge(message.keyId);
      break;
    case 'stop':
      void sync
        .stop({ release: message.release })
        .then(() => database.close())
        .catch((error: unknown) => log.warn({ error: String(error) }, 'trader sync: stopping failed'))
        .finally(() => {
          post({ type: 'stopped' });
          port.close();
        });
      break;
  }
});
sync.start();
