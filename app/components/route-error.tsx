import { ReloadOutlined, WarningFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageSpinner } from './page-spinner.tsx';

// The 404 page draws antd's Result with its illustration: loaded only when a page is not found.
const NotFound = lazy(async () => ({ default: (await import('./not-found.tsx')).NotFound }));

/** Root error boundary: unknown routes get the 404 page, anything else (a failed chunk after a deploy) a reload. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <NotFound />
      </Suspense>
    );
  }
  return <ReloadNotice />;
}

/**
 * Drawn as antd's Result (status warning) looks, with nothing loaded on demand: the error may be that the
 * page's code could not be downloaded, and every page's first load carries this boundary.
 */
function ReloadNotice() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <div
      data-testid="route-error"
      style={{ padding: `${token.paddingXL * 1.5}px ${token.paddingXL}px`, textAlign: 'center' }}
    >
      <WarningFilled
        aria-hidden
        style={{ fontSize: 72, color: token.colorWarning, marginBottom: token.marginLG }}
      />
      <h1
        style={{
          margin: `0 0 ${token.marginXS}px`,
          color: token.colorTextHeading,
          fontSize: token.fontSizeHeading3,
          lineHeight: token.lineHeightHeading3,
          fontWeight: 'normal',
        }}
      >
        {t('routeError.title')}
      </h1>
      <p style={{ margin: 0, color: token.colorTextDescription, fontSize: token.fontSize }}>
        {t('routeError.subtitle')}
      </p>
      <div style={{ marginTop: token.marginLG }}>
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      </div>
    </div>
  );
}
