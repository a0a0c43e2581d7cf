import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { theme as antdTheme, ConfigProvider } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { antdLocaleFor } from './lib/antd-locale.ts';
import { ApiError } from './lib/api-client.ts';
import { AuthProvider } from './lib/auth/auth-context.tsx';
import type { AuthClient } from './lib/auth/auth-service.ts';
import { FeedbackProvider } from './lib/feedback.tsx';
import { theme } from './lib/theme.ts';
import { useReducedMotion } from './lib/use-reduced-motion.ts';
import { useTranslation } from './lib/use-translation.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Real-time hub events invalidate what changes; no need to refetch on every focus. An API error has
      // already been shown to the person (spec §8), so it is not retried behind their back.
      queries: {
        staleTime: 30_000,
        retry: (failures, error) => !(error instanceof ApiError) && failures < 1,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The theme's text colour, size, line height and font for everything inside (what antd's App gave its root). */
function AppText({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      className="portal-app"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const antdLocale = antdLocaleFor(instance.language);
  const reducedMotion = useReducedMotion();
  const themed = useMemo(
    () => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme),
    [reducedMotion],
  );
  return (
    <ConfigProvider locale={antdLocale} theme={themed}>
      <FeedbackProvider>
        <AppText>{children}</AppText>
      </FeedbackProvider>
    </ConfigProvider>
  );
}

export function Providers({
  children,
  queryClient,
  auth,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** The authentication client; the app's AuthService unless a test passes a fake. */
  auth?: AuthClient;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider client={auth}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </AuthProvider>
    </QueryClientProvider>
  );
}
