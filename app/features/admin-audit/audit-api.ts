import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';
import { type AuditParams, auditQueryOf } from './audit-params.ts';

// The audit log (GET /api/Management/AuditLog...), read only. Keys sit under the signed-in person's prefix.

export const auditKeys = {
  page: (sub: string | undefined, params: AuditParams) =>
    [USER_QUERY_PREFIX, sub, 'admin-audit', 'page', params] as const,
  filters: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-audit', 'filters'] as const,
};

/** One page, newest first; the table keeps showing the previous page, dimmed, while the next loads. */
export function useAuditLog(params: AuditParams) {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: auditKeys.page(auth.user?.sub, params),
    queryFn: ({ signal }) => api.get('/api/Management/AuditLog', { query: auditQueryOf(params), signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The actions and target types the filters offer. */
export function useAuditFilters() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: auditKeys.filters(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/Management/AuditLogFilters', { signal }),
    staleTime: 5 * 60_000,
  });
}
