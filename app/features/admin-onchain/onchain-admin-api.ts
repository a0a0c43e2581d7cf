import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { OnchainChain, OnchainDirection, OnchainSource, OnchainStatus } from '#shared/onchain.ts';
import type {
  AddOnchainAlertRequest,
  AddOnchainLabelRequest,
  OnchainAdminAlertPage,
  UpdateOnchainAlertRequest,
  UpdateOnchainLabelRequest,
} from '#shared/schemas/onchain.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { hubKeys } from '../../lib/hub/hub-keys.ts';
import { useApiClient } from '../../lib/use-api.ts';

// On-chain monitoring in the admin console (/api/Onchain/...). No hub event tells admins that the watcher
// queued an alert, so the alerts and the watcher's state are read again every few seconds while open. A
// change also reads the members' on-chain queries again (labels are joined into every alert).

/** Form fields whose server errors are shown beside the inputs (the rest become toasts). */
export const ALERT_FIELDS = [
  'chain',
  'asset',
  'tokenAddress',
  'amount',
  'usdValue',
  'fromAddress',
  'toAddress',
  'direction',
  'txHash',
  'logIndex',
  'blockNumber',
  'occurredAt',
  'importance',
  'comment',
] as const;
export const LABEL_FIELDS = ['address', 'name', 'kind'] as const;

export const ALERTS_REFRESH_MS = 10_000;
export const WATCHER_REFRESH_MS = 5_000;

export interface AdminAlertFilters {
  status?: OnchainStatus;
  source?: OnchainSource;
  chain?: OnchainChain;
  direction?: OnchainDirection;
  asset?: string;
}

export const onchainAdminKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-onchain'] as const,
  alerts: (sub: string | undefined, filters: AdminAlertFilters) =>
    [USER_QUERY_PREFIX, sub, 'admin-onchain', 'alerts', filters] as const,
  queue: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-onchain', 'queue'] as const,
  labels: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-onchain', 'labels'] as const,
  watcher: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-onchain', 'watcher'] as const,
};

const useSub = () => useAuth().user?.sub;

/** GET /api/Onchain/AdminAlerts with these filters, page by page, read again every few seconds. */
export function useAdminAlerts(filters: AdminAlertFilters) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: onchainAdminKeys.alerts(useSub(), filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last: OnchainAdminAlertPage) => last.nextCursor,
    queryFn: ({ signal, pageParam }) =>
      api.get('/api/Onchain/AdminAlerts', {
        signal,
        query: { ...filters, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    refetchInterval: ALERTS_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** How many alerts wait in the queue (a page of 50 at most: "50+" beyond), for the queue's badge. */
export function useQueueSize() {
  const api = useApiClient();
  return useQuery({
    queryKey: onchainAdminKeys.queue(useSub()),
    queryFn: async ({ signal }) => {
      const page = await api.get('/api/Onchain/AdminAlerts', {
        signal,
        quiet: true,
        query: { status: 'queued', limit: 50 },
      });
      return { count: page.alerts.length, more: page.nextCursor !== null };
    },
    refetchInterval: ALERTS_REFRESH_MS,
  });
}

/** GET /api/Onchain/Labels. */
export function useLabels() {
  const api = useApiClient();
  return useQuery({
    queryKey: onchainAdminKeys.labels(useSub()),
    queryFn: ({ signal }) => api.get('/api/Onchain/Labels', { signal }),
  });
}

/** GET /api/Onchain/WatcherState, read again every few seconds. */
export function useWatcherState() {
  const api = useApiClient();
  return useQuery({
    queryKey: onchainAdminKeys.watcher(useSub()),
    queryFn: ({ signal }) => api.get('/api/Onchain/WatcherState', { signal }),
    refetchInterval: WATCHER_REFRESH_MS,
  });
}

/** After a change: the admin lists and every on-chain query members' pages hold in this tab. */
function useRefresh() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: onchainAdminKeys.all(sub) }),
      queryClient.invalidateQueries({ queryKey: hubKeys.onchain(sub) }),
    ]);
}

/** POST /api/Onchain/AddAlert: published at once. */
export function useAddAlert() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddOnchainAlertRequest) =>
      api.post('/api/Onchain/AddAlert', body, { formFields: ALERT_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Onchain/UpdateAlert. */
export function useUpdateAlert() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateOnchainAlertRequest) =>
      api.post('/api/Onchain/UpdateAlert', body, { formFields: ALERT_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Onchain/DeleteAlert, PublishAlert or DiscardAlert {id}. */
export function useAlertAction() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'publish' | 'discard' | 'delete' }) => {
      if (action === 'publish') return api.post('/api/Onchain/PublishAlert', { id });
      if (action === 'discard') return api.post('/api/Onchain/DiscardAlert', { id });
      return api.post('/api/Onchain/DeleteAlert', { id });
    },
    onSettled: refresh,
  });
}

/** POST /api/Onchain/AddLabel. */
export function useAddLabel() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddOnchainLabelRequest) =>
      api.post('/api/Onchain/AddLabel', body, { formFields: LABEL_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Onchain/UpdateLabel. */
export function useUpdateLabel() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateOnchainLabelRequest) =>
      api.post('/api/Onchain/UpdateLabel', body, { formFields: LABEL_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/Onchain/DeleteLabel {id}. */
export function useDeleteLabel() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Onchain/DeleteLabel', { id }),
    onSettled: refresh,
  });
}
