import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { tempDir } from '../test/databases.ts';
import { subtractDecimals, sumDecimals } from './decimal.ts';

// ONCHAIN_WATCH as the operator writes it (inline JSON or a file) and the one-line refusals of a bad one,
// which never repeat the RPC address (it may hold an API key); ONCHAIN_WATCH_RUN's default; exact sums.

const dataDir = tempDir('portal-onchain-config-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SECRET_RPC = 'https://eth-mainnet.example/v2/SECRET-API-KEY';
const chain = (overrides: Record<string, unknown> = {}) => ({
  chain: 'ethereum',
  rpcUrl: SECRET_RPC,
  queueAboveUsd: 1_000_000,
  tokens: [
    { symbol: 'USDT', address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, usdPrice: 1 },
  ],
  ...overrides,
});
const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test', ...env }, dataDir);
const refusal = (value: unknown) => {
  try {
    load({ ONCHAIN_WATCH: typeof value === 'string' ? value : JSON.stringify(value) });
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('ONCHAIN_WATCH', () => {
  it('is off unless set, and reads inline JSON with defaults', () => {
    expect(load({}).onchainWatch).toBeUndefined();
    const config = load({ ONCHAIN_WATCH: JSON.stringify({ chains: [chain()] }) });
    expect(config.onchainWatch).toEqual({
      chains: [
        {
          chain: 'ethereum',
          rpcUrl: SECRET_RPC,
          confirmations: 12,
          pollSeconds: 15,
          blockRange: 1000,
          queueAboveUsd: 1_000_000,
          tokens: [
            {
              symbol: 'USDT',
              address: '0xdac17f958d2ee523a2206206994597c13d831ec7',
              decimals: 6,
              usdPrice: 1,
            },
          ],
        },
      ],
    });
    // The watcher runs by itself outside tests, or when asked.
    expect(config.onchainWatchRun).toBe(false);
    expect(load({ ONCHAIN_WATCH_RUN: 'true' }).onchainWatchRun).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'development' }, dataDir).onchainWatchRun).toBe(true);
  });

  it('reads a JSON file named relative to the working folder', () => {
    const file = path.join(dataDir, 'watch.json');
    writeFileSync(file, JSON.stringify({ chains: [chain({ chain: 'bsc', confirmations: 15 })] }));
    expect(load({ ONCHAIN_WATCH: 'watch.json' }).onchainWatch?.chains[0]).toMatchObject({
      chain: 'bsc',
      confirmations: 15,
    });
    expect(refusal('missing.json')).toBe(
      'Invalid configuration: ONCHAIN_WATCH the file "missing.json" cannot be read',
    );
  });

  it('refuses a bad one with every problem and where it is, never with the RPC address', () => {
    const broken = refusal(`{"chains":[{"rpcUrl":"${SECRET_RPC}",}]}`);
    expect(broken).toBe('Invalid configuration: ONCHAIN_WATCH is not valid JSON');
    const message = refusal({
      chains: [
        chain({
          chain: 'solana',
          rpcUrl: 'wss://node.example/SECRET-API-KEY',
          confirmations: -1,
          blockRange: 5000,
        }),
        chain({
          queueAboveUsd: undefined,
          publishAboveUsd: 5,
          tokens: [
            { symbol: 'USDT', address: '0x1234', decimals: 40 },
            {
              symbol: 'WETH',
              address: `0x${'c0'.repeat(20)}`,
              decimals: 18,
              queueAbove: 100,
              publishAbove: 10,
            },
            {
              symbol: 'WETH2',
              address: `0x${'C0'.repeat(20)}`,
              decimals: 18,
              queueAbove: 1,
              confirmations: 3,
            },
          ],
        }),
        chain(),
      ],
    });
    expect(message.split('; ')).toEqual([
      'Invalid configuration: ONCHAIN_WATCH chains.0.chain: chain must be one of ethereum, bsc, polygon, arbitrum, optimism, base',
      'chains.0.rpcUrl: rpcUrl must be an http or https address',
      'chains.0.confirmations: confirmations must be a whole number from 0 to 1000',
      'chains.0.blockRange: blockRange must be a whole number from 1 to 1000',
      'chains.1.tokens.0.address: address must be 0x and 40 hexadecimal digits',
      'chains.1.tokens.0.decimals: decimals must be a whole number from 0 to 36',
      'chains.1.tokens.2: Unrecognized key: "confirmations"',
      'chains.1.tokens.0: needs queueAbove, or a usdPrice and the chain’s queueAboveUsd',
      'chains.1.tokens.1: publishes below its queueing threshold',
      'chains.1.tokens.2.address: is listed twice',
    ]);
    expect(message).not.toMatch(/SECRET-API-KEY|node\.example/);
    expect(
      refusal({
        chains: [
          chain({
            tokens: [
              {
                symbol: 'A',
                address: `0x${'c0'.repeat(20)}`,
                decimals: 18,
                queueAbove: 100,
                publishAbove: 10,
              },
              { symbol: 'B', address: `0x${'C0'.repeat(20)}`, decimals: 18 },
            ],
          }),
          chain(),
        ],
      }).split('; '),
    ).toEqual([
      'Invalid configuration: ONCHAIN_WATCH chains.0.tokens.0: publishes below its queueing threshold',
      'chains.0.tokens.1.address: is listed twice',
      'chains.0.tokens.1: needs queueAbove, or a usdPrice and the chain’s queueAboveUsd',
      'chains.1.chain: is listed twice',
    ]);
    expect(refusal({ chains: [] })).toBe('Invalid configuration: ONCHAIN_WATCH chains: chains is empty');
  });
});

describe('decimal sums', () => {
  it('adds and subtracts amounts exactly', () => {
    expect(sumDecimals([])).toBe('0');
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['123456789012345678901234567890.000000000000000001', '1'])).toBe(
      '123456789012345678901234567891.000000000000000001',
    );
    expect(subtractDecimals('1', '2.5')).toBe('-1.5');
    expect(subtractDecimals('2.5', '2.5')).toBe('0');
  });
});
