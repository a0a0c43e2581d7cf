import { describe, expect, it } from 'vitest';
import type { ExchangeLogger } from '../../exchange/exchange-reader.ts';
import { tempDir } from '../../test/databases.ts';
import { createSyncThread } from './sync-thread.ts';

// The thread side of a failure the app tests cannot reach: a sync thread that ends by itself (here: its
// database cannot be opened) is logged and started again, without taking the process down; stop() ends
// the retries.

type Line = { level: string; details: object; message: string };

function collectingLog(lines: Line[]): ExchangeLogger {
  const at = (level: string) => (details: object, message: string) =>
    void lines.push({ level, details, message });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe('the sync thread', () => {
  it('is started again when it ends by itself, until it is stopped', async () => {
    const lines: Line[] = [];
    const ended = () => lines.filter((line) => line.message.includes('the sync thread ended'));
    let sawTwo: () => void = () => {};
    const twice = new Promise<void>((resolve) => {
      sawTwo = resolve;
    });
    const log = collectingLog(lines);
    const sync = createSyncThread({
      // A data folder that does not exist: the thread's database cannot be opened.
      database: { openOptions: { dataDir: `${tempDir()}/missing` } },
      secretsKey: Buffer.alloc(32),
      exchangeTestBaseUrl: undefined,
      hub: { emitToKey: async () => {} },
      log: {
        ...log,
        error(details, message) {
          log.error(details, message);
          if (ended().length >= 2) sawTwo();
        },
      },
      exchangeLog: log,
      debug: false,
      restartMs: 20,
    });
    sync.start();
    await twice;
    expect(ended()[0]?.details).toMatchObject({ code: 1 });
    expect(lines.some((line) => line.message.includes('the sync thread failed'))).toBe(true);
    expect(sync.following()).toEqual([]);
    await sync.stop();
    // A tick after stop answers at once.
    await sync.tick();
  }, 60_000);
});
