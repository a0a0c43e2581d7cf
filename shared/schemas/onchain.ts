import { z } from 'zod';
import {
  ADDRESS_PATTERN,
  normalizeAmount,
  ONCHAIN_CHAIN_IDS,
  ONCHAIN_DIRECTIONS,
  ONCHAIN_IMPORTANCE,
  ONCHAIN_LABEL_KINDS,
  ONCHAIN_SOURCES,
  ONCHAIN_STATUSES,
  TX_HASH_PATTERN,
} from '../onchain.ts';

// On-chain monitoring (/monitoring; admins at /admin/content/onchain): alerts about large transfers, written
// by admins or found by the watcher, that members read newest first (published ones only) with per-asset
// 24 h exchange flows; the address labels that name both sides; the watcher's state per chain.

export const ONCHAIN_LIMITS = {
  asset: 20,
  comment: 1_000,
  labelName: 100,
  /** Address labels in all. */
  labels: 5_000,
  pageSize: 50,
  defaultPageSize: 20,
  /** An alert may be dated this far ahead of the server's clock (clocks differ a little). */
  futureSlackMs: 5 * 60_000,
} as const;

const chain = z.enum(ONCHAIN_CHAIN_IDS, { message: 'onchainChainInvalid' });
const direction = z.enum(ONCHAIN_DIRECTIONS, { message: 'onchainDirectionInvalid' });
const importance = z.enum(ONCHAIN_IMPORTANCE, { message: 'onchainImportanceInvalid' });
const status = z.enum(ONCHAIN_STATUSES, { message: 'onchainStatusInvalid' });
const source = z.enum(ONCHAIN_SOURCES, { message: 'onchainSourceInvalid' });
const labelKind = z.enum(ONCHAIN_LABEL_KINDS, { message: 'onchainLabelKindInvalid' });

/** An EVM address (0x and 40 hex digits), kept in lower case. */
export const onchainAddressField = z
  .string({ message: 'onchainAddressInvalid' })
  .trim()
  .regex(ADDRESS_PATTERN, 'onchainAddressInvalid')
  .transform((text) => text.toLowerCase());

/** A transaction hash (0x and 64 hex digits), kept in lower case. */
const txHashField = z
  .string({ message: 'onchainTxHashInvalid' })
  .trim()
  .regex(TX_HASH_PATTERN, 'onchainTxHashInvalid')
  .transform((text) => text.toLowerCase());

/** A token's symbol as written (USDT, WETH, stETH): no spaces. */
const assetField = z
  .string({ message: 'onchainAssetRequired' })
  .trim()
  .min(1, { message: 'onchainAssetRequired', abort: true })
  .max(ONCHAIN_LIMITS.asset, { message: 'onchainAssetInvalid', abort: true })
  .regex(/^\S+$/, 'onchainAssetInvalid');

/**
 * A positive token amount as decimal text ("1250000.5"; a JSON number is taken too, unless written with an
 * exponent): stored exactly, never as a float.
 */
const amountField = z
  .union([z.string(), z.number()], { message: 'onchainAmountInvalid' })
  .transform((value, ctx) => {
    const amount = normalizeAmount(String(value));
    if (amount === undefined) {
      ctx.addIssue({ code: 'custom', message: 'onchainAmountInvalid' });
      return z.NEVER;
    }
    return amount;
  });

const usdField = z
  .number({ message: 'onchainUsdInvalid' })
  .min(0, 'onchainUsdInvalid')
  .max(1e15, 'onchainUsdInvalid')
  .nullable();

/** A time as ISO 8601 text, as epoch milliseconds; not in the future (beyond a few minutes of clock skew). */
const pastTime = z
  .string({ message: 'onchainTimeInvalid' })
  .refine((text) => !Number.isNaN(Date.parse(text)), { message: 'onchainTimeInvalid', abort: true })
  .transform((text) => Date.parse(text))
  .refine((ms) => ms <= Date.now() + ONCHAIN_LIMITS.futureSlackMs, 'onchainTimeInFuture');

const alertFields = {
  chain,
  asset: assetField,
  /** The token's contract; null for the chain's own coin (ETH, BNB). */
  tokenAddress: onchainAddressField.nullable().default(null),
  amount: amountField,
  usdValue: usdField.default(null),
  fromAddress: onchainAddressField,
  toAddress: onchainAddressField,
  direction,
  txHash: txHashField,
  /** The Transfer log's index in its block; null when not known (a native-coin transfer). */
  logIndex: z
    .number({ message: 'onchainLogIndexInvalid' })
    .int('onchainLogIndexInvalid')
    .min(0, 'onchainLogIndexInvalid')
    .max(1_000_000, 'onchainLogIndexInvalid')
    .nullable()
    .default(null),
  blockNumber: z
    .number({ message: 'onchainBlockNumberInvalid' })
    .int('onchainBlockNumberInvalid')
    .min(0, 'onchainBlockNumberInvalid')
    .max(Number.MAX_SAFE_INTEGER, 'onchainBlockNumberInvalid')
    .nullable()
    .default(null),
  /** When the transfer happened (its block's time); now when not given. */
  occurredAt: pastTime.optional(),
  importance: importance.default('normal'),
  comment: z.string().trim().max(ONCHAIN_LIMITS.comment, 'onchainCommentTooLong').default(''),
};

/** POST /api/Onchain/AddAlert: an alert written by an admin, published at once. */
export const addOnchainAlertRequest = z.object(alertFields);
export type AddOnchainAlertRequest = z.input<typeof addOnchainAlertRequest>;
/** Changes what an alert says (its status changes only through PublishAlert and DiscardAlert). */
export const updateOnchainAlertRequest = z.object({ id: z.number().int(), ...alertFields });
export type UpdateOnchainAlertRequest = z.input<typeof updateOnchainAlertRequest>;
export const onchainIdRequest = z.object({ id: z.number().int() });

const pageFields = {
  chain: chain.optional(),
  asset: assetField.optional(),
  direction: direction.optional(),
  /** Only alerts worth at least this many US dollars (alerts of unknown value are left out). */
  minUsd: z.coerce
    .number({ message: 'onchainMinUsdInvalid' })
    .min(0, 'onchainMinUsdInvalid')
    .max(1e15, 'onchainMinUsdInvalid')
    .optional(),
  limit: z.coerce
    .number({ message: 'onchainLimitInvalid' })
    .int('onchainLimitInvalid')
    .min(1, 'onchainLimitInvalid')
    .max(ONCHAIN_LIMITS.pageSize, 'onchainLimitInvalid')
    .default(ONCHAIN_LIMITS.defaultPageSize),
  /** `nextCursor` of the page before; none: the first page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'onchainCursorInvalid')
    .optional(),
};

/** GET /api/Onchain/Alerts: published alerts, newest first (by the transfer's time), filtered and paged. */
export const onchainAlertsQuery = z.object(pageFields);
export type OnchainAlertsQuery = z.input<typeof onchainAlertsQuery>;
/** GET /api/Onchain/AdminAlerts: every alert, by status and source too. */
export const onchainAdminAlertsQuery = z.object({
  ...pageFields,
  status: status.optional(),
  source: source.optional(),
});
export type OnchainAdminAlertsQuery = z.input<typeof onchainAdminAlertsQuery>;

/** An address label as read at the time of the answer (so a corrected label applies to every alert). */
const addressLabel = z.object({ name: z.string(), kind: labelKind });
const party = z.object({
  address: z.string(),
  /** Null: the address has no label. */
  label: addressLabel.nullable(),
});

/** An alert as members see it. */
export const onchainAlert = z.object({
  id: z.number(),
  chain,
  asset: z.string(),
  tokenAddress: z.string().nullable(),
  /** Decimal text, exactly as the chain has it ("1250000.5"). */
  amount: z.string(),
  /** In US dollars at the time it was written; null when not known. */
  usdValue: z.number().nullable(),
  from: party,
  to: party,
  direction,
  txHash: z.string(),
  logIndex: z.number().nullable(),
  blockNumber: z.number().nullable(),
  /** The transaction on the chain's block explorer. */
  explorerUrl: z.string(),
  /** When the transfer happened. */
  occurredAt: z.string(),
  importance,
  comment: z.string(),
  /** When it was published (members see published alerts only). */
  publishedAt: z.string().nullable(),
});
export type OnchainAlert = z.infer<typeof onchainAlert>;

/** An alert as admins see it: with its status and where it came from. */
export const onchainAdminAlert = onchainAlert.extend({
  status,
  source,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OnchainAdminAlert = z.infer<typeof onchainAdminAlert>;

export const onchainAlertPage = z.object({
  alerts: z.array(onchainAlert),
  /** Pass as `cursor` for the next page; null: this was the last one. */
  nextCursor: z.string().nullable(),
});
export type OnchainAlertPage = z.infer<typeof onchainAlertPage>;
export const onchainAdminAlertPage = z.object({
  alerts: z.array(onchainAdminAlert),
  nextCursor: z.string().nullable(),
});
export type OnchainAdminAlertPage = z.infer<typeof onchainAdminAlertPage>;

const flow = z.object({
  /** Decimal text, the exact sum of the alerts' amounts. */
  amount: z.string(),
  /** The sum of the alerts' US dollar values (those of unknown value count as 0). */
  usd: z.number(),
  count: z.number(),
});

/** GET /api/Onchain/Totals: per asset, what published alerts of the last 24 h moved into and out of exchanges. */
export const onchainTotals = z.object({
  since: z.string(),
  until: z.string(),
  assets: z.array(
    z.object({
      asset: z.string(),
      inflow: flow,
      outflow: flow,
      /** Inflow minus outflow (negative: more left the exchanges than reached them). */
      net: z.object({ amount: z.string(), usd: z.number() }),
    }),
  ),
});
export type OnchainTotals = z.infer<typeof onchainTotals>;

/** GET /api/Onchain/Filters: the chains and assets published alerts have. */
export const onchainFilters = z.object({ chains: z.array(chain), assets: z.array(z.string()) });
export type OnchainFilters = z.infer<typeof onchainFilters>;

const labelFields = {
  address: onchainAddressField,
  name: z
    .string({ message: 'onchainLabelNameRequired' })
    .trim()
    .min(1, { message: 'onchainLabelNameRequired', abort: true })
    .max(ONCHAIN_LIMITS.labelName, 'onchainLabelNameTooLong'),
  kind: labelKind,
};
export const addOnchainLabelRequest = z.object(labelFields);
export type AddOnchainLabelRequest = z.input<typeof addOnchainLabelRequest>;
export const updateOnchainLabelRequest = z.object({ id: z.number().int(), ...labelFields });
export type UpdateOnchainLabelRequest = z.input<typeof updateOnchainLabelRequest>;

/** An address label: the same address on every chain. */
export const onchainLabel = z.object({
  id: z.number(),
  address: z.string(),
  name: z.string(),
  kind: labelKind,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OnchainLabel = z.infer<typeof onchainLabel>;
export const onchainLabelList = z.array(onchainLabel);

/** GET /api/Onchain/WatcherState: each chain the operator configured (ONCHAIN_WATCH) and how reading it goes. */
export const onchainWatcherState = z.object({
  /** Whether ONCHAIN_WATCH names any chain. */
  configured: z.boolean(),
  chains: z.array(
    z.object({
      chain,
      /** The RPC's host only (its address may hold an API key). */
      rpcHost: z.string(),
      confirmations: z.number(),
      /** Alerts are queued from this US dollar value (tokens with their own amount threshold aside). */
      queueAboveUsd: z.number().nullable(),
      /** And published at once from this one; null: never at once. */
      publishAboveUsd: z.number().nullable(),
      tokens: z.array(
        z.object({
          symbol: z.string(),
          address: z.string(),
          decimals: z.number(),
          usdPrice: z.number().nullable(),
          /** Thresholds in token amounts, instead of the chain's in US dollars. */
          queueAbove: z.number().nullable(),
          publishAbove: z.number().nullable(),
        }),
      ),
      /** Every block up to this one has been read. */
      lastProcessedBlock: z.number().nullable(),
      /** The chain's newest block when it was last asked. */
      headBlock: z.number().nullable(),
      /** Blocks between the two (the confirmation depth included). */
      lagBlocks: z.number().nullable(),
      /** The latest problem, kept after later good runs (see errorCount); never the RPC's address. */
      lastError: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
      /** Failed runs in a row; 0: the last run went well. */
      errorCount: z.number(),
      lastRunAt: z.string().nullable(),
      /** While backing off after errors: when the same blocks are tried again. */
      retryAt: z.string().nullable(),
      /** Whether a process follows the chain now (holds its lease). */
      running: z.boolean(),
    }),
  ),
});
export type OnchainWatcherState = z.infer<typeof onchainWatcherState>;
