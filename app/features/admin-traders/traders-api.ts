import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AddApiKeyRequest,
  activateApiKeyRequest,
  UpdateApiKeyRequest,
  updateApiKeySubConfigRequest,
} from '#shared/schemas/trader-keys.ts';
import type { checkApiKeyRequest } from '#shared/schemas/trading.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

// Trader API keys of the admin console (/api/TraderKey/...). Keys sit under the signed-in person's prefix,
// so signing out drops what an admin has seen.

/** Form fields whose server errors are shown beside the inputs. */
export const TRADER_FIELDS = [
  'keyName',
  'keyValue',
  'secretValue',
  'coEfficient',
  'leverageCoefficient',
] as const;

export const traderKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-traders'] as const,
  keys: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-traders', 'keys'] as const,
  traders: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-traders', 'traders'] as const,
  roles: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-traders', 'roles'] as const,
  mapping: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-traders', 'mapping'] as const,
};

function useSub() {
  return useAuth().user?.sub;
}

/** GET /api/TraderKey/GetAllApiKeys: keys with masked key and secret. */
export function useApiKeys() {
  const api = useApiClient();
  return useQuery({
    queryKey: traderKeys.keys(useSub()),
    queryFn: ({ signal }) => api.get('/api/TraderKey/GetAllApiKeys', { signal }),
  });
}

/** GET /api/TraderKey/GetAllTraders: id, name and state of every trader. */
export function useTraderSummaries() {
  const api = useApiClient();
  return useQuery({
    queryKey: traderKeys.traders(useSub()),
    queryFn: ({ signal }) => api.get('/api/TraderKey/GetAllTraders', { signal }),
  });
}

/** GET /api/TraderKey/GetRoles. */
export function useTraderRoles() {
  const api = useApiClient();
  return useQuery({
    queryKey: traderKeys.roles(useSub()),
    queryFn: ({ signal }) => api.get('/api/TraderKey/GetRoles', { signal }),
  });
}

/** GET /api/TraderKey/GetApiKeyRoleMapping: per key id, the role ids it admits. */
export function useRoleMapping() {
  const api = useApiClient();
  return useQuery({
    queryKey: traderKeys.mapping(useSub()),
    queryFn: ({ signal }) => api.get('/api/TraderKey/GetApiKeyRoleMapping', { signal }),
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  const sub = useSub();
  return () => queryClient.invalidateQueries({ queryKey: traderKeys.all(sub) });
}

/** POST /api/TraderKey/ActiviateApiKey {apiKeyId, active}. */
export function useActivateKey() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof activateApiKeyRequest>) =>
      api.post('/api/TraderKey/ActiviateApiKey', body),
    onSettled: refresh,
  });
}

/** POST /api/TraderKey/AddApiKey; answers the new key's id. */
export function useAddKey() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AddApiKeyRequest) =>
      api.post('/api/TraderKey/AddApiKey', body, { formFields: TRADER_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/TraderKey/UpdateApiKey; a blank key or secret keeps the stored one. */
export function useUpdateKey() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: UpdateApiKeyRequest) =>
      api.post('/api/TraderKey/UpdateApiKey', body, { formFields: TRADER_FIELDS }),
    onSuccess: refresh,
  });
}

/** POST /api/TraderKey/UpdateApiKeySubConfig {id, permissionMap}: the roles that may subscribe. */
export function useUpdateKeyRoles() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof updateApiKeySubConfigRequest>) =>
      api.post('/api/TraderKey/UpdateApiKeySubConfig', body),
    onSuccess: refresh,
  });
}

/** POST /api/TraderKey/CheckApiKey {apiKeyId}: reads the key's restrictions at the exchange now. */
export function useCheckKey() {
  const api = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: z.input<typeof checkApiKeyRequest>) => api.post('/api/TraderKey/CheckApiKey', body),
    onSettled: refresh,
  });
}
