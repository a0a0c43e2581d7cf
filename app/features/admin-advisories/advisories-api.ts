import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { type AddOrUpdateAdvisoryRequest, adminAdvisory, traderSummary } from '#shared/schemas/signals.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// Strategies of the admin console (/api/Advisory/...). Saving one pushes it to the subscribers of its
// traders through the hub; the console itself reads the API.

const okResponse = z.object({ ok: z.literal(true) });
const idResponse = z.object({ id: z.number() });

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

/** GET /api/Advisory/GetAllAds: every strategy, newest first, with its reaction counts. */
export function useAdvisories() {
  const api = useApiClient();
  return useQuery({
    queryKey: advisoryKeys.list(useSub()),
    queryFn: ({ signal }) => api.get('/api/Advisory/GetAllAds', { schema: z.array(adminAdvisory), signal }),
  });
}

/** GET /api/Advisory/GetAdvisory?advisoryId=: one strategy (null id: nothing to load). */
export function useAdvisory(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: advisoryKeys.one(useSub(), id ?? -1),
    queryFn: ({ signal }) =>
      api.get(`/api/Advisory/GetAdvisory?advisoryId=${id}`, { schema: adminAdvisory, signal }),
    enabled: id !== null,
  });
}

/** GET /api/Advisory/GetAllTraders: the traders a strategy can be pushed to. */
export function useAdvisoryTraders() {
  const api = useApiClient();
  return useQuery({
    queryKey: advisoryKeys.traders(useSub()),
    queryFn: ({ signal }) =>
      api.get('/api/Advisory/GetAllTraders', { schema: z.array(traderSummary), signal }),
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
      api.post('/api/Advisory/AddOrUpdateAdvisory', body, {
        schema: idResponse,
        formFields: ADVISORY_FIELDS,
      }),
    onSuccess: refresh,
  });
}

/** POST /api/Advisory/DeleteAdvisory?advisoryId=. */
export function useDeleteAdvisory() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) =>
      api.post(`/api/Advisory/DeleteAdvisory?advisoryId=${id}`, {}, { schema: okResponse }),
    onSuccess: refresh,
  });
}
