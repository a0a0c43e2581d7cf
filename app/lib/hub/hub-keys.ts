import { USER_QUERY_PREFIX } from '../auth/auth-context.tsx';

/**
 * Query keys of what the real-time hub keeps up to date. They sit under the signed-in person's prefix, so
 * sign-out (or another person signing in) drops them; `all` gets defaults that keep them while connected.
 */
export const hubKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub'] as const,
  /** System messages (GET /api/SystemMessage/GetAllSystemMessage; LoadSystemMessage, ChangeSystemMessage). */
  systemMessages: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'system-messages'] as const,
  /** The member's strategy feed (LoadAdvisory, RemoveAdvisoryCount). */
  advisories: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'advisories'] as const,
  /** Reaction counts per strategy (LoadAdvisoryCount, RemoveAdvisoryCount). */
  counts: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'advisory-counts'] as const,
  /** Subscribable traders with the member's choice (GET /api/Subscription/GetSubscriptions; LoadAdvisorySub, AdvisorySubChanged). */
  subscriptions: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'subscriptions'] as const,
  /** The member's own reactions (GET /api/AdvisoryFeedBack/Mine; AdvisoryReactionChanged from any tab or device). */
  reactions: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'my-reactions'] as const,
  /** Every engagement list held (GET /api/AdvisoryFeedBack/MyEngagements; read again on AdvisoryReactionChanged). */
  engagements: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'engagements'] as const,
  /** The engagement list with these filters and page. */
  engagementList: (sub: string | undefined, query: object) =>
    [USER_QUERY_PREFIX, sub, 'hub', 'engagements', query] as const,
  /** Level sets read from GET /api/Levels/List (any filter); LevelSetChanged and LevelCrossed refetch them. */
  levelSets: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'level-sets'] as const,
  /** Every media stream held (GET /api/Media/Stream, an infinite query per filters; MediaItemsAdded, MediaItemChanged). */
  mediaStreams: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'media-stream'] as const,
  /** The media stream with these filters (no page size or cursor: the pages are the query's). */
  mediaStream: (sub: string | undefined, filters: object) =>
    [USER_QUERY_PREFIX, sub, 'hub', 'media-stream', filters] as const,
  /** On-chain alerts, their 24 h totals and filters (GET /api/Onchain/*); OnchainAlert, OnchainAlertRemoved refetch them. */
  onchain: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'onchain'] as const,
  /** A symbol's live price (MarketPrice), while a page watches it. */
  marketPrice: (sub: string | undefined, symbol: string) =>
    [USER_QUERY_PREFIX, sub, 'hub', 'market-price', symbol] as const,
  /** Every trader's live account held (refetched on a reconnect). */
  traderLiveAll: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'hub', 'trader-live'] as const,
  /** A trader's live account (GET /api/Trading/Live?keyId=; TraderLiveChanged in seq order). */
  traderLive: (sub: string | undefined, keyId: number) =>
    [USER_QUERY_PREFIX, sub, 'hub', 'trader-live', keyId] as const,
};
