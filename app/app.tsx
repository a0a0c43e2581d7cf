import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { UNSAFE_createBrowserHistory } from 'react-router';
import { renderRouteError } from './components/route-error.tsx';
import { startI18n } from './lib/i18n.ts';
import { showLoadFailure } from './lib/load-failure.ts';
import { AppRouter, isModuleDownloadFailure, prepareFirstPage } from './lib/routing/app-router.tsx';
import { installSelectTabKey } from './lib/select-tab-key.ts';
import { Providers } from './providers.tsx';
import { appRoutes, preparePage } from './router.tsx';

/** Errors a page threw and the route error shows: logged, except a download refused (expected after a deploy). */
function onCaughtError(error: unknown, info: { componentStack?: string }): void {
  if (!isModuleDownloadFailure(error)) console.error(error, info.componentStack);
}

/** Renders the app into `container` once the visitor's texts and the first page's code are there (main.tsx loads this module). */
export function startApp(container: HTMLElement): void {
  const history = UNSAFE_createBrowserHistory({ v5Compat: true });
  installSelectTabKey();
  // The page frame of index.html shows until then; the app renders translated, the page whole.
  // prepareFirstPage first: a redirect it follows changes the address whose texts startI18n loads.
  Promise.all([prepareFirstPage(history, appRoutes), startI18n()]).then(
    () =>
      createRoot(container, { onCaughtError }).render(
        <StrictMode>
          <Providers>
            <AppRouter
              history={history}
              routes={appRoutes}
              prepare={preparePage}
              renderError={renderRouteError}
            />
          </Providers>
        </StrictMode>,
      ),
    () => showLoadFailure(container),
  );
}
