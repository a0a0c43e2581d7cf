import { App } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { createApiClient, type RequestOptions } from '../../lib/api-client.ts';
import { useAuthClient } from '../../lib/auth/auth-context.tsx';
import { loginPath } from '../../lib/auth/auth-paths.ts';
import { currentReturnUrl } from '../../lib/auth/return-url.ts';
import { currentLocale, i18n } from '../../lib/i18n.ts';

// The article API uses PUT and DELETE (spec §7: UpdateArticle, ApprovalArticle, DeleteArticle), which the
// shared client does not offer yet. This builds the shared client (same token, language, toasts and 401
// handling as useApiClient) over a fetch that sends the wanted method; `post` of the returned clients sends
// PUT or DELETE. Once ApiClient has put/delete, this file goes.

type Method = 'PUT' | 'DELETE';

function fetchWith(method: Method): typeof fetch {
  return (input, init = {}) => {
    if (method === 'PUT') return fetch(input, { ...init, method });
    // DELETE carries no body.
    const headers = new Headers(init.headers);
    headers.delete('content-type');
    return fetch(input, { ...init, method, headers, body: undefined });
  };
}

export interface RestClient {
  put<T>(path: string, body: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions<T>): Promise<T>;
}

export function useRestClient(): RestClient {
  const auth = useAuthClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { message } = App.useApp();
  const locationRef = useRef(location);
  useEffect(() => {
    locationRef.current = location;
  }, [location]);

  return useMemo(() => {
    const clientFor = (method: Method) =>
      createApiClient({
        getAccessToken: () => auth.getAccessToken(),
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
        fetch: fetchWith(method),
      });
    const put = clientFor('PUT');
    const remove = clientFor('DELETE');
    return {
      put: (path, body, options) => put.post(path, body, options),
      delete: (path, options) => remove.post(path, undefined, options),
    };
  }, [auth, navigate, message]);
}
