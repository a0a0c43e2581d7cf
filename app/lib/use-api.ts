import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type ApiClient, createApiClient } from './api-client.ts';
import { useAuthClient } from './auth/auth-context.tsx';
import { loginPath } from './auth/auth-paths.ts';
import { currentReturnUrl } from './auth/return-url.ts';
import { useFeedback } from './feedback.tsx';
import { currentLocale, i18n } from './i18n.ts';
import { requestStepUp } from './step-up.ts';

/**
 * The API client bound to this tab's authentication, the interface language and the toasts. A call refused
 * with 401 is sent once more with a renewed token; without a token, or when that one is refused too, the
 * stored user is forgotten and the person is sent to sign in, returning here.
 */
export function useApiClient(): ApiClient {
  const auth = useAuthClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = useFeedback();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  return useMemo(
    () =>
      createApiClient({
        getAccessToken: () => auth.getAccessToken(),
        renewAccessToken: (rejected) => auth.renewAccessToken(rejected),
        locale: currentLocale,
        onUnauthorized: () => {
          void auth.endLocalSession();
          navigate(loginPath(currentReturnUrl(locationRef.current)), { replace: true });
        },
        showErrors: (messages) => {
          for (const text of messages) void message.error(text);
        },
        texts: {
          network: () => i18n.t('errors.network'),
          invalidResponse: () => i18n.t('errors.invalidResponse'),
        },
        stepUp: requestStepUp,
      }),
    [auth, navigate, message],
  );
}
