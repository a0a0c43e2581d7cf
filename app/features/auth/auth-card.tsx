import { Card, Result, type ResultProps, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
    <Card
      data-testid={testId}
      style={{
        width: '100%',
        maxWidth: 560,
        borderRadius: 16,
        boxShadow: '0 24px 64px rgba(3, 10, 24, 0.45)',
      }}
      styles={{ body: { padding: '8px 16px' } }}
    >
      <title>{`${title} · ${t('product.name')}`}</title>
      {children}
    </Card>
  );
}

/** A step in progress (the browser is about to leave for the provider, or a callback is being checked). */
export function AuthProgress({ testId, title }: { testId: string; title: string }) {
  return (
    <AuthCard testId={testId} title={title}>
      <Result icon={<Spin size="large" />} title={title} />
    </AuthCard>
  );
}

export function AuthResult({ testId, ...result }: ResultProps & { testId: string; title: string }) {
  return (
    <AuthCard testId={testId} title={result.title}>
      <Result {...result} />
    </AuthCard>
  );
}
