import { skipToken, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { AdvisoryCounts, AdvisoryDto, SystemMessageDto } from '#shared/realtime.ts';
import { subscriptionItem } from '#shared/schemas/advisories.ts';
import { systemMessage } from '#shared/schemas/system-messages.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useApiClient } from '../use-api.ts';
import type { SubscriptionKeys } from './hub-cache.ts';
import { hubKeys } from './hub-keys.ts';
import { HUB_QUERY_OPTIONS } from './hub-sync.ts';

// Reading what the hub keeps current. Lists that also have an API call load through it the first time
// (a page opened before the hub's snapshot arrived); after that the hub's events keep the cache current.

const systemMessageList = z.array(systemMessage);
const subscriptionList = z.array(subscriptionItem);

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
      load && sub
        ? ({ signal }) =>
            api.get('/api/SystemMessage/GetAllSystemMessage', { schema: systemMessageList, signal })
        : skipToken,
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
    queryFn: sub
      ? ({ signal }) => api.get('/api/Subscription/GetSubscriptions', { schema: subscriptionList, signal })
      : skipToken,
    ...HUB_QUERY_OPTIONS,
  });
}

/** advisory id → the reaction kind the member chose. */
export type MyReactions = Record<string, 1 | 2 | 3>;
const myReactionsSchema = z.record(z.string(), z.union([z.literal(1), z.literal(2), z.literal(3)]));

/** The member's own reactions: loaded once, then updated by the member's own choices (useReact). */
export function useMyReactions() {
  const sub = useSignedInSub();
  const api = useApiClient();
  return useQuery<MyReactions>({
    queryKey: hubKeys.reactions(sub),
    queryFn: sub
      ? ({ signal }) =>
          api.get('/api/AdvisoryFeedBack/Mine', { schema: myReactionsSchema, signal, quiet: true })
      : skipToken,
    placeholderData: {},
    ...HUB_QUERY_OPTIONS,
  });
}
