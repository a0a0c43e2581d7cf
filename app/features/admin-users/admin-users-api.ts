import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointAt, QueryOf } from '#shared/api-contract.ts';
import type {
  AddRoleRequest,
  AssignUserRoleRequest,
  BatchUserOperationRequest,
} from '#shared/schemas/management.ts';
import { accountKeys } from '../../lib/account.ts';
import { ApiError } from '../../lib/api-client.ts';
import { USER_QUERY_PREFIX, useAuth } from '../../lib/auth/auth-context.tsx';
import { useFeedback } from '../../lib/feedback.tsx';
import { i18n } from '../../lib/i18n.ts';
import { useApiClient } from '../../lib/use-api.ts';

// Users and role tags of the admin console (spec §7 /api/Management/...). Keys sit under the signed-in
// person's prefix, so signing out drops what an admin has seen.

/** Form fields whose server errors are shown beside the inputs. */
export const ADD_ROLE_FIELDS = ['name'] as const;
export const ASSIGN_FIELDS = ['permissionMap', 'memberDays', 'email'] as const;

export interface UsersPageParams {
  current: number;
  pageSize: number;
  search: string;
  roleId: number | null;
}

export const adminUsersKeys = {
  all: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-users'] as const,
  users: (sub: string | undefined, params: UsersPageParams) =>
    [USER_QUERY_PREFIX, sub, 'admin-users', 'users', params] as const,
  user: (sub: string | undefined, userId: string) =>
    [USER_QUERY_PREFIX, sub, 'admin-users', 'user', userId] as const,
  roles: (sub: string | undefined) => [USER_QUERY_PREFIX, sub, 'admin-users', 'roles'] as const,
  rolesWithCount: (sub: string | undefined) =>
    [USER_QUERY_PREFIX, sub, 'admin-users', 'roles-with-count'] as const,
};

/** The query of GetUsers: always paged (without parameters the server answers the plain list). */
export function usersQueryOf(
  params: UsersPageParams,
): QueryOf<EndpointAt<'GET', '/api/Management/GetUsers'>> {
  const search = params.search.trim();
  return {
    current: params.current,
    pageSize: params.pageSize,
    ...(search ? { search } : {}),
    ...(params.roleId !== null ? { roleId: params.roleId } : {}),
  };
}

/** One page of users with their tags (GET /api/Management/GetUsers?current&pageSize&search&roleId). */
export function useUsersPage(params: UsersPageParams) {
  const api = useApiClient();
  const auth = useAuth();
  const { message } = useFeedback();
  return useQuery({
    queryKey: adminUsersKeys.users(auth.user?.sub, params),
    queryFn: async ({ signal }) => {
      const answer = await api.get('/api/Management/GetUsers', { query: usersQueryOf(params), signal });
      if (!Array.isArray(answer)) return answer;
      // Only a call without paging parameters answers the plain list: this answer is not what was asked.
      const invalid = i18n.t('errors.invalidResponse');
      void message.error(invalid);
      throw new ApiError(0, [invalid]);
    },
    // The table keeps showing the previous page, dimmed, while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** How many users there are in all: a batch with no selection reaches every one of them. */
export function useAllUsersCount() {
  const all = useUsersPage({ current: 1, pageSize: 1, search: '', roleId: null });
  return { ...all, count: all.data?.total ?? null };
}

export function useUser(userId: string) {
  const api = useApiClient();
  const auth = useAuth();
  const { message } = useFeedback();
  return useQuery({
    queryKey: adminUsersKeys.user(auth.user?.sub, userId),
    queryFn: async ({ signal }) => {
      try {
        return await api.get('/api/Management/GetUser', { query: { userId }, signal, quiet: true });
      } catch (error) {
        // The page says "not found" itself; other failures are toasts as everywhere.
        if (error instanceof ApiError && error.status !== 404) {
          for (const text of error.messages) void message.error(text);
        }
        throw error;
      }
    },
    enabled: userId.length > 0,
    staleTime: 0,
  });
}

export function useRoles() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: adminUsersKeys.roles(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/Management/GetRoles', { signal }),
  });
}

export function useRolesWithCount() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: adminUsersKeys.rolesWithCount(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/Management/GetRolesWithUserCount', { signal }),
    staleTime: 0,
  });
}

/** After any change: every list, detail and count of this area is re-read (and the admin's own profile). */
function useRefreshAdminUsers() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUsersKeys.all(auth.user?.sub) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.info(auth.user?.sub) }),
    ]);
}

export function useBatchUserOperation() {
  const api = useApiClient();
  const refresh = useRefreshAdminUsers();
  return useMutation({
    mutationFn: (body: BatchUserOperationRequest) => api.post('/api/Management/BatchUserOperation', body),
    onSuccess: refresh,
  });
}

export function useAddRole() {
  const api = useApiClient();
  const refresh = useRefreshAdminUsers();
  return useMutation({
    mutationFn: (body: AddRoleRequest) =>
      api.post('/api/Management/AddRole', body, { formFields: ADD_ROLE_FIELDS }),
    onSuccess: refresh,
  });
}

export function useDeleteRole() {
  const api = useApiClient();
  const refresh = useRefreshAdminUsers();
  return useMutation({
    mutationFn: (id: number) => api.post('/api/Management/DeleteRole', { id }),
    onSuccess: refresh,
  });
}

export function useAssignUserRole() {
  const api = useApiClient();
  const refresh = useRefreshAdminUsers();
  return useMutation({
    mutationFn: (body: AssignUserRoleRequest) =>
      api.post('/api/Management/AssignUserRole', body, { formFields: ASSIGN_FIELDS }),
    onSuccess: refresh,
  });
}

/** Who was reminded of their membership's end, and the mails' state (the user detail's reminders tab). */
export function useMembershipReminders(userId: string) {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: [...adminUsersKeys.user(auth.user?.sub, userId), 'membership-reminders'] as const,
    queryFn: ({ signal }) => api.get('/api/Management/GetMembershipReminders', { query: { userId }, signal }),
    enabled: userId.length > 0,
    staleTime: 0,
  });
}
