import { z } from 'zod';
import { advisory, advisoryCounts, reactionKind, subscriptionItem, traderRef } from './schemas/advisories.ts';
import { mediaItem } from './schemas/media.ts';
import { onchainAlert } from './schemas/onchain.ts';
import { systemMessage } from './schemas/system-messages.ts';
import type { TraderLiveChangedPayload } from './schemas/trading.ts';

// The real-time hub's events (spec §4, §7): names kept exactly, payloads declared once as zod schemas
// (from the same ones the HTTP API answers with) and their types inferred for both sides.

export { ADVISORY_REACTION, HUB_EVENTS, HUB_PATH, MAX_WATCHED_MARKETS } from './realtime-names.ts';

/** A trader a member may subscribe to (spec §3 Advisory subscription key). */
export type AdvisorySubKey = z.infer<typeof traderRef>;

/** LoadAdvisorySub: the keys the member's roles admit, each with the member's choice. */
export const loadAdvisorySubPayload = z.object({ keys: z.array(subscriptionItem) });

/** A strategy as members receive it: never its internal description. */
export type AdvisoryDto = z.infer<typeof advisory>;

/** LoadAdvisory: full list on connect (`replace: true`), or new/edited ones afterwards. */
export const loadAdvisoryPayload = z.object({ advisoryDtos: z.array(advisory), replace: z.boolean() });

/** Counts per advisory id: following (1), reverse-following (2), watching (3). */
export type AdvisoryCounts = z.infer<typeof advisoryCounts>;
export const loadAdvisoryCountPayload = z.object({ counts: advisoryCounts, replace: z.boolean() });
export const removeAdvisoryCountPayload = z.object({ advisoryIds: z.array(z.number()) });

export type SystemMessageDto = z.infer<typeof systemMessage>;
export const loadSystemMessagePayload = z.object({ messages: z.array(systemMessage) });
export const changeSystemMessagePayload = z.object({
  messagesToUpsert: z.array(systemMessage),
  popChanges: z.array(z.object({ id: z.number(), isPop: z.boolean() })),
  rollChanges: z.array(z.object({ id: z.number(), isRoll: z.boolean() })),
  messagesToRemove: z.array(z.number()),
});

export const advisorySubChangedPayload = z.object({ key: traderRef, subscribed: z.boolean() });

/**
 * AdvisoryReactionChanged: the member's own reaction to a strategy was chosen, changed (`kind`, `reactedAt`)
 * or withdrawn (both null), on this or any other tab or device; only the member's connections get it.
 */
export const advisoryReactionChangedPayload = z.object({
  advisoryId: z.number(),
  kind: reactionKind.nullable(),
  reactedAt: z.string().nullable(),
});

/** LevelSetChanged: a level set the member may see was published, edited or deleted (read the list again). */
export const levelSetChangedPayload = z.object({
  setId: z.number(),
  symbol: z.string(),
  removed: z.boolean(),
});

/** LevelCrossed: the live price crossed a level of a set the member watches (once per crossing). */
export const levelCrossedPayload = z.object({
  setId: z.number(),
  levelId: z.number(),
  symbol: z.string(),
  kind: z.enum(['support', 'resistance']),
  level: z.number(),
  price: z.number(),
  /** up: from below the level to above it. */
  direction: z.enum(['up', 'down']),
  at: z.string(),
});

/** The most items one MediaItemsAdded carries (a bigger read says `more`: read the stream again). */
export const MEDIA_PUSH_LIMIT = 20;

/**
 * MediaItemsAdded: a feed read brought new items (newest first, at most MEDIA_PUSH_LIMIT; `more`: there were
 * others). `notify`: announce the important ones (false for a source's first read, which is its backlog).
 */
export const mediaItemsAddedPayload = z.object({
  items: z.array(mediaItem),
  more: z.boolean(),
  notify: z.boolean(),
});

/** MediaItemChanged: an administrator hid, showed, pinned or unpinned an item (`item` null: hidden from you). */
export const mediaItemChangedPayload = z.object({
  id: z.number(),
  hidden: z.boolean(),
  pinned: z.boolean(),
  item: mediaItem.nullable(),
});

/**
 * OnchainAlert: an on-chain alert was published (by hand, from the admins' queue or by the watcher), or
 * (`edited`) a published one was changed: keep it by id; announce it when it is not an edit.
 */
export const onchainAlertPayload = z.object({ alert: onchainAlert, edited: z.boolean() });

/** OnchainAlertRemoved: a published on-chain alert was deleted. */
export const onchainAlertRemovedPayload = z.object({ alertId: z.number() });

/**
 * MarketPrice: a symbol's last price, to the connections that asked for it (WatchMarket) while a chart of it
 * is open; at most once a second per symbol; not stored (no event id).
 */
export const marketPricePayload = z.object({
  symbol: z.string(),
  price: z.number(),
  priceChangePercent: z.number(),
  /** When the exchange was read. */
  at: z.string(),
});

export type MarketPricePayload = z.infer<typeof marketPricePayload>;
export type MediaItemsAddedPayload = z.infer<typeof mediaItemsAddedPayload>;
export type MediaItemChangedPayload = z.infer<typeof mediaItemChangedPayload>;
export type OnchainAlertPayload = z.infer<typeof onchainAlertPayload>;
export type OnchainAlertRemovedPayload = z.infer<typeof onchainAlertRemovedPayload>;
export type LevelSetChangedPayload = z.infer<typeof levelSetChangedPayload>;
export type LevelCrossedPayload = z.infer<typeof levelCrossedPayload>;
export type LoadAdvisorySubPayload = z.infer<typeof loadAdvisorySubPayload>;
export type LoadAdvisoryPayload = z.infer<typeof loadAdvisoryPayload>;
export type LoadAdvisoryCountPayload = z.infer<typeof loadAdvisoryCountPayload>;
export type RemoveAdvisoryCountPayload = z.infer<typeof removeAdvisoryCountPayload>;
export type LoadSystemMessagePayload = z.infer<typeof loadSystemMessagePayload>;
export type ChangeSystemMessagePayload = z.infer<typeof changeSystemMessagePayload>;
export type AdvisorySubChangedPayload = z.infer<typeof advisorySubChangedPayload>;
export type AdvisoryReactionChangedPayload = z.infer<typeof advisoryReactionChangedPayload>;

/**
 * Stored events carry the id of the hub event they came from (snapshots: the latest id), which the client
 * sends back on reconnecting to be replayed what it missed. TraderLiveChanged is not stored: it has no id,
 * each key's changes are numbered by `seq`, and a client that missed one fetches a new snapshot.
 */
export type WithEventId<T> = T & { eventId: number };

export type ServerToClientEvents = {
  LoadAdvisorySub: (payload: WithEventId<LoadAdvisorySubPayload>) => void;
  LoadAdvisory: (payload: WithEventId<LoadAdvisoryPayload>) => void;
  LoadSystemMessage: (payload: WithEventId<LoadSystemMessagePayload>) => void;
  ChangeSystemMessage: (payload: WithEventId<ChangeSystemMessagePayload>) => void;
  LoadAdvisoryCount: (payload: WithEventId<LoadAdvisoryCountPayload>) => void;
  RemoveAdvisoryCount: (payload: WithEventId<RemoveAdvisoryCountPayload>) => void;
  AdvisorySubChanged: (payload: WithEventId<AdvisorySubChangedPayload>) => void;
  AdvisoryReactionChanged: (payload: WithEventId<AdvisoryReactionChangedPayload>) => void;
  /** A trader's account changed at the exchange (ephemeral: no event id; `seq` orders a key's changes). */
  TraderLiveChanged: (payload: TraderLiveChangedPayload) => void;
  LevelSetChanged: (payload: WithEventId<LevelSetChangedPayload>) => void;
  LevelCrossed: (payload: WithEventId<LevelCrossedPayload>) => void;
  MarketPrice: (payload: MarketPricePayload) => void;
  MediaItemsAdded: (payload: WithEventId<MediaItemsAddedPayload>) => void;
  MediaItemChanged: (payload: WithEventId<MediaItemChangedPayload>) => void;
  OnchainAlert: (payload: WithEventId<OnchainAlertPayload>) => void;
  OnchainAlertRemoved: (payload: WithEventId<OnchainAlertRemovedPayload>) => void;
};

/** A member's page asks for a symbol's live price while it shows a chart of it, and says when it stops. */
export type ClientToServerEvents = {
  WatchMarket: (symbol: string) => void;
  UnwatchMarket: (symbol: string) => void;
};

/** Sent in the handshake's `auth`: the access token (never in the URL) and the last event seen. */
export type HubHandshake = { token: string; lastEventId?: number };
