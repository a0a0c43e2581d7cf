import { skipToken, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdvisoryCounts, AdvisoryDto, SystemMessageDto } from '#shared/realtime.ts';
import type { myReactions } from '#shared/schemas/advisories.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useApiClient } from '../use-api.ts';
import type { SubscriptionKeys } from './hub-cache.ts';
import { hubKeys } from './hub-keys.ts';
import { HUB_QUERY_OPTIONS } from './hub-sync.ts';

// Reading what the hub keeps current. Lists that also have an API call load through it the first time
// (a page opened before the hub's snapshot arrived); after that the hub's events keep the cache current.

function useSignedInSub(): string | undefined {
  const auth = useAuth();
  return auth.status === 'authenticated' ? auth.user?.sub : undefined;
}

/**
 * System messages, newest first. `load: false` reads only what the hub sent (the layouts' notice bar and
 * popups, which should not add a call to every page).
 */
export function useSystemMessages({ load }: { load: boolean }) {
  const sub = useSignedInSub();
  const api = useApiClient();
  return useQuery<SystemMessageDto[]>({
    queryKey: hubKeys.systemMessages(sub),
    queryFn:
      load && sub ? ({ signal }) => api.get('/api/SystemMessage/GetAllSystemMessage', { signal }) : skipToken,
    ...HUB_QUERY_OPTIONS,
  });
}

/** The member's strategy feed, newest first: only the hub delivers it. */
export function useAdvisoryFeed() {
  const sub = useSignedInSub();
  return useQuery<AdvisoryDto[]>({
    queryKey: hubKeys.advisories(sub),
    queryFn: skipToken,
    ...HUB_QUERY_OPTIONS,
  });
}

/** Reaction counts of the strategies in the feed (hub snapshot and changes). */
export function useAdvisoryCounts() {
  const sub = useSignedInSub();
  return useQuery<AdvisoryCounts>({
    queryKey: hubKeys.counts(sub),
    queryFn: skipToken,
    ...HUB_QUERY_OPTIONS,
  });
}

/** Traders the member's roles admit, each with the member's choice. */
export function useSubscriptions() {
  const sub = useSignedInSub();
  const api = useApiClient();
  return useQuery<SubscriptionKeys>({
    queryKey: hubKeys.subscriptions(sub),
    queryFn: sub ? ({ signal }) => api.get('/api/Subscription/GetSubscriptions', { signal }) : skipToken,
    ...HUB_QUERY_OPTIONS,
  });
}

/** advisory id → the reaction kind the member chose. */
export type MyReactions = z.infer<typeof myReactions>;

/** The member's own reactions: loaded once, then updated by the member's own choices (useReact). */
export function useMyReactions() {
  const sub = useSignedInSub();
  const api = useApiClient();
  return useQuery<MyReactions>({
    queryKey: hubKeys.reactions(sub),
    queryFn: sub ? ({ signal }) => api.get('/api/AdvisoryFeedBack/Mine', { signal, quiet: true }) : skipToken,
    placeholderData: {},
    ...HUB_QUERY_OPTIONS,
  });
}
