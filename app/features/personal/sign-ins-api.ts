import { useQuery } from '@tanstack/react-query';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useApiClient } from '../../lib/use-api.ts';

/** The signed-in person's sign-in history, newest first (GET /api/PersonalInfo/SignIns), read on every visit. */
export function useSignIns() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: [USER_QUERY_PREFIX, auth.user?.sub, 'sign-ins'],
    // The card shows its own error (with a retry), not a toast as well.
    queryFn: ({ signal }) => api.get('/api/PersonalInfo/SignIns', { signal, quiet: true }),
    enabled: auth.status === 'authenticated',
    staleTime: 0,
  });
}
