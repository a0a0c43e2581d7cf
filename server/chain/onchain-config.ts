import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ADDRESS_PATTERN, ONCHAIN_CHAIN_IDS, type OnchainChain } from '#shared/onchain.ts';

// ONCHAIN_WATCH: which chains the watcher follows, through which JSON-RPC, and which ERC-20 tokens' transfers
// it turns into alerts above which thresholds. Inline JSON or the path of a JSON file:
//
// { "chains": [ { "chain": "ethereum", "rpcUrl": "https://…", "confirmations": 12,
//                 "queueAboveUsd": 1000000, "publishAboveUsd": 10000000,
//                 "tokens": [ { "symbol": "USDT", "address": "0xdac1…1ec7", "decimals": 6, "usdPrice": 1 },
//                             { "symbol": "WETH", "address": "0xc02a…6cc2", "decimals": 18,
//                               "queueAbove": 500, "publishAbove": 5000 } ] } ] }
//
// A token's own thresholds (in token amounts) win over the chain's (in US dollars, which need its usdPrice).
// The RPC address is an operator's setting (a local node is fine); it may hold an API key, so no message
// here ever repeats it.

const positive = (what: string) =>
  z.number({ message: `${what} must be a positive number` }).positive(`${what} must be a positive number`);

const tokenSchema = z.strictObject({
  symbol: z
    .string({ message: 'symbol must be 1 to 20 characters without spaces' })
    .regex(/^\S{1,20}$/, 'symbol must be 1 to 20 characters without spaces'),
  address: z
    .string({ message: 'address must be 0x and 40 hexadecimal digits' })
    .regex(ADDRESS_PATTERN, 'address must be 0x and 40 hexadecimal digits')
    .transform((text) => text.toLowerCase()),
  decimals: z
    .number({ message: 'decimals must be a whole number from 0 to 36' })
    .int('decimals must be a whole number from 0 to 36')
    .min(0, 'decimals must be a whole number from 0 to 36')
    .max(36, 'decimals must be a whole number from 0 to 36'),
  /** US dollars per token (1 for a stablecoin): the alerts' value, and the chain's thresholds apply. */
  usdPrice: positive('usdPrice').optional(),
  /** Transfers of at least this many tokens are queued (instead of the chain's USD threshold). */
  queueAbove: positive('queueAbove').optional(),
  /** And published at once from this many. */
  publishAbove: positive('publishAbove').optional(),
});

const chainSchema = z
  .strictObject({
    chain: z.enum(ONCHAIN_CHAIN_IDS, { message: `chain must be one of ${ONCHAIN_CHAIN_IDS.join(', ')}` }),
    rpcUrl: z
      .string({ message: 'rpcUrl must be an http or https address' })
      .refine((text) => ['http:', 'https:'].includes(URL.parse(text)?.protocol ?? ''), {
        message: 'rpcUrl must be an http or https address',
      }),
    /** Blocks a transfer must be under before it is read (a reorganisation shallower than this is never seen). */
    confirmations: z
      .number({ message: 'confirmations must be a whole number from 0 to 1000' })
      .int('confirmations must be a whole number from 0 to 1000')
      .min(0, 'confirmations must be a whole number from 0 to 1000')
      .max(1000, 'confirmations must be a whole number from 0 to 1000')
      .default(12),
    /** How often the chain is looked at. */
    pollSeconds: z
      .number({ message: 'pollSeconds must be a whole number from 1 to 3600' })
      .int('pollSeconds must be a whole number from 1 to 3600')
      .min(1, 'pollSeconds must be a whole number from 1 to 3600')
      .max(3600, 'pollSeconds must be a whole number from 1 to 3600')
      .default(15),
    /** Blocks per eth_getLogs (providers refuse more than 1,000; some fewer). */
    blockRange: z
      .number({ message: 'blockRange must be a whole number from 1 to 1000' })
      .int('blockRange must be a whole number from 1 to 1000')
      .min(1, 'blockRange must be a whole number from 1 to 1000')
      .max(1000, 'blockRange must be a whole number from 1 to 1000')
      .default(1000),
    queueAboveUsd: positive('queueAboveUsd').optional(),
    publishAboveUsd: positive('publishAboveUsd').optional(),
    tokens: z
      .array(tokenSchema, { message: 'tokens must list 1 to 50 tokens' })
      .min(1, 'tokens must list 1 to 50 tokens')
      .max(50, 'tokens must list 1 to 50 tokens'),
  })
  .superRefine((chain, ctx) => {
    const seen = new Set<string>();
    chain.tokens.forEach((token, index) => {
      const at = ['tokens', index];
      if (seen.has(token.address))
        ctx.addIssue({ code: 'custom', path: [...at, 'address'], message: 'is listed twice' });
      seen.add(token.address);
      if (
        token.queueAbove === undefined &&
        (chain.queueAboveUsd === undefined || token.usdPrice === undefined)
      )
        ctx.addIssue({
          code: 'custom',
          path: at,
          message: 'needs queueAbove, or a usdPrice and the chain’s queueAboveUsd',
        });
      const queue = token.queueAbove ?? (token.usdPrice ? (chain.queueAboveUsd ?? 0) / token.usdPrice : 0);
      const publish =
        token.publishAbove ??
        (token.usdPrice && chain.publishAboveUsd ? chain.publishAboveUsd / token.usdPrice : undefined);
      if (publish !== undefined && publish < queue)
        ctx.addIssue({ code: 'custom', path: at, message: 'publishes below its queueing threshold' });
    });
  });

const watchSchema = z
  .strictObject({
    chains: z.array(chainSchema, { message: 'chains must be a list' }).min(1, 'chains is empty'),
  })
  .superRefine((watch, ctx) => {
    const seen = new Set<string>();
    watch.chains.forEach((chain, index) => {
      if (seen.has(chain.chain))
        ctx.addIssue({ code: 'custom', path: ['chains', index, 'chain'], message: 'is listed twice' });
      seen.add(chain.chain);
    });
  });

export type OnchainWatchToken = z.output<typeof tokenSchema>;
export type OnchainWatchChain = z.output<typeof chainSchema> & { chain: OnchainChain };
export type OnchainWatchConfig = { chains: OnchainWatchChain[] };

/** The RPC's host, for logs and the admins' view (its path or query may hold an API key). */
export const rpcHostOf = (rpcUrl: string) => URL.parse(rpcUrl)?.host ?? '(invalid address)';

/**
 * ONCHAIN_WATCH as inline JSON (starting with `{`) or the path of a JSON file (relative to `cwd`). Throws an
 * Error whose message says what is wrong and where (never the RPC address).
 */
export function parseOnchainWatch(value: string, cwd = process.cwd()): OnchainWatchConfig {
  let text = value.trim();
  if (!text.startsWith('{')) {
    try {
      text = readFileSync(path.resolve(cwd, text), 'utf8');
    } catch {
      throw new Error(`the file ${JSON.stringify(value)} cannot be read`);
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // Not the parser's message: it quotes the text around the mistake, which may be the RPC address.
    throw new Error('is not valid JSON');
  }
  const parsed = watchSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(
      parsed.error.issues
        .map((issue) => `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
        .join('; '),
    );
  return parsed.data;
}
