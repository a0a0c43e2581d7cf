import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { AuthClient } from '../lib/auth/auth-service.ts';
import { createQueryClient, Providers } from '../providers.tsx';
import { routes as appRoutes } from '../router.tsx';
import { FakeAuth } from './fake-auth.ts';

interface RenderOptions {
  routes?: RouteObject[];
  /** Signed out unless given (FakeAuth.signedIn() for a signed-in person). */
  auth?: AuthClient;
  /** Navigation state of the first entry (e.g. a sign-out started inside the app). */
  state?: unknown;
}

/** Renders the real route tree (or the given routes) at a URL, inside the app's providers. */
export function renderApp(
  url: string,
  { routes = appRoutes, auth = new FakeAuth(), state }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [{ ...splitUrl(url), state }] });
  const result = render(
    <Providers queryClient={createQueryClient()} auth={auth}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router, auth };
}

function splitUrl(url: string) {
  const parsed = new URL(url, 'http://localhost:3000');
  return { pathname: parsed.pathname, search: parsed.search, hash: parsed.hash };
}

/** Sets the width that `document.documentElement.clientWidth` reports (jsdom reports 0). */
export function setClientWidth(width: number): void {
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: width });
}
