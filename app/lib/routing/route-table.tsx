import { type ComponentType, type ReactElement, use } from 'react';
import { type Location, matchRoutes, Navigate, type RouteObject } from 'react-router';

// The route table of the app, in react-router's declarative mode (`useRoutes`), with the part of the data
// router the portal relied on written again in a few lines: lazy routes whose modules download side by side
// before a navigation shows the new page (preloadRoutes), and index routes that send elsewhere. The data
// router itself is 16 KB more on every first load (docs/decisions.md).

/** What a lazy route's module gives: a component, or an element when the page needs props. */
export interface RouteModule {
  Component?: ComponentType;
  element?: ReactElement | null;
}

/** One route of the table. With neither `Component`, `element` nor `lazy`, it renders its children. */
export interface AppRoute {
  id?: string;
  path?: string;
  index?: boolean;
  Component?: ComponentType;
  element?: ReactElement | null;
  /** The route's module, downloaded beside those of the other matched routes when a navigation starts. */
  lazy?: () => Promise<RouteModule>;
  /** An index route that replaces its address with this one. */
  redirect?: string;
  children?: AppRoute[];
}

/** A promise that says how it settled, so that `use` reads a settled one without suspending. */
type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** A lazy route's module: loaded once; a failed download is tried again by the next navigation to it. */
class LazyModule {
  private promise: Tracked<RouteModule> | undefined;
  private readonly load: () => Promise<RouteModule>;

  constructor(load: () => Promise<RouteModule>) {
    this.load = load;
  }

  /** The download under way or done (started on first use). */
  current(): Tracked<RouteModule> {
    return this.promise ?? this.start();
  }

  /** As `current`, but starts again after a failure (a navigation asks: the network may be back). */
  preload(): Tracked<RouteModule> {
    return this.promise?.status === 'rejected' ? this.start() : this.current();
  }

  private start(): Tracked<RouteModule> {
    const promise: Tracked<RouteModule> = this.load();
    promise.status = 'pending';
    promise.then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
      },
    );
    this.promise = promise;
    return promise;
  }
}

/** Renders a lazy route's module: at once when it is there (the navigation waited for it), else suspends. */
function LazyRoute({ module }: { module: LazyModule }) {
  const { Component, element } = use<RouteModule>(module.current() as Promise<RouteModule>);
  return Component ? <Component /> : (element ?? null);
}

interface RouteHandle {
  module?: LazyModule;
  redirect?: string;
}

/** What a route renders (undefined: its children, through react-router's outlet). */
function elementOf(route: AppRoute, module: LazyModule | undefined): ReactElement | null | undefined {
  if (route.redirect !== undefined) return <Navigate to={route.redirect} replace />;
  if (module) return <LazyRoute module={module} />;
  if (route.Component) return <route.Component />;
  return route.element;
}

const converted = new WeakMap<AppRoute, RouteObject>();

/** The table as react-router's route objects (each route converted once, so its element keeps its identity). */
export function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return routes.map((route) => {
    const known = converted.get(route);
    if (known) return known;
    const module = route.lazy ? new LazyModule(route.lazy) : undefined;
    const handle: RouteHandle = { module, redirect: route.redirect };
    const element = elementOf(route, module);
    const object: RouteObject = route.index
      ? { id: route.id, index: true, element, handle }
      : {
          id: route.id,
          path: route.path,
          element,
          handle,
          children: route.children ? toRouteObjects(route.children) : undefined,
        };
    converted.set(route, object);
    return object;
  });
}

/**
 * Downloads the modules of every route that `location` matches, side by side; settles when all are there
 * (or one failed: the page then shows the route error).
 */
export async function preloadRoutes(
  routes: RouteObject[],
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.allSettled(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.module?.preload()),
  );
}

/** Where a redirecting index route sends `location`, if it matches one (the router replaces it before showing anything). */
export function redirectOf(
  routes: RouteObject[],
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
): string | undefined {
  return (matchRoutes(routes, location)?.at(-1)?.route.handle as RouteHandle | undefined)?.redirect;
}
