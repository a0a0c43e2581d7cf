// On-chain monitoring (/monitoring): the chains alerts are about, what an alert says about a transfer, and
// the address labels' kinds. The server checks, the web app shows and filters by these values.

/** EVM chains with their chain id (the watcher checks its RPC answers it) and block explorer. */
export const ONCHAIN_CHAINS = {
  ethereum: { name: 'Ethereum', chainId: 1, explorer: 'https://etherscan.io' },
  bsc: { name: 'BNB Smart Chain', chainId: 56, explorer: 'https://bscscan.com' },
  polygon: { name: 'Polygon', chainId: 137, explorer: 'https://polygonscan.com' },
  arbitrum: { name: 'Arbitrum One', chainId: 42_161, explorer: 'https://arbiscan.io' },
  optimism: { name: 'OP Mainnet', chainId: 10, explorer: 'https://optimistic.etherscan.io' },
  base: { name: 'Base', chainId: 8_453, explorer: 'https://basescan.org' },
} as const;
export type OnchainChain = keyof typeof ONCHAIN_CHAINS;
export const ONCHAIN_CHAIN_IDS = Object.keys(ONCHAIN_CHAINS) as [OnchainChain, ...OnchainChain[]];

/** The explorer page of a transaction (every chain above uses the `/tx/<hash>` path). */
export const explorerTxUrl = (chain: OnchainChain, txHash: string) =>
  `${ONCHAIN_CHAINS[chain].explorer}/tx/${txHash}`;
/** The explorer page of an address. */
export const explorerAddressUrl = (chain: OnchainChain, address: string) =>
  `${ONCHAIN_CHAINS[chain].explorer}/address/${address}`;

/**
 * What a transfer means for the market: into an exchange (selling pressure), out of one, between others,
 * tokens created (from the zero address) or destroyed (to it).
 */
export const ONCHAIN_DIRECTIONS = [
  'exchange_inflow',
  'exchange_outflow',
  'transfer',
  'mint',
  'burn',
] as const;
export type OnchainDirection = (typeof ONCHAIN_DIRECTIONS)[number];

/** Who owns a labelled address. Only `exchange` changes what the watcher calls a transfer. */
export const ONCHAIN_LABEL_KINDS = ['exchange', 'fund', 'project', 'other'] as const;
export type OnchainLabelKind = (typeof ONCHAIN_LABEL_KINDS)[number];

/** `high`: members are notified of it (the watcher gives it to transfers above its publishing threshold). */
export const ONCHAIN_IMPORTANCE = ['normal', 'high'] as const;
export type OnchainImportance = (typeof ONCHAIN_IMPORTANCE)[number];

/** An alert waits in the admins' queue, is published to members, or was discarded from the queue. */
export const ONCHAIN_STATUSES = ['queued', 'published', 'discarded'] as const;
export type OnchainStatus = (typeof ONCHAIN_STATUSES)[number];

/** Written by an admin, or found by the watcher. */
export const ONCHAIN_SOURCES = ['manual', 'watcher'] as const;
export type OnchainSource = (typeof ONCHAIN_SOURCES)[number];

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
export const ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
export const TX_HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** A token amount as decimal text: digits, optionally a point and more digits (kept exactly, never a float). */
const AMOUNT_PATTERN = /^(\d{1,40})(?:\.(\d{1,36}))?$/;

/**
 * A positive decimal amount written canonically (no leading zeros, no trailing fractional zeros: "1200.5"),
 * or undefined when the text is not one.
 */
export function normalizeAmount(text: string): string | undefined {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return undefined;
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (/^0*$/.test(whole) && fraction === '') return undefined;
  return fraction ? `${whole}.${fraction}` : whole;
}
