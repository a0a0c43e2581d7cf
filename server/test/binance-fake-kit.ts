import { type BinanceReaderOptions, createBinanceReader } from '../exchange/binance.ts';
import { BinanceContext, type BinanceContextOptions, binanceTestUrls } from '../exchange/binance-http.ts';
import type { ExchangeLogger, ExchangeReader } from '../exchange/exchange-reader.ts';
import { BinanceFake, type BinanceFakeOptions } from './binance-fake.ts';
import type { FakeAccount } from './binance-fake-account.ts';

// Helpers for tests of the exchange layer against the fake exchange: a logger that keeps every line, and a
// reader pointed at the fake (as EXCHANGE_TEST_BASE_URL does) for one of its accounts.

export type LogLine = { level: 'debug' | 'info' | 'warn' | 'error'; details: object; message: string };

export interface RecordingLogger extends ExchangeLogger {
  readonly lines: LogLine[];
  /** Everything logged, serialized as a log transport would write it. */
  text(): string;
}

export function recordingLogger(): RecordingLogger {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (details: object, message: string) => {
    lines.push({ level, details, message });
  };
  return {
    lines,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    text: () => lines.map((line) => JSON.stringify(line)).join('\n'),
  };
}

export async function startBinanceFake(options: BinanceFakeOptions = {}): Promise<BinanceFake> {
  const fake = new BinanceFake(options);
  await fake.start();
  return fake;
}

export type FakeReader = { reader: ExchangeReader; context: BinanceContext; log: RecordingLogger };

/** A reader of `account` (or a public-only one) on the fake; budgets and windows as the fake's by default. */
export function fakeReader(
  fake: BinanceFake,
  account: FakeAccount | undefined,
  options: Partial<BinanceReaderOptions> & { budget?: Omit<BinanceContextOptions, 'urls'> } = {},
): FakeReader {
  const log = recordingLogger();
  const context =
    options.context ??
    new BinanceContext({ urls: binanceTestUrls(fake.baseUrl), marginMs: 50, ...options.budget });
  const reader = createBinanceReader({
    ...options,
    context,
    log,
    credentials:
      options.credentials ?? (account ? { apiKey: account.apiKey, secret: account.secret } : undefined),
  });
  return { reader, context, log };
}
