import { ONCHAIN_CHAINS, type OnchainChain } from '#shared/onchain.ts';

// Display of on-chain figures. Token amounts are exact decimal text (18 decimals and 30 digits are common):
// they are grouped as text, never parsed into a float that would round them.

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** Decimal text with thousands separators, every digit kept: "-1234567.000000000000000001" → "-1,234,567.000000000000000001". */
export function formatAmount(text: string): string {
  const match = DECIMAL.exec(text.trim());
  if (!match) return text;
  const [, sign = '', whole = '', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign === '-' ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A signed amount (the net flow): "+1,200" or "-3,000.5"; zero unsigned. */
export function formatSignedAmount(text: string): string {
  const formatted = formatAmount(text);
  if (formatted.startsWith('-') || /^[0.,]*$/.test(formatted)) return formatted;
  return `+${formatted}`;
}

/** Whether decimal text is below zero. */
export const isNegative = (text: string) => /^-\d*\.?\d*[1-9]/.test(text.trim());

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const usdCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** US dollars: whole dollars from $1,000 (cents would only be noise on whale transfers), cents below. */
export function formatUsd(value: number): string {
  if (value === 0) return '$0';
  return Math.abs(value) >= 1000 ? usdWhole.format(value) : usdCents.format(value);
}

/** A signed dollar figure (the net flow): "+$1,200" or "-$3,000". */
export function formatSignedUsd(value: number): string {
  // "$0", never "-$0" for a rounding's negative zero.
  if (value === 0) return '$0';
  return value > 0 ? `+${formatUsd(value)}` : formatUsd(value);
}

/** "0x1234…abcd": enough of an address to tell it apart at a glance. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** "0x1a2b3c…9f8e": the start and end of a transaction hash. */
export function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}

export const chainName = (chain: OnchainChain) => ONCHAIN_CHAINS[chain].name;

/** A block number with separators (block numbers are integers well within a double). */
export const formatBlock = (block: number) => block.toLocaleString('en-US');
