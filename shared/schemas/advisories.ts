import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH } from '../constants.ts';

// Strategies ("advisories" in the API and the code; "strategy" on screen), members' reactions to them and
// their subscriptions to traders (spec §3, §5, §7 /api/Advisory/..., /api/AdvisoryFeedBack/...,
// /api/Subscription/...). The hub's payloads are built from the same schemas (shared/realtime.ts).

export const addOrUpdateAdvisoryRequest = z.object({
  id: z.number().int().optional().nullable(),
  title: z
    .string({ message: 'advisoryTitleRequired' })
    .trim()
    .min(1, { message: 'advisoryTitleRequired', abort: true })
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

/** A strategy as members receive it: never its internal description. */
export const advisory = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  apiKeyArray: z.array(z.number()),
  traders: z.array(traderRef),
  createdTimestamp: z.string(),
});

/** A strategy as administrators manage it: everything, with its reaction counts. */
export const adminAdvisory = advisory.extend({
  advisoryDesc: z.string(),
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

/** Withdraws the member's reaction to a strategy (POST /api/AdvisoryFeedBack/Withdraw; none: nothing happens). */
export const withdrawReactionRequest = z.object({ advisoryId: z.number().int() });

/** The most engagements one page holds. */
export const ENGAGEMENT_PAGE_MAX = 50;

/** The engagement page's filters and page (GET /api/AdvisoryFeedBack/MyEngagements). */
export const engagementQuery = z.object({
  kind: z.coerce.number().pipe(reactionKind).optional(),
  keyId: z.coerce.number().int().optional(),
  current: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(ENGAGEMENT_PAGE_MAX).default(20),
});

/** A strategy the member reacted to, with the reaction and when it was chosen. */
export const engagement = z.object({
  advisoryId: z.number(),
  title: z.string(),
  /** When the strategy was published. */
  createdTimestamp: z.string(),
  traders: z.array(traderRef),
  kind: reactionKind,
  /** When the current reaction was chosen. */
  reactedAt: z.string(),
  /** Whether the member receives the strategy now (subscribed, key on, membership): only then can they change it. */
  available: z.boolean(),
  /** Its counts now; null when the member no longer receives it. */
  counts: reactionCounts.nullable(),
});
export type Engagement = z.infer<typeof engagement>;

/** One page of engagements, newest reaction first, with every trader of the member's reactions (the filter's choices). */
export const engagementPage = z.object({
  records: z.array(engagement),
  total: z.number(),
  traders: z.array(traderRef),
});
export type EngagementPage = z.infer<typeof engagementPage>;

/** A trader the member may subscribe to, with their choice. */
export const subscriptionItem = traderRef.extend({ subscribed: z.boolean() });
export const subscriptionList = z.array(subscriptionItem);
export const addOrUpdateSubscriptionsRequest = z.object({ keyId: z.number().int(), subscribed: z.boolean() });
