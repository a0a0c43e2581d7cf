import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, RATIO_MAX, RATIO_MIN } from '../constants.ts';

// Trader API keys, strategies (advisories), subscriptions and system messages (spec §3, §5, §7).

const ratio = (required: string) =>
  z.number({ message: required }).min(RATIO_MIN, 'ratioMinimum').max(RATIO_MAX, 'ratioMaximum');

export const traderKeyFields = {
  keyName: z
    .string({ message: 'traderNameRequired' })
    .trim()
    .min(1, { message: 'traderNameRequired', abort: true })
    .max(60, 'tooLong'),
  coEfficient: ratio('currencyRatioRequired'),
  leverageCoefficient: ratio('leverageRatioRequired'),
  isActive: z.boolean().default(true),
};

export const addApiKeyRequest = z.object({
  ...traderKeyFields,
  keyValue: z
    .string({ message: 'apiKeyRequired' })
    .trim()
    .min(1, { message: 'apiKeyRequired', abort: true })
    .max(500, 'tooLong'),
  secretValue: z
    .string({ message: 'apiSecretRequired' })
    .trim()
    .min(1, { message: 'apiSecretRequired', abort: true })
    .max(500, 'tooLong'),
});
export type AddApiKeyRequest = z.input<typeof addApiKeyRequest>;

/** Editing: key and secret may be left out (or blank) to keep the stored ones; so may the active switch. */
export const updateApiKeyRequest = z.object({
  id: z.number().int(),
  ...traderKeyFields,
  isActive: z.boolean().optional(),
  keyValue: z.string().trim().max(500, 'tooLong').optional(),
  secretValue: z.string().trim().max(500, 'tooLong').optional(),
});
export type UpdateApiKeyRequest = z.input<typeof updateApiKeyRequest>;

export const traderKey = z.object({
  id: z.number(),
  keyName: z.string(),
  /** Masked: never the stored value. */
  keyValue: z.string(),
  secretValue: z.string(),
  coEfficient: z.number(),
  leverageCoefficient: z.number(),
  isActive: z.boolean(),
  permissionMap: z.array(z.number()),
});
export type TraderKey = z.infer<typeof traderKey>;
export const traderKeyList = z.array(traderKey);

export const activateApiKeyRequest = z.object({ apiKeyId: z.number().int(), active: z.boolean() });
export const updateApiKeySubConfigRequest = z.object({
  id: z.number().int(),
  permissionMap: z.array(z.number().int()).max(100),
});
export const traderSummary = z.object({ id: z.number(), keyName: z.string(), isActive: z.boolean() });
export const traderSummaryList = z.array(traderSummary);
/** Per key id, an object keyed by role id (spec §3 role-to-key mapping). */
export const apiKeyRoleMapping = z.record(z.string(), z.record(z.string(), z.boolean()));

export const addOrUpdateAdvisoryRequest = z.object({
  id: z.number().int().optional().nullable(),
  title: z
    .string({ message: 'strategyTitleRequired' })
    .trim()
    .min(1, { message: 'strategyTitleRequired', abort: true })
    .max(200, 'tooLong'),
  // Optional: a strategy without a description stores none, and readers see the default text ('无描述' /
  // 'No description') in their own language.
  advisoryDesc: z
    .string({ message: 'descriptionTooLong' })
    .trim()
    .max(DESCRIPTION_MAX_LENGTH, 'descriptionTooLong')
    .default(''),
  content: z
    .string({ message: 'contentRequired' })
    .min(1, { message: 'contentRequired', abort: true })
    .max(200_000, 'contentTooLong'),
  apiKeyArray: z.array(z.number().int(), { message: 'tradersRequired' }).min(1, 'tradersRequired').max(50),
});
export type AddOrUpdateAdvisoryRequest = z.input<typeof addOrUpdateAdvisoryRequest>;

/** A trader as strategies and subscriptions name it (spec §3 Advisory subscription key). */
export const traderRef = z.object({ id: z.number(), keyName: z.string() });

/** Following (1), reverse-following (2), watching (3). */
export const reactionKind = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  message: 'reactionInvalid',
});

/** How many members chose each reaction on one strategy. */
export const reactionCounts = z.object({ 1: z.number(), 2: z.number(), 3: z.number() });

export const adminAdvisory = z.object({
  id: z.number(),
  title: z.string(),
  advisoryDesc: z.string(),
  content: z.string(),
  apiKeyArray: z.array(z.number()),
  traders: z.array(traderRef),
  createdTimestamp: z.string(),
  updatedTimestamp: z.string(),
  counts: reactionCounts,
});
export type AdminAdvisory = z.infer<typeof adminAdvisory>;
export const adminAdvisoryList = z.array(adminAdvisory);

export const advisoryIdQuery = z.object({ advisoryId: z.coerce.number().int() });

/** Counts per strategy id (GetAdvCount, LoadAdvisoryCount). */
export const advisoryCounts = z.record(z.string(), reactionCounts);

/** The member's own reactions: strategy id → kind. */
export const myReactions = z.record(z.string(), reactionKind);

export const followRequest = z.object({
  advisoryId: z.number().int(),
  kind: reactionKind,
});

export const subscriptionItem = z.object({ id: z.number(), keyName: z.string(), subscribed: z.boolean() });
export const subscriptionList = z.array(subscriptionItem);
export const addOrUpdateSubscriptionsRequest = z.object({ keyId: z.number().int(), subscribed: z.boolean() });

export const systemMessage = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  publishedUserName: z.string(),
  publishedTimestamp: z.string(),
  isRoll: z.boolean(),
  isPop: z.boolean(),
  dismissed: z.boolean(),
});
export const systemMessageList = z.array(systemMessage);

export const addOrUpdateSystemMessageRequest = z.object({
  id: z.number().int().optional().nullable(),
  title: z
    .string({ message: 'messageTitleRequired' })
    .trim()
    .min(1, { message: 'messageTitleRequired', abort: true })
    .max(200, 'tooLong'),
  content: z
    .string({ message: 'messageContentRequired' })
    .trim()
    .min(1, { message: 'messageContentRequired', abort: true })
    .max(5000, 'tooLong'),
  publishedUserName: z.string().trim().max(60, 'tooLong').optional().nullable(),
  isRoll: z.boolean().default(false),
  isPop: z.boolean().default(false),
});
export const messageFlagQuery = z.object({
  messageId: z.coerce.number().int(),
  newValue: z.enum(['true', 'false']),
});
export const messageIdQuery = z.object({ messageId: z.coerce.number().int() });
