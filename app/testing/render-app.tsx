import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { type Location, type NavigationType, UNSAFE_createMemoryHistory } from 'react-router';
import { PageSpinner } from '../components/page-spinner.tsx';
import { renderRouteError } from '../components/route-error.tsx';
import type { AuthClient } from '../lib/auth/auth-service.ts';
import { AppRouter, prepareFirstPage } from '../lib/routing/app-router.tsx';
import { type AppRoute, toRouteObjects } from '../lib/routing/route-table.tsx';
import { createQueryClient, Providers } from '../providers.tsx';
import { routes as appRoutes, preparePage } from '../router.tsx';
import { FakeAuth } from './fake-auth.ts';

interface RenderOptions {
  routes?: AppRoute[];
  /** Signed out unless given (FakeAuth.signedIn() for a signed-in person). */
  auth?: AuthClient;
  /** Navigation state of the first entry (e.g. a sign-out started inside the app). */
  state?: unknown;
  /** A query client the test reaches (as the hub writes into it); a fresh one unless given. */
  queryClient?: QueryClient;
}

/**
 * Renders the real route tree (or the given routes) at a URL, inside the app's providers, as the app starts:
 * the spinner until the first page's modules and texts are there. `router.state` tells where it is.
 */
export function renderApp(
  url: string,
  { routes = appRoutes, auth = new FakeAuth(), state, queryClient = createQueryClient() }: RenderOptions = {},
) {
  const history = UNSAFE_createMemoryHistory({
    initialEntries: [{ ...splitUrl(url), state }],
    v5Compat: true,
  });
  const objects = toRouteObjects(routes);
  let initialized = false;
  // As the data router reported it: the location on screen, not the one a navigation is loading.
  let shown = { action: history.action, location: history.location };
  const onShown = (action: NavigationType, location: Location) => {
    shown = { action, location };
  };
  const ready = Promise.all([prepareFirstPage(history, objects), preparePage(history.location)]).then(() => {
    initialized = true;
  });
  const router = {
    get state() {
      return { location: shown.location, historyAction: shown.action, initialized };
    },
  };
  const result = render(
    <Providers queryClient={queryClient} auth={auth}>
      <WhenReady ready={ready}>
        <AppRouter
          history={history}
          routes={objects}
          prepare={preparePage}
          renderError={renderRouteError}
          onShown={onShown}
        />
      </WhenReady>
    </Providers>,
  );
  return { ...result, router, auth, queryClient };
}

/** The spinner until `ready` settles (as index.html's frame shows until the app's first render). */
function WhenReady({ ready, children }: { ready: Promise<void>; children: ReactNode }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    let live = true;
    // Synchronously: the first page's effects (its listeners: resize, storage) run in the same task as its
    // commit, so a test that finds an element and then fires an event does not race React's scheduler.
    void ready.then(() => {
      if (live) flushSync(() => setDone(true));
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return done ? children : <PageSpinner />;
}

function splitUrl(url: string) {
  const parsed = new URL(url, 'http://localhost:3000');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}

/** Sets the width that `document.documentElement.clientWidth` reports (jsdom reports 0). */
export function setClientWidth(width: number): void {
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: width });
}
