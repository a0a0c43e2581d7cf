import type { QueryClient } from '@tanstack/react-query';
import type { AdvisoryReactionChangedPayload } from '#shared/realtime.ts';
import { hubKeys } from './hub-keys.ts';
import type { MyReactions } from './hub-queries.ts';

// The member's own reactions in the query cache: the map the trading page marks its buttons with
// (GET /api/AdvisoryFeedBack/Mine) and the engagement page's lists (GET /api/AdvisoryFeedBack/MyEngagements).
// A change made in this tab and one pushed from another tab or device (AdvisoryReactionChanged) land the same way.

/** The map with one strategy's reaction set, or removed when withdrawn (`kind` null). */
export function applyReactionChange(
  current: MyReactions | undefined,
  change: Pick<AdvisoryReactionChangedPayload, 'advisoryId' | 'kind'>,
): MyReactions {
  const next = { ...current };
  if (change.kind === null) delete next[String(change.advisoryId)];
  else next[String(change.advisoryId)] = change.kind;
  return next;
}

/**
 * Writes a reaction change into the map and reads the engagement lists again (the answer resolves once the
 * lists shown are fresh). While the map has not loaded, or is loading, it is read again instead: an answer
 * under way would otherwise overwrite the change, and a lone change is not the whole map.
 */
export async function rememberReactionChange(
  queryClient: QueryClient,
  sub: string | undefined,
  change: Pick<AdvisoryReactionChangedPayload, 'advisoryId' | 'kind'>,
): Promise<void> {
  const key = hubKeys.reactions(sub);
  const state = queryClient.getQueryState<MyReactions>(key);
  const settled = state?.data !== undefined && state.fetchStatus !== 'fetching' && !state.isInvalidated;
  if (settled) queryClient.setQueryData<MyReactions>(key, (current) => applyReactionChange(current, change));
  await Promise.all([
    settled ? undefined : queryClient.invalidateQueries({ queryKey: key, exact: true }),
    refreshEngagements(queryClient, sub),
  ]);
}

/** Reads every engagement list shown again (a list not shown is read when it is next shown). */
export function refreshEngagements(queryClient: QueryClient, sub: string | undefined): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: hubKeys.engagements(sub) }, { cancelRefetch: false });
}
