import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddLevelSetRequest,
  type LEVEL_BIASES,
  MAX_LEVELS,
  MAX_TARGETS,
  type UpdateLevelSetRequest,
} from '#shared/schemas/levels.ts';
import type { MarketInterval } from '#shared/schemas/market.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// Support and pressure level sets of the admin console (/api/Levels/...), with the market list they are
// published on and the roles that may see them, under the signed-in person's prefix.

export type LevelBias = (typeof LEVEL_BIASES)[number];

/** What the list shows: the current sets or the expired ones, optionally of one symbol, timeframe, bias. */
export interface LevelSetFilter {
  history: boolean;
  symbol?: string;
  timeframe?: MarketInterval;
  bias?: LevelBias;
}

const levelFields = (list: 'supports' | 'resistances') =>
  Array.from({ length: MAX_LEVELS }, (_, index) =>
    ['price', 'reason', 'strength'].map((part) => `${list}.${index}.${part}`),
  ).flat();

/** Form fields whose server errors are shown beside the inputs (the server names list items `supports.0.price`). */
export const LEVEL_SET_FIELDS = [
  'symbol',
  'timeframe',
  'bias',
  'supports',
  'resistances',
  ...levelFields('supports'),
  ...levelFields('resistances'),
  'invalidationPrice',
  'targets',
  ...Array.from({ length: MAX_TARGETS }, (_, index) => `targets.${index}`),
  'notes',
  'expiresAt',
  'roleIds',
] as const;

export const levelAdminKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-levels'] as const,
  list: (sub: string | undefined, filter: LevelSetFilter) =>
    [USER_QUERY_PREFIX, sub, 'admin-levels', 'list', filter] as const,
  one: (sub: string | undefined, id: number) => [USER_QUERY_PREFIX, sub, 'admin-levels', 'one', id] as const,
  symbols: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-levels', 'symbols'] as const,
  roles: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-levels', 'roles'] as const,
};

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/Levels/List: every set (admins), with its role tags. */
export function useLevelSets(filter: LevelSetFilter) {
  const api = useApiClient();
  return useQuery({
    queryKey: levelAdminKeys.list(useSub(), filter),
    queryFn: ({ signal }) =>
      api.get('/api/Levels/List', {
        query: {
          history: filter.history ? 'true' : 'false',
          symbol: filter.symbol,
          timeframe: filter.timeframe,
          bias: filter.bias,
        },
        signal,
      }),
  });
}

/** GET /api/Levels/Get?id= (null id: nothing to load). */
export function useLevelSet(id: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: levelAdminKeys.one(useSub(), id ?? -1),
    queryFn: ({ signal }) => api.get('/api/Levels/Get', { query: { id: id ?? -1 }, signal }),
    enabled: id !== null,
  });
}

/** GET /api/Market/Symbols: the allow-list, the only symbols a set can be published on. */
export function useMarketSymbols() {
  const api = useApiClient();
  return useQuery({
    queryKey: levelAdminKeys.symbols(useSub()),
    queryFn: ({ signal }) => api.get('/api/Market/Symbols', { signal }),
    // Read again whenever a page shows it: a symbol added a moment ago must be usable at once.
    staleTime: 0,
  });
}

/** GET /api/TraderKey/GetRoles: the role tags a set can be limited to. */
export function useLevelRoles() {
  const api = useApiClient();
  return useQuery({
    queryKey: levelAdminKeys.roles(useSub()),
    queryFn: ({ signal }) => api.get('/api/TraderKey/GetRoles', { signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () => queryClient.invalidateQueries({ queryKey: levelAdminKeys.all(sub) });
}

/** POST /api/Levels/Add; answers the new set's id. */
export function useAddLevelSet() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddLevelSetRequest) =>
      api.post('/api/Levels/Add', body, { formFields: LEVEL_SET_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Levels/Update: the whole set again, with its id. */
export function useUpdateLevelSet() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateLevelSetRequest) =>
      api.post('/api/Levels/Update', body, { formFields: LEVEL_SET_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Levels/Delete {id}. */
export function useDeleteLevelSet() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Levels/Delete', { id }),
    onSettled: refresh,
  });
}
