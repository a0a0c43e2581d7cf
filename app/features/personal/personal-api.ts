import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailRequest, ChangePasswordRequest } from '#shared/schemas/auth.ts';
import type { UpdatePersonalInfoRequest } from '#shared/schemas/personal.ts';
import { accountKeys } from '../../lib/account.ts';
import { useAuth } from '../../lib/auth/auth-context.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import { useApiClient } from '../../lib/use-api.ts';

export const PROFILE_FIELDS = ['nickName', 'gender', 'phone'] as const;
export const PASSWORD_FIELDS = ['currentPassword', 'password', 'confirm'] as const;
export const EMAIL_FIELDS = ['newEmail', 'password'] as const;

/** Refreshes what shows the profile (the personal pages and the header) after a change. */
function useRefreshAccount() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accountKeys.info(auth.user?.sub) }),
      queryClient.invalidateQueries({ queryKey: accountKeys.avatar(auth.user?.sub) }),
    ]);
}

export function useUpdateProfile() {
  const api = useApiClient();
  const refresh = useRefreshAccount();
  return useMutation({
    mutationFn: (body: UpdatePersonalInfoRequest) =>
      api.post('/api/PersonalInfo/UpdatePersonalInfo', body, { formFields: PROFILE_FIELDS }),
    onSuccess: refresh,
  });
}

export function useUploadAvatar() {
  const api = useApiClient();
  const refresh = useRefreshAccount();
  return useMutation({
    // The page says "upload failed" with the reason itself, in one message.
    mutationFn: (file: File) => api.upload('/api/PersonalInfo/UploadAvatar', file, { quiet: true }),
    onSuccess: refresh,
  });
}

/** A credential change signs the other devices out: the list of sessions is read again. */
function useRefreshSessions() {
  const queryClient = useQueryClient();
  const auth = useAuth();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions(auth.user?.sub) });
}

export function useChangePassword() {
  const api = useApiClient();
  const refreshSessions = useRefreshSessions();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      api.post('/Auth/PostChangePassword', body, { formFields: PASSWORD_FIELDS }),
    onSuccess: refreshSessions,
  });
}

export function useChangeEmail() {
  const api = useApiClient();
  const refresh = useRefreshAccount();
  const refreshSessions = useRefreshSessions();
  return useMutation({
    mutationFn: (body: Omit<ChangeEmailRequest, 'locale'>) =>
      api.post('/Auth/PostChangeEmail', { ...body, locale: currentLocale() }, { formFields: EMAIL_FIELDS }),
    onSuccess: () => Promise.all([refresh(), refreshSessions()]),
  });
}

export function useSessions() {
  const api = useApiClient();
  const auth = useAuth();
  return useQuery({
    queryKey: accountKeys.sessions(auth.user?.sub),
    queryFn: ({ signal }) => api.get('/api/PersonalInfo/Sessions', { signal }),
    enabled: auth.status === 'authenticated',
    staleTime: 0,
  });
}

export function useEndOtherSessions() {
  const api = useApiClient();
  const refreshSessions = useRefreshSessions();
  return useMutation({
    mutationFn: () => api.post('/api/PersonalInfo/EndOtherSessions'),
    onSuccess: refreshSessions,
  });
}
