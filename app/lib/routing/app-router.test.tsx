import { act, render, screen } from '@testing-library/react';
import { Link, Outlet, UNSAFE_createMemoryHistory, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRouter, usePendingLocation } from './app-router.tsx';
import { type AppRoute, preloadRoutes, type RouteModule, toRouteObjects } from './route-table.tsx';

/** A module download the test settles by hand, and how many times it was asked for. */
function deferredModule(Component: () => React.ReactElement) {
  const calls: { resolve: (module: RouteModule) => void; reject: (error: unknown) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<RouteModule>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return {
    load,
    resolve: () => calls.at(-1)?.resolve({ Component }),
    reject: (error: unknown) => calls.at(-1)?.reject(error),
  };
}

function Where() {
  const location = useLocation();
  const pending = usePendingLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search}
      {pending ? ` -> ${pending.pathname}${pending.search}` : ''}
    </p>
  );
}

function Layout() {
  return (
    <main>
      <Where />
      <Link to="/second">second</Link>
      <Outlet />
    </main>
  );
}

function FirstPage() {
  return <h1>first page</h1>;
}

function SecondPage() {
  return <h1>second page</h1>;
}

function SlowPage() {
  return <h1>slow page</h1>;
}

function QuickPage() {
  return <h1>quick page</h1>;
}

function InfoPage() {
  return <h1>info</h1>;
}

const renderError = (error: unknown) => <p data-testid="route-error">{String(error)}</p>;

function start(routes: AppRoute[], url = '/first') {
  const history = UNSAFE_createMemoryHistory({ initialEntries: [url], v5Compat: true });
  const objects = toRouteObjects(routes);
  render(<AppRouter history={history} routes={objects} renderError={renderError} />);
  return { history };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the app router', () => {
  it('keeps the current page until every matched module of the next one is there, fetching them side by side', async () => {
    const layout = deferredModule(Layout);
    const page = deferredModule(SecondPage);
    const routes: AppRoute[] = [
      {
        path: '/',
        lazy: layout.load,
        children: [
          { path: 'first', Component: FirstPage },
          { path: 'second', lazy: page.load },
        ],
      },
    ];
    const history = UNSAFE_createMemoryHistory({ initialEntries: ['/first'], v5Compat: true });
    const objects = toRouteObjects(routes);
    const first = preloadRoutes(objects, history.location);
    expect(layout.load).toHaveBeenCalledOnce();
    layout.resolve();
    await first;
    const shown: string[] = [];
    render(
      <AppRouter
        history={history}
        routes={objects}
        renderError={renderError}
        onShown={(_action, location) => shown.push(location.pathname + location.search)}
      />,
    );
    expect(screen.getByRole('heading', { name: 'first page' })).toBeInTheDocument();

    act(() => history.push('/second?tab=2'));
    // Both downloads started at once: the page's did not wait for the layout's.
    expect(page.load).toHaveBeenCalledOnce();
    expect(screen.getByRole('heading', { name: 'first page' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/first -> /second?tab=2');

    await act(async () => page.resolve());
    expect(await screen.findByRole('heading', { name: 'second page' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/second\?tab=2$/);
    expect(shown).toEqual(['/first', '/second?tab=2']);
  });

  it('waits for what the page needs besides its code, and shows only the last of overlapping navigations', async () => {
    let finishTexts: () => void = () => undefined;
    const prepare = vi.fn((location: { pathname: string }) =>
      location.pathname === '/slow' ? new Promise<void>((resolve) => (finishTexts = resolve)) : undefined,
    );
    const history = UNSAFE_createMemoryHistory({ initialEntries: ['/first'], v5Compat: true });
    const routes = toRouteObjects([
      {
        path: '/',
        Component: Layout,
        children: [
          { path: 'first', Component: FirstPage },
          { path: 'slow', Component: SlowPage },
          { path: 'quick', Component: QuickPage },
        ],
      },
    ]);
    render(<AppRouter history={history} routes={routes} prepare={prepare} renderError={renderError} />);

    act(() => history.push('/slow'));
    expect(screen.getByRole('heading', { name: 'first page' })).toBeInTheDocument();
    act(() => history.push('/quick'));
    expect(await screen.findByRole('heading', { name: 'quick page' })).toBeInTheDocument();
    await act(async () => finishTexts());
    expect(screen.getByRole('heading', { name: 'quick page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'slow page' })).not.toBeInTheDocument();
  });

  it('replaces the address of a redirecting index route', async () => {
    const { history } = start(
      [
        {
          path: '/',
          Component: Layout,
          children: [
            {
              path: 'personal',
              children: [
                { index: true, redirect: '/personal/info' },
                { path: 'info', Component: InfoPage },
              ],
            },
          ],
        },
      ],
      '/personal',
    );
    expect(await screen.findByRole('heading', { name: 'info' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/personal/info');
    expect(history.action).toBe('REPLACE');
  });

  it('shows the route error when a page cannot be downloaded, and tries again on the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const page = deferredModule(SecondPage);
    const { history } = start([
      {
        path: '/',
        Component: Layout,
        children: [
          { path: 'first', Component: FirstPage },
          { path: 'second', lazy: page.load },
        ],
      },
    ]);
    act(() => history.push('/second'));
    await act(async () => page.reject(new Error('Failed to fetch dynamically imported module')));
    expect(await screen.findByTestId('route-error')).toHaveTextContent('Failed to fetch');

    act(() => history.push('/first'));
    expect(await screen.findByRole('heading', { name: 'first page' })).toBeInTheDocument();
    act(() => history.push('/second'));
    expect(page.load).toHaveBeenCalledTimes(2);
    await act(async () => page.resolve());
    expect(await screen.findByRole('heading', { name: 'second page' })).toBeInTheDocument();
  });

  it('returns to the scroll position of an entry on back and forward, and starts new pages at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { history } = start([
      {
        path: '/',
        Component: Layout,
        children: [
          { path: 'first', Component: FirstPage },
          { path: 'second', Component: SecondPage },
        ],
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'first page' })).toBeInTheDocument();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 640 });
    scrollTo.mockClear();

    act(() => history.push('/second'));
    expect(await screen.findByRole('heading', { name: 'second page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
    act(() => history.go(-1));
    expect(await screen.findByRole('heading', { name: 'first page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });
});
