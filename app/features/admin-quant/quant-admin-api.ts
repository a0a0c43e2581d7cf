import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddQuantRequest, QuantCard, UpdateQuantRequest } from '#shared/schemas/quant.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// Quantitative strategies of the admin console (/api/Quant/...), the roles and trader keys they can be
// linked to, and the freqtrade import, under the signed-in person's prefix.

const RESULT_FIELDS = [
  'totalReturn',
  'annualizedReturn',
  'maxDrawdown',
  'sharpe',
  'sortino',
  'calmar',
  'winRate',
  'profitFactor',
  'trades',
  'periodStart',
  'periodEnd',
  'startingBalance',
  'finalBalance',
  'currency',
] as const;

/** Form fields whose server errors are shown beside the inputs. */
export const QUANT_FIELDS = [
  'name',
  'type',
  'market',
  'symbols',
  'timeframe',
  'riskLevel',
  'status',
  'description',
  'parameters',
  ...Array.from({ length: 50 }, (_, index) => [
    `parameters.${index}.key`,
    `parameters.${index}.value`,
  ]).flat(),
  'roleIds',
  'traderKeyId',
  ...RESULT_FIELDS.map((field) => `results.${field}`),
] as const;

export const quantAdminKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-quant'] as const,
  list: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-quant', 'list'] as const,
  one: (sub: string | undefined, id: number) => [USER_QUERY_PREFIX, sub, 'admin-quant', 'one', id] as const,
  roles: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-quant', 'roles'] as const,
  traders: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-quant', 'traders'] as const,
};

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/Quant/List: every strategy (admins). */
export function useQuantStrategies() {
  const api = useApiClient();
  return useQuery({
    queryKey: quantAdminKeys.list(useSub()),
    queryFn: ({ signal }) => api.get('/api/Quant/List', { signal }),
  });
}

/** GET /api/Quant/Get?id= (null id: nothing to load). */
export function useQuantStrategy(id: number | null, options: { quiet?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: quantAdminKeys.one(useSub(), id ?? -1),
    queryFn: ({ signal }) =>
      api.get('/api/Quant/Get', { query: { id: id ?? -1 }, signal, quiet: options.quiet }),
    enabled: id !== null,
  });
}

/** GET /api/TraderKey/GetRoles: the role tags a strategy can be limited to. */
export function useQuantRoles() {
  const api = useApiClient();
  return useQuery({
    queryKey: quantAdminKeys.roles(useSub()),
    queryFn: ({ signal }) => api.get('/api/TraderKey/GetRoles', { signal }),
  });
}

/** GET /api/TraderKey/GetAllTraders: the trader keys a strategy can be linked to. */
export function useQuantTraders() {
  const api = useApiClient();
  return useQuery({
    queryKey: quantAdminKeys.traders(useSub()),
    queryFn: ({ signal }) => api.get('/api/TraderKey/GetAllTraders', { signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () => queryClient.invalidateQueries({ queryKey: quantAdminKeys.all(sub) });
}

/** POST /api/Quant/Add; answers the new strategy's id. */
export function useAddQuant() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddQuantRequest) => api.post('/api/Quant/Add', body, { formFields: QUANT_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Quant/Update: the whole strategy again, with its id. */
export function useUpdateQuant() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateQuantRequest) =>
      api.post('/api/Quant/Update', body, { formFields: QUANT_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Quant/Delete {id}. */
export function useDeleteQuant() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const sub = useSub();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Quant/Delete', { id }),
    onSuccess: (_answer, id) => {
      // The row goes at once and its strategy is forgotten, so that nothing reads the deleted id again (404).
      queryClient.setQueryData<QuantCard[]>(quantAdminKeys.list(sub), (cards) =>
        cards?.filter((card) => card.id !== id),
      );
      queryClient.removeQueries({ queryKey: quantAdminKeys.one(sub, id) });
    },
    onSettled: refresh,
  });
}

/**
 * POST /api/Quant/ImportFreqtrade?strategy=: reads a backtest result for review (nothing is saved). Quiet:
 * the form shows the server's refusal beside the upload.
 */
export function useImportFreqtrade() {
  const api = useApiClient();
  return useMutation({
    mutationFn: ({ file, strategy }: { file: Blob; strategy?: string }) =>
      api.upload('/api/Quant/ImportFreqtrade', file, {
        quiet: true,
        ...(strategy ? { query: { strategy } } : {}),
      }),
  });
}
