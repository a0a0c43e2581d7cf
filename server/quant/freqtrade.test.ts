import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../services/errors.ts';
import { readFreqtradeResult } from './freqtrade.ts';

// The fixture is a freqtrade backtest result of two strategies, written in the shape freqtrade 2024.x stores
// (server/test/fixtures/freqtrade-backtest-result.json): GridFuturesV2 with every figure, TrendFollowV1 as an
// older freqtrade wrote it (no sharpe, sortino, calmar, winrate or max_relative_drawdown).

const FIXTURE = readFileSync(
  path.join(import.meta.dirname, '../test/fixtures/freqtrade-backtest-result.json'),
);
const fixture = () => JSON.parse(FIXTURE.toString('utf8'));
const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/** The DomainError a read throws: its key, its fields and the freqtrade field at fault. */
function refusal(read: () => unknown) {
  try {
    read();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { key: error.message, errors: error.errors, field: error.extensions.field };
  }
  throw new Error('not refused');
}

describe('readFreqtradeResult', () => {
  it("reads the file's first strategy, naming every strategy it holds", () => {
    const read = readFreqtradeResult(FIXTURE);
    expect(read.strategies).toEqual(['GridFuturesV2', 'TrendFollowV1']);
    expect(read.strategy).toBe('GridFuturesV2');
    expect(read.results).toEqual({
      source: 'freqtrade',
      totalReturn: 0.019,
      annualizedReturn: 1.668242570889896,
      maxDrawdown: 0.020752812584623716,
      sharpe: 4.1654948073499165,
      sortino: 6.2666290948003995,
      calmar: 249.87627844668629,
      winRate: 0.6666666666666666,
      profitFactor: 1.7421875,
      trades: 6,
      periodStart: '2024-01-28',
      periodEnd: '2024-02-04',
      startingBalance: 10000,
      finalBalance: 10190,
      currency: 'USDT',
      daily: {
        kind: 'profit',
        points: [
          { date: '2024-01-28', value: 120.5 },
          { date: '2024-01-29', value: 0 },
          { date: '2024-01-30', value: -45.25 },
          { date: '2024-01-31', value: 80 },
          { date: '2024-02-01', value: 0 },
          { date: '2024-02-02', value: -210.75 },
          { date: '2024-02-03', value: 150 },
          { date: '2024-02-04', value: 95.5 },
        ],
      },
    });
    expect(read.suggested).toEqual({
      timeframe: '15m',
      symbols: ['BTCUSDT', 'ETHUSDT'],
      parameters: [
        { key: 'stake_currency', value: 'USDT' },
        { key: 'stake_amount', value: 'unlimited' },
        { key: 'max_open_trades', value: '2' },
        { key: 'stoploss', value: '-0.05' },
        { key: 'trailing_stop', value: 'false' },
        { key: 'minimal_roi', value: '{"0":0.04,"120":0.02,"480":0}' },
        { key: 'trading_mode', value: 'futures' },
        { key: 'margin_mode', value: 'isolated' },
        { key: 'timerange', value: '20240128-20240205' },
      ],
    });
  });

  it('reads another strategy by name, and what an older file lacks as null', () => {
    const read = readFreqtradeResult(FIXTURE, 'TrendFollowV1');
    expect(read.strategy).toBe('TrendFollowV1');
    expect(read.results).toMatchObject({
      totalReturn: 0.005,
      // No max_relative_drawdown: the account drawdown (55 below a peak of 10,060).
      maxDrawdown: 0.0054671968190854875,
      sharpe: null,
      sortino: null,
      calmar: null,
      // No winrate: wins over trades, 2 of 4.
      winRate: 0.5,
      profitFactor: 1.9090909090909092,
      trades: 4,
      finalBalance: 10050,
    });
    expect(read.results.daily?.points).toHaveLength(7);
    expect(read.suggested.symbols).toEqual(['BTCUSDT', 'SOLUSDT']);
    expect(refusal(() => readFreqtradeResult(FIXTURE, 'Nope'))).toEqual({
      key: 'freqtradeStrategyUnknown',
      errors: { strategy: ['freqtradeStrategyUnknown'] },
      field: undefined,
    });
  });

  it('leaves out a profit factor freqtrade wrote as 0 for want of losses, and an absurd annualized return', () => {
    const file = fixture();
    Object.assign(file.strategy.GridFuturesV2, { losses: 0, profit_factor: 0.0, cagr: 3.2e14 });
    const read = readFreqtradeResult(json(file));
    expect(read.results.profitFactor).toBeNull();
    expect(read.results.annualizedReturn).toBeNull();
  });

  it('refuses what is not a freqtrade backtest result, saying why', () => {
    const notResult = {
      key: 'freqtradeNotResult',
      errors: { file: ['freqtradeNotResult'] },
      field: undefined,
    };
    expect(refusal(() => readFreqtradeResult(Buffer.alloc(0))).key).toBe('uploadEmpty');
    expect(refusal(() => readFreqtradeResult(Buffer.from('PK\x03\x04rest of a zip', 'latin1'))).key).toBe(
      'freqtradeArchive',
    );
    expect(refusal(() => readFreqtradeResult(Buffer.from([0x1f, 0x8b, 8, 0]))).key).toBe('freqtradeArchive');
    expect(refusal(() => readFreqtradeResult(Buffer.from('{"strategy": {'))).key).toBe('freqtradeNotJson');
    expect(refusal(() => readFreqtradeResult(Buffer.from('\x89PNG\r\n', 'latin1'))).key).toBe(
      'freqtradeNotJson',
    );
    expect(refusal(() => readFreqtradeResult(json([1, 2, 3])))).toEqual(notResult);
    expect(refusal(() => readFreqtradeResult(json({ latest_backtest: 'backtest-result.json' })))).toEqual(
      notResult,
    );
    expect(refusal(() => readFreqtradeResult(json({ strategy: 'GridFuturesV2' })))).toEqual(notResult);
    expect(refusal(() => readFreqtradeResult(json({ strategy: {}, strategy_comparison: [] }))).key).toBe(
      'freqtradeNoStrategy',
    );
  });

  it('names the field of a strategy that is missing or of the wrong type', () => {
    const wrongType = fixture();
    wrongType.strategy.GridFuturesV2.profit_total = '1.9%';
    expect(refusal(() => readFreqtradeResult(json(wrongType)))).toEqual({
      key: 'freqtradeFieldInvalid',
      errors: { file: ['freqtradeFieldInvalid'] },
      field: 'strategy.GridFuturesV2.profit_total',
    });

    const missing = fixture();
    delete missing.strategy.TrendFollowV1.total_trades;
    expect(refusal(() => readFreqtradeResult(json(missing), 'TrendFollowV1')).field).toBe(
      'strategy.TrendFollowV1.total_trades',
    );

    const badDay = fixture();
    badDay.strategy.GridFuturesV2.daily_profit[2] = ['2024-01-30', 'x'];
    expect(refusal(() => readFreqtradeResult(json(badDay))).field).toBe(
      'strategy.GridFuturesV2.daily_profit.2.1',
    );

    const badDate = fixture();
    badDate.strategy.GridFuturesV2.backtest_start = 'yesterday';
    expect(refusal(() => readFreqtradeResult(json(badDate))).field).toBe(
      'strategy.GridFuturesV2.backtest_start',
    );

    // Figures freqtrade would not write are held to the rules of results entered by hand.
    const outOfRange = fixture();
    outOfRange.strategy.GridFuturesV2.max_relative_drawdown = 1.5;
    expect(refusal(() => readFreqtradeResult(json(outOfRange)))).toEqual({
      key: 'freqtradeFieldInvalid',
      errors: { file: ['quantDrawdownRange'] },
      field: 'results.maxDrawdown',
    });
  });
});
