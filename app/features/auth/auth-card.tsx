import type { ResultProps } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { Panel } from '../../components/panel.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { StatusNotice } from '../../components/status-notice.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

// antd's Result (with its status illustrations) draws the rare outcomes only (a failed sign-in, a link that
// no longer works): it loads when one is shown. The steps in progress, which every sign-in passes through,
// are drawn from the theme as Result would draw them (StatusNotice).
const AuthOutcome = lazy(async () => ({ default: (await import('./auth-outcome.tsx')).AuthOutcome }));

/** A status card on the auth backdrop: the pages of the sign-in and sign-out steps. */
export function AuthCard({
  testId,
  title,
  children,
}: {
  testId: string;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Panel
      testId={testId}
      padding="8px 16px"
      style={{
        width: '100%',
        maxWidth: 560,
        borderRadius: 16,
        boxShadow: '0 24px 64px rgba(3, 10, 24, 0.45)',
      }}
    >
      <title>{`${title} · ${t('product.name')}`}</title>
      {children}
    </Panel>
  );
}

/** A step in progress (the browser is about to leave for the provider, or a callback is being checked). */
export function AuthProgress({ testId, title }: { testId: string; title: string }) {
  return (
    <AuthCard testId={testId} title={title}>
      <StatusNotice icon={<Spinner size="large" />} title={title} />
    </AuthCard>
  );
}

export function AuthResult({ testId, ...result }: ResultProps & { testId: string; title: string }) {
  return (
    <AuthCard testId={testId} title={result.title}>
      <Suspense fallback={<AuthOutcomeLoading />}>
        <AuthOutcome {...result} />
      </Suspense>
    </AuthCard>
  );
}

function AuthOutcomeLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spinner label={t('loading')} />
    </div>
  );
}
