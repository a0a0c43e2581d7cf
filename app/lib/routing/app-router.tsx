import {
  Component,
  createContext,
  type ReactNode,
  startTransition,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  type Location,
  NavigationType,
  type RouteObject,
  Router,
  type UNSAFE_createBrowserHistory,
  useRoutes,
} from 'react-router';
import { preloadRoutes, redirectOf } from './route-table.tsx';

/** A browser or memory history of react-router (`UNSAFE_createBrowserHistory` / `UNSAFE_createMemoryHistory`). */
export type AppHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

const PendingLocation = createContext<Location | null>(null);

/** Where a navigation under way goes while its page downloads (null when none is). */
export function usePendingLocation(): Location | null {
  return useContext(PendingLocation);
}

interface AppRouterProps {
  history: AppHistory;
  routes: RouteObject[];
  /** What else a page needs before it shows (its texts); awaited beside the routes' modules. */
  prepare?: (location: Location) => Promise<unknown> | undefined;
  /** What a route that fails to render shows (the route error page). */
  renderError: (error: unknown) => ReactNode;
  /** Told each location the router shows, once it is on screen. */
  onShown?: (action: NavigationType, location: Location) => void;
}

/**
 * The router: as react-router's `BrowserRouter`, but a navigation keeps the current page on screen until
 * the next one's modules (and texts) are there, says where it is going meanwhile (usePendingLocation), and
 * scroll positions are restored on back and forward and reset on new pages.
 */
export function AppRouter({ history, routes, prepare, renderError, onShown }: AppRouterProps) {
  const [state, setState] = useState({ action: history.action, location: history.location });
  const [pending, setPending] = useState<Location | null>(null);
  const shown = useRef(state.location);
  shown.current = state.location;

  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const target = redirectOf(routes, location);
      if (target !== undefined) {
        history.replace(target);
        return;
      }
      scrollPositions.set(shown.current.key, window.scrollY);
      const navigation = ++latest;
      setPending(location);
      void Promise.all([preloadRoutes(routes, location), prepare?.(location)])
        .catch(() => undefined)
        .then(() => {
          if (navigation !== latest) return;
          startTransition(() => {
            setPending(null);
            setState({ action, location });
          });
        });
    });
  }, [history, routes, prepare]);

  useScrollRestoration(state.action, state.location);
  useLayoutEffect(() => {
    onShown?.(state.action, state.location);
  }, [onShown, state]);

  return (
    <PendingLocation value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        <RouteErrorBoundary locationKey={state.location.key} renderError={renderError}>
          <Routes routes={routes} />
        </RouteErrorBoundary>
      </Router>
    </PendingLocation>
  );
}

/**
 * Before the first render: follows a redirecting index route at the address the app opens with, and
 * downloads the first page's modules. Resolves when the router can show the page whole.
 */
export function prepareFirstPage(history: AppHistory, routes: RouteObject[]): Promise<void> {
  const target = redirectOf(routes, history.location);
  if (target !== undefined) history.replace(target);
  return preloadRoutes(routes, history.location);
}

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

interface BoundaryProps {
  locationKey: string;
  renderError: (error: unknown) => ReactNode;
  children: ReactNode;
}

/**
 * Catches what a page throws (a file gone after a deploy); the next navigation tries again. React reports
 * what it catches to the root's `onCaughtError` (app.tsx).
 */
class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; locationKey: string }> {
  override state = { error: undefined as unknown, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('A page failed without an error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; locationKey: string }) {
    return props.locationKey === state.locationKey
      ? null
      : { error: undefined, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.renderError(this.state.error);
  }
}

/** Whether a page failed because its code could not be downloaded (the route error offers a reload). */
export function isModuleDownloadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

// Scroll positions by history entry, kept across reloads of the tab as the browser would.
const SCROLL_STORAGE_KEY = 'portal-scroll-positions';
const scrollPositions = new Map<string, number>(readSavedPositions());

function readSavedPositions(): [string, number][] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  } catch {
    return [];
  }
}

/** Back and forward (and a reload) return to where the page was scrolled; other navigations start at the top or at their #anchor. */
function useScrollRestoration(action: NavigationType, location: Location) {
  useLayoutEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const save = () => {
      scrollPositions.set(location.key, window.scrollY);
      try {
        sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(Object.fromEntries(scrollPositions)));
      } catch {
        // Storage full or refused: positions are only kept for this page's life.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = action === NavigationType.Pop ? scrollPositions.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [action, location]);
}
