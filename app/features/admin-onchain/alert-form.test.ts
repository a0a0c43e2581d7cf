import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { message } from '#shared/messages.ts';
import { alertFormSchema, alertRequestOf, EMPTY_ALERT } from './alert-form.ts';

const FILLED = {
  ...EMPTY_ALERT,
  chain: 'ethereum' as const,
  asset: ' USDT ',
  amount: '1,250,000.50',
  fromAddress: `0x${'A'.repeat(40)}`,
  toAddress: `0x${'b'.repeat(40)}`,
  direction: 'exchange_inflow' as const,
  txHash: `0x${'c'.repeat(64)}`,
};

const issues = (values: typeof FILLED) => {
  const result = alertFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(
        result.error.issues.map((issue) => [issue.path.join('.'), message(issue.message, 'en')]),
      );
};

describe('the alert form', () => {
  it('makes the request: empty optional fields null, no time for now, amounts without separators', () => {
    expect(alertRequestOf(FILLED)).toEqual({
      chain: 'ethereum',
      asset: 'USDT',
      tokenAddress: null,
      amount: '1250000.50',
      usdValue: null,
      fromAddress: FILLED.fromAddress,
      toAddress: FILLED.toAddress,
      direction: 'exchange_inflow',
      txHash: FILLED.txHash,
      logIndex: null,
      blockNumber: null,
      importance: 'normal',
      comment: '',
    });
    const at = dayjs('2030-01-02T03:04:05.678Z');
    expect(alertRequestOf({ ...FILLED, occurredAt: at }).occurredAt).toBe('2030-01-02T03:04:05.678Z');
    expect(issues(FILLED)).toEqual({});
  });

  it('refuses malformed addresses and hashes with the server’s messages', () => {
    expect(
      issues({
        ...FILLED,
        fromAddress: '0x123',
        toAddress: `0x${'g'.repeat(40)}`,
        tokenAddress: 'usdt',
        txHash: `0x${'c'.repeat(63)}`,
      }),
    ).toEqual({
      fromAddress: 'An address is 0x followed by 40 hexadecimal digits',
      toAddress: 'An address is 0x followed by 40 hexadecimal digits',
      tokenAddress: 'An address is 0x followed by 40 hexadecimal digits',
      txHash: 'A transaction hash is 0x followed by 64 hexadecimal digits',
    });
    expect(issues({ ...EMPTY_ALERT } as typeof FILLED)).toMatchObject({
      chain: expect.stringContaining('Choose a chain'),
      asset: 'Enter the asset’s symbol',
      amount: expect.stringContaining('positive number'),
      direction: expect.stringContaining('Choose a direction'),
    });
  });
});
