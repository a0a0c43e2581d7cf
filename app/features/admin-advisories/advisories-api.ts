import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AdvisoryCounts } from '#shared/realtime.ts';
import type { AddOrUpdateAdvisoryRequest, AdminAdvisory } from '#shared/schemas/advisories.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useAdvisoryCounts } from '../../lib/hub/hub-queries.ts';
import { useApiClient } from '../../lib/use-api.ts';

// Strategies of the admin console (/api/Advisory/...). Saving one pushes it to the subscribers of its
// traders through the hub; the console itself reads the API.

/** Form fields whose server errors are shown beside the inputs. */
export const ADVISORY_FIELDS = ['title', 'advisoryDesc', 'content', 'apiKeyArray'] as const;

export const advisoryKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-advisories'] as const,
  list: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-advisories', 'list'] as const,
  one: (sub: string | undefined, id: number) =>
    [USER_QUERY_PREFIX, sub, 'admin-advisories', 'one', id] as const,
  traders: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-advisories', 'traders'] as const,
};

function useSub() {
  return useAuth().user?.sub;
}

/** A strategy with the reaction counts the hub has pushed since it was loaded, when there are newer ones. */
export function withLiveCounts(advisory: AdminAdvisory, live: AdvisoryCounts | undefined): AdminAdvisory {
  const counts = live?.[String(advisory.id)];
  return counts ? { ...advisory, counts } : advisory;
}

/**
 * GET /api/Advisory/GetAllAds: every strategy, newest first, with its reaction counts, kept live by the
 * hub (administrators receive every strategy's count changes).
 */
export function useAdvisories() {
  const api = useApiClient();
  const live = useAdvisoryCounts().data;
  const query = useQuery({
    queryKey: advisoryKeys.list(useSub()),
    queryFn: ({ signal }) => api.get('/api/Advisory/GetAllAds', { signal }),
  });
  const data = useMemo(
    () => query.data?.map((advisory) => withLiveCounts(advisory, live)),
    [query.data, live],
  );
  return { ...query, data };
}

/** GET /api/Advisory/GetAdvisory?advisoryId=: one strategy (null id: nothing to load). */
export function useAdvisory(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: advisoryKeys.one(useSub(), id ?? -1),
    queryFn: ({ signal }) =>
      api.get('/api/Advisory/GetAdvisory', { query: { advisoryId: id ?? -1 }, signal }),
    enabled: id !== null,
  });
}

/** GET /api/Advisory/GetAllTraders: the traders a strategy can be pushed to. */
export function useAdvisoryTraders() {
  const api = useApiClient();
  return useQuery({
    queryKey: advisoryKeys.traders(useSub()),
    queryFn: ({ signal }) => api.get('/api/Advisory/GetAllTraders', { signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () => queryClient.invalidateQueries({ queryKey: advisoryKeys.all(sub) });
}

/** POST /api/Advisory/AddOrUpdateAdvisory (with id: edit). */
export function useSaveAdvisory() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddOrUpdateAdvisoryRequest) =>
      api.post('/api/Advisory/AddOrUpdateAdvisory', body, { formFields: ADVISORY_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Advisory/DeleteAdvisory?advisoryId=. */
export function useDeleteAdvisory() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Advisory/DeleteAdvisory', { query: { advisoryId: id } }),
    onSuccess: refresh,
  });
}
