import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatSignedAmount,
  formatSignedUsd,
  formatUsd,
  isNegative,
  shortAddress,
  shortHash,
} from './onchain-format.ts';

describe('on-chain figures', () => {
  it('groups amounts as text, keeping every digit of big and precise values', () => {
    expect(formatAmount('0.5')).toBe('0.5');
    expect(formatAmount('999')).toBe('999');
    expect(formatAmount('1000')).toBe('1,000');
    expect(formatAmount('1250000.5')).toBe('1,250,000.5');
    // Beyond a double's 15-17 significant digits: a float would have rounded these.
    expect(formatAmount('123456789012345678901234567890.000000000000000001')).toBe(
      '123,456,789,012,345,678,901,234,567,890.000000000000000001',
    );
    expect(formatAmount('-1234567.25')).toBe('-1,234,567.25');
    expect(formatAmount('not a number')).toBe('not a number');
  });

  it('signs net amounts and dollars', () => {
    expect(formatSignedAmount('1200')).toBe('+1,200');
    expect(formatSignedAmount('-3000.5')).toBe('-3,000.5');
    expect(formatSignedAmount('0')).toBe('0');
    expect(isNegative('-0.001')).toBe(true);
    expect(isNegative('-0')).toBe(false);
    expect(isNegative('12')).toBe(false);
    expect(formatSignedUsd(1_500_000)).toBe('+$1,500,000');
    expect(formatSignedUsd(-2500.4)).toBe('-$2,500');
    expect(formatSignedUsd(0)).toBe('$0');
    expect(formatUsd(0)).toBe('$0');
  });

  it('shows dollars whole from $1,000 and with cents below', () => {
    expect(formatUsd(12_345_678.9)).toBe('$12,345,679');
    expect(formatUsd(999.5)).toBe('$999.50');
  });

  it('shortens addresses and hashes', () => {
    expect(shortAddress('0x28c6c06298d514db089934071355e5743bf21d60')).toBe('0x28c6…1d60');
    expect(shortHash(`0x${'ab'.repeat(32)}`)).toBe('0xababab…ababab');
  });
});
