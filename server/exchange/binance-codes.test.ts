import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, ORDER_TYPE, POSITION_MODE, SIDE } from '#shared/trading.ts';
import {
  EXCHANGE_KEY_STATE_LABELS,
  EXCHANGE_KEY_STATES,
  INCOME_KIND_LABELS,
  INCOME_KINDS,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  POSITION_MODE_LABELS,
  SIDE_LABELS,
} from '#shared/trading-labels.ts';
import { binanceCode, type CodeField, knownRawValues } from './binance-codes.ts';

// The whole expected answer for every raw value Binance documents, written out independently of the tables.
const EXPECTED: Record<CodeField, Record<string, unknown>> = {
  orderType: {
    LIMIT: 0,
    MARKET: 1,
    STOP_LOSS: 2,
    STOP_LOSS_LIMIT: 3,
    STOP: 4,
    STOP_MARKET: 5,
    TAKE_PROFIT: 6,
    TAKE_PROFIT_MARKET: 7,
    TAKE_PROFIT_LIMIT: 8,
    LIMIT_MAKER: 9,
    TRAILING_STOP_MARKET: 10,
    LIQUIDATION: 11,
  },
  orderStatus: {
    NEW: 0,
    PARTIALLY_FILLED: 1,
    FILLED: 2,
    CANCELED: 3,
    PENDING_CANCEL: 4,
    REJECTED: 5,
    EXPIRED: 6,
    EXPIRED_IN_MATCH: 6,
    NEW_INSURANCE: 7,
    INSURANCE: 7,
    NEW_ADL: 8,
    ADL: 8,
  },
  algoStatus: {
    NEW: 0,
    TRIGGERING: 0,
    TRIGGERED: 2,
    FINISHED: 2,
    CANCELED: 3,
    REJECTED: 5,
    EXPIRED: 6,
  },
  side: { BUY: 0, SELL: 1 },
  positionSide: { SHORT: 0, LONG: 1, BOTH: 2 },
  executionType: {
    NEW: 'new',
    CANCELED: 'canceled',
    CALCULATED: 'liquidation',
    EXPIRED: 'expired',
    TRADE: 'trade',
    AMENDMENT: 'amendment',
  },
  incomeType: {
    REALIZED_PNL: 'realizedPnl',
    FUNDING_FEE: 'fundingFee',
    COMMISSION: 'commission',
    TRANSFER: 'transfer',
    INTERNAL_TRANSFER: 'transfer',
    CROSS_COLLATERAL_TRANSFER: 'transfer',
    STRATEGY_UMFUTURES_TRANSFER: 'transfer',
    COIN_SWAP_DEPOSIT: 'transfer',
    COIN_SWAP_WITHDRAW: 'transfer',
    AUTO_EXCHANGE: 'transfer',
    COMMISSION_REBATE: 'rebate',
    API_REBATE: 'rebate',
    REFERRAL_KICKBACK: 'rebate',
    FEE_RETURN: 'rebate',
    INSURANCE_CLEAR: 'insuranceClear',
    WELCOME_BONUS: 'reward',
    CONTEST_REWARD: 'reward',
    BFUSD_REWARD: 'reward',
    OPTIONS_PREMIUM_FEE: 'other',
    OPTIONS_SETTLE_PROFIT: 'other',
    DELIVERED_SETTELMENT: 'other',
    POSITION_LIMIT_INCREASE_FEE: 'other',
  },
};

const FIELDS = Object.keys(EXPECTED) as CodeField[];

describe('Binance codes', () => {
  it.each(FIELDS)('maps every raw %s value, and knows no other', (field) => {
    const unknown: string[] = [];
    const mapped = Object.fromEntries(
      knownRawValues(field).map((raw) => [raw, binanceCode(field, raw, (_f, value) => unknown.push(value))]),
    );
    expect(mapped).toEqual(EXPECTED[field]);
    expect(unknown).toEqual([]);
  });

  it('reaches every order type and order status code of spec §3', () => {
    expect(new Set(Object.values(EXPECTED.orderType))).toEqual(new Set(Object.values(ORDER_TYPE)));
    expect(new Set(Object.values(EXPECTED.orderStatus))).toEqual(new Set(Object.values(ORDER_STATUS)));
    expect(new Set(Object.values(EXPECTED.side))).toEqual(new Set(Object.values(SIDE)));
    expect(new Set(Object.values(EXPECTED.positionSide))).toEqual(new Set(Object.values(POSITION_MODE)));
  });

  it.each(FIELDS)('reports an unknown %s value and reads it as null instead of throwing', (field) => {
    const reports: [string, string][] = [];
    const report = (f: CodeField, raw: string) => reports.push([f, raw]);
    for (const raw of ['SOMETHING_NEW', '', 'new', 'constructor', '__proto__', 'toString']) {
      expect(binanceCode(field, raw, report)).toBeNull();
    }
    expect(reports).toEqual(
      ['SOMETHING_NEW', '', 'new', 'constructor', '__proto__', 'toString'].map((raw) => [field, raw]),
    );
  });
});

describe('trading labels', () => {
  const tables: [string, Record<string | number, { zh: string; en: string }>, (string | number)[]][] = [
    ['order type', ORDER_TYPE_LABELS, Object.values(ORDER_TYPE)],
    ['order status', ORDER_STATUS_LABELS, Object.values(ORDER_STATUS)],
    ['side', SIDE_LABELS, Object.values(SIDE)],
    ['position mode', POSITION_MODE_LABELS, Object.values(POSITION_MODE)],
    ['income kind', INCOME_KIND_LABELS, [...INCOME_KINDS]],
    ['key state', EXCHANGE_KEY_STATE_LABELS, [...EXCHANGE_KEY_STATES]],
  ];

  it.each(tables)('has a zh and an en label for every %s, and nothing else', (_name, labels, codes) => {
    expect(Object.keys(labels).sort()).toEqual(codes.map(String).sort());
    for (const code of codes) {
      expect(labels[code]?.zh.trim()).toBeTruthy();
      expect(labels[code]?.en.trim()).toBeTruthy();
    }
    // Two codes never read the same, in either language.
    for (const locale of ['zh', 'en'] as const) {
      const texts = codes.map((code) => labels[code]?.[locale]);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it('labels every income kind the Binance table produces', () => {
    for (const kind of Object.values(EXPECTED.incomeType)) {
      expect(INCOME_KINDS).toContain(kind);
    }
  });
});
