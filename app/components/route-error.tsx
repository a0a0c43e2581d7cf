import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { PageSpinner } from './page-spinner.tsx';
import { StatusNotice } from './status-notice.tsx';

// The 404 page draws antd's Result with its illustration: loaded only when a page is not found.
const NotFound = lazy(async () => ({ default: (await import('./not-found.tsx')).NotFound }));

/** What a failed page shows: the 404 page for a 404 answer, anything else (a file gone after a deploy) a reload. */
export function RouteError({ error }: { error: unknown }) {
  if (error instanceof Response && error.status === 404) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <NotFound />
      </Suspense>
    );
  }
  return <ReloadNotice />;
}

/** The router's `renderError`: the route error page for what a page threw. */
export const renderRouteError = (error: unknown) => <RouteError error={error} />;

/** Offers a reload: the page's code may be from before a deploy (its files gone). Nothing loads on demand here. */
function ReloadNotice() {
  const { t } = useTranslation();
  return (
    <StatusNotice
      testId="route-error"
      titleAs="h1"
      title={t('routeError.title')}
      subtitle={t('routeError.subtitle')}
      action={
        <Button type="primary" icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    />
  );
}
