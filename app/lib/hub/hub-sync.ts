import type { QueryClient } from '@tanstack/react-query';
import type {
  AdvisoryCounts,
  AdvisoryDto,
  LevelCrossedPayload,
  MediaItemsAddedPayload,
  SystemMessageDto,
  WithEventId,
} from '#shared/realtime.ts';
import { HUB_EVENTS } from '#shared/realtime-names.ts';
import type { LiveSnapshot, TraderLiveChangedPayload } from '#shared/schemas/trading.ts';
import {
  type ArrivedAdvisory,
  applyAdvisoryCounts,
  applyChangeSystemMessage,
  applyLoadAdvisory,
  applyLoadSystemMessages,
  applySubscriptionChange,
  removeAdvisories,
  removeAdvisoryCounts,
  type SubscriptionKeys,
} from './hub-cache.ts';
import type { HubHandlers } from './hub-connection.ts';
import { hubKeys } from './hub-keys.ts';
import { applyTraderLiveChange, liveChangeVerdict } from './hub-live.ts';
import { applyMediaItemChanged, applyMediaItemsAdded } from './hub-media.ts';
import { refreshEngagements, rememberReactionChange } from './hub-reactions.ts';

/** Hub-fed queries are kept while the person is signed in: the hub keeps them current, not refetching. */
export const HUB_QUERY_OPTIONS = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

export interface HubSyncOptions {
  queryClient: QueryClient;
  /** The signed-in person whose caches the events fill. */
  sub: string;
  /** New or edited strategies arrived (not a whole-feed snapshot). */
  onArrived?(arrived: ArrivedAdvisory[]): void;
  /** A trader's account changed (each change once; not repeats a snapshot already held). */
  onTraderLive?(change: TraderLiveChangedPayload): void;
  /** The live price crossed a level of a set the member watches. */
  onLevelCrossed?(crossing: WithEventId<LevelCrossedPayload>): void;
  /** A feed read brought items that keyword rules marked important (not a source's first read). */
  onImportantMedia?(items: MediaItemsAddedPayload['items']): void;
}

/**
 * TraderLiveChanged: applied to the key's snapshot when it is the next change (seq + 1); a gap makes the
 * snapshot refetch (once: a fetch under way is not restarted), and a change it already holds is dropped.
 * Without a snapshot in the cache nobody is looking at that trader, and it is only announced.
 */
export function applyTraderLive(
  queryClient: QueryClient,
  sub: string,
  change: TraderLiveChangedPayload,
): { fresh: boolean } {
  const queryKey = hubKeys.traderLive(sub, change.keyId);
  const current = queryClient.getQueryData<LiveSnapshot>(queryKey);
  const verdict = liveChangeVerdict(current, change);
  if (verdict === 'apply' && current)
    queryClient.setQueryData(queryKey, applyTraderLiveChange(current, change));
  if (verdict === 'gap')
    void queryClient.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
  return { fresh: verdict !== 'stale' };
}

/** After (re)connecting: live changes made while disconnected are lost, so every live snapshot is refetched. */
export function refreshTraderLive(queryClient: QueryClient, sub: string): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: hubKeys.traderLiveAll(sub) }, { cancelRefetch: false });
}

/** The hub's events, each written into the react-query cache it belongs to. */
export function hubCacheHandlers({
  queryClient,
  sub,
  onArrived,
  onTraderLive,
  onLevelCrossed,
  onImportantMedia,
}: HubSyncOptions): HubHandlers {
  queryClient.setQueryDefaults(hubKeys.all(sub), HUB_QUERY_OPTIONS);
  const setMessages = (update: (current: SystemMessageDto[] | undefined) => SystemMessageDto[] | undefined) =>
    queryClient.setQueryData<SystemMessageDto[]>(hubKeys.systemMessages(sub), update);
  const setFeed = (update: (current: AdvisoryDto[] | undefined) => AdvisoryDto[] | undefined) =>
    queryClient.setQueryData<AdvisoryDto[]>(hubKeys.advisories(sub), update);
  const setCounts = (update: (current: AdvisoryCounts | undefined) => AdvisoryCounts | undefined) =>
    queryClient.setQueryData<AdvisoryCounts>(hubKeys.counts(sub), update);
  const setKeys = (update: (current: SubscriptionKeys | undefined) => SubscriptionKeys | undefined) =>
    queryClient.setQueryData<SubscriptionKeys>(hubKeys.subscriptions(sub), update);

  // Keys by the shared event names (computed, so that linters do not take the handlers for components).
  return {
    [HUB_EVENTS.loadAdvisorySub]: ({ keys }) => setKeys(() => [...keys].sort((a, b) => a.id - b.id)),
    [HUB_EVENTS.loadAdvisory]: (payload) => {
      // A whole snapshot: the member's own reactions are not in it, and may have changed while away.
      if (payload.replace) {
        void queryClient.invalidateQueries({ queryKey: hubKeys.reactions(sub), exact: true });
        void refreshEngagements(queryClient, sub);
      }
      let arrived: ArrivedAdvisory[] = [];
      setFeed((current) => {
        const update = applyLoadAdvisory(current, payload);
        arrived = update.arrived;
        return update.feed;
      });
      if (arrived.length > 0) onArrived?.(arrived);
    },
    [HUB_EVENTS.loadSystemMessage]: ({ messages }) =>
      setMessages((current) => applyLoadSystemMessages(current, messages)),
    [HUB_EVENTS.changeSystemMessage]: (change) =>
      setMessages((current) => applyChangeSystemMessage(current, change)),
    [HUB_EVENTS.loadAdvisoryCount]: (payload) =>
      setCounts((current) => applyAdvisoryCounts(current, payload)),
    [HUB_EVENTS.removeAdvisoryCount]: ({ advisoryIds }) => {
      setFeed((current) => removeAdvisories(current, advisoryIds));
      setCounts((current) => removeAdvisoryCounts(current, advisoryIds));
      // Deleted strategies take the member's reactions to them along.
      void refreshEngagements(queryClient, sub);
    },
    [HUB_EVENTS.advisoryReactionChanged]: (change) => void rememberReactionChange(queryClient, sub, change),
    [HUB_EVENTS.advisorySubChanged]: (change) =>
      setKeys((current) => applySubscriptionChange(current, change)),
    [HUB_EVENTS.traderLiveChanged]: (change) => {
      if (applyTraderLive(queryClient, sub, change).fresh) onTraderLive?.(change);
    },
    // Level sets are read over HTTP (their states come from the market); a change or a crossing reads them again.
    [HUB_EVENTS.levelSetChanged]: () =>
      void queryClient.invalidateQueries({ queryKey: hubKeys.levelSets(sub) }),
    [HUB_EVENTS.marketPrice]: (price) =>
      queryClient.setQueryData(hubKeys.marketPrice(sub, price.symbol), price),
    [HUB_EVENTS.levelCrossed]: (crossing) => {
      void queryClient.invalidateQueries({ queryKey: hubKeys.levelSets(sub) });
      onLevelCrossed?.(crossing);
    },
    [HUB_EVENTS.mediaItemsAdded]: (added) => {
      applyMediaItemsAdded(queryClient, sub, added);
      const important = added.items.filter((item) => item.important);
      if (added.notify && important.length > 0) onImportantMedia?.(important);
    },
    [HUB_EVENTS.mediaItemChanged]: (change) => applyMediaItemChanged(queryClient, sub, change),
    // Alerts are few and their totals are the server's sums: a published or deleted one reads them again.
    [HUB_EVENTS.onchainAlert]: () => void queryClient.invalidateQueries({ queryKey: hubKeys.onchain(sub) }),
    [HUB_EVENTS.onchainAlertRemoved]: () =>
      void queryClient.invalidateQueries({ queryKey: hubKeys.onchain(sub) }),
  };
}
