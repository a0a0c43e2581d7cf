import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { usePendingLocation } from '../lib/routing/app-router.tsx';
import { useTranslation } from '../lib/use-translation.ts';
import { PageSpinner } from './page-spinner.tsx';
import { BusyOverlay } from './spinner.tsx';

/**
 * A layout's outlet: a spinner while a lazily loaded page arrives (route modules load during navigation,
 * so the current page stays under the spinner until the next one is ready).
 */
export function RouteOutlet() {
  const { t } = useTranslation();
  const pending = usePendingLocation();
  const location = useLocation();
  const changingPage = pending !== null && pending.pathname !== location.pathname;
  return (
    <BusyOverlay busy={changingPage} delay={150} label={t('loading')}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </BusyOverlay>
  );
}
