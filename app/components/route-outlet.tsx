import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePendingLocation } from '../lib/routing/app-router.tsx';
import { PageSpinner } from './page-spinner.tsx';

/**
 * A layout's outlet: a spinner while a lazily loaded page arrives (route modules load during navigation,
 * so the current page stays under the spinner until the next one is ready).
 */
export function RouteOutlet() {
  const pending = usePendingLocation();
  const location = useLocation();
  const changingPage = pending !== null && pending.pathname !== location.pathname;
  return (
    <Spin spinning={changingPage} delay={150} size="large">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Spin>
  );
}
