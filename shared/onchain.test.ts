import { describe, expect, it } from 'vitest';
import { explorerAddressUrl, explorerTxUrl, normalizeAmount, ONCHAIN_CHAIN_IDS } from './onchain.ts';

describe('on-chain values', () => {
  it('writes amounts canonically, exactly, and refuses what is not a positive decimal', () => {
    expect(normalizeAmount('0012.5000')).toBe('12.5');
    expect(normalizeAmount(' 1000 ')).toBe('1000');
    expect(normalizeAmount('0.000000000000000001')).toBe('0.000000000000000001');
    expect(normalizeAmount('123456789012345678901234567890.123456789012345678')).toBe(
      '123456789012345678901234567890.123456789012345678',
    );
    for (const bad of ['0', '0.00', '-1', '1e5', '1.', '.5', '1,000', '', 'abc', `1${'0'.repeat(40)}`])
      expect(normalizeAmount(bad), bad).toBeUndefined();
  });

  it('links every chain’s transactions and addresses to its explorer', () => {
    const hash = `0x${'ab'.repeat(32)}`;
    expect(ONCHAIN_CHAIN_IDS.map((chain) => explorerTxUrl(chain, hash))).toEqual([
      `https://etherscan.io/tx/${hash}`,
      `https://bscscan.com/tx/${hash}`,
      `https://polygonscan.com/tx/${hash}`,
      `https://arbiscan.io/tx/${hash}`,
      `https://optimistic.etherscan.io/tx/${hash}`,
      `https://basescan.org/tx/${hash}`,
    ]);
    expect(explorerAddressUrl('base', `0x${'cd'.repeat(20)}`)).toBe(
      `https://basescan.org/address/0x${'cd'.repeat(20)}`,
    );
  });
});
