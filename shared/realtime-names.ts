// The hub's path, event names and constants, without the payloads' schemas (shared/realtime.ts, which
// re-exports them): the web app's hub code needs only these, and so does not load zod with the page.

export const HUB_PATH = '/AdvisoryHub';

export const HUB_EVENTS = {
  loadAdvisorySub: 'LoadAdvisorySub',
  loadAdvisory: 'LoadAdvisory',
  loadSystemMessage: 'LoadSystemMessage',
  changeSystemMessage: 'ChangeSystemMessage',
  loadAdvisoryCount: 'LoadAdvisoryCount',
  removeAdvisoryCount: 'RemoveAdvisoryCount',
  advisorySubChanged: 'AdvisorySubChanged',
  traderLiveChanged: 'TraderLiveChanged',
  levelSetChanged: 'LevelSetChanged',
  levelCrossed: 'LevelCrossed',
  marketPrice: 'MarketPrice',
  mediaItemsAdded: 'MediaItemsAdded',
  mediaItemChanged: 'MediaItemChanged',
  advisoryReactionChanged: 'AdvisoryReactionChanged',
  onchainAlert: 'OnchainAlert',
  onchainAlertRemoved: 'OnchainAlertRemoved',
} as const;

/** The most symbols one connection may watch at once. */
export const MAX_WATCHED_MARKETS = 20;

export const ADVISORY_REACTION = { following: 1, reverseFollowing: 2, watching: 3 } as const;
