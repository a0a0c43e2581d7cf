import type { QueryClient } from '@tanstack/react-query';
import type { LevelCrossedPayload, WithEventId } from '#shared/realtime.ts';
import type { MediaItem } from '#shared/schemas/media.ts';
import type { TraderLiveChangedPayload } from '#shared/schemas/trading.ts';
import { accountKeys } from '../account.ts';
import type { ArrivedAdvisory } from './hub-cache.ts';
import {
  type HubConnection,
  type HubConnectionOptions,
  type HubStatus,
  openHubConnection,
} from './hub-connection.ts';
import { hubCacheHandlers, refreshTraderLive } from './hub-sync.ts';

// One hub connection per tab. The public and admin layouts each mount the connection; leaving one for the
// other releases and re-acquires it in the same commit, so a short grace period keeps the socket open.

const RELEASE_GRACE_MS = 2000;

export interface HubLeaseOptions {
  queryClient: QueryClient;
  sub: string;
  getToken(): Promise<string | null>;
  /** For tests: the socket factory and retry delays. */
  connection?: Pick<HubConnectionOptions, 'createSocket' | 'retryDelay'>;
}

interface ActiveHub {
  queryClient: QueryClient;
  sub: string;
  connection: HubConnection;
  leases: number;
  releaseTimer: ReturnType<typeof setTimeout> | undefined;
  retire(): void;
}

let active: ActiveHub | null = null;
let status: HubStatus = 'closed';
const statusListeners = new Set<() => void>();
const arrivalListeners = new Set<(arrived: ArrivedAdvisory[]) => void>();
const traderLiveListeners = new Set<(change: TraderLiveChangedPayload) => void>();
const crossingListeners = new Set<(crossing: WithEventId<LevelCrossedPayload>) => void>();
const importantMediaListeners = new Set<(items: MediaItem[]) => void>();
/** Symbols whose live price a page wants, with how many ask (kept across connections). */
const marketWatches = new Map<string, number>();

function setStatus(next: HubStatus) {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function closeActive() {
  if (!active) return;
  clearTimeout(active.releaseTimer);
  active.retire();
  active.connection.close();
  active = null;
  setStatus('closed');
}

/** Opens (or shares) the connection for a signed-in person; the returned function gives it back. */
export function acquireHub(options: HubLeaseOptions): () => void {
  if (active && (active.sub !== options.sub || active.queryClient !== options.queryClient)) closeActive();
  if (!active) {
    const { queryClient, sub } = options;
    // Status reports of a connection that was replaced must not overwrite the current one's.
    let current = true;
    const connection = openHubConnection({
      getToken: options.getToken,
      handlers: hubCacheHandlers({
        queryClient,
        sub,
        onArrived: (arrived) => {
          for (const listener of arrivalListeners) listener(arrived);
        },
        onTraderLive: (change) => {
          for (const listener of traderLiveListeners) listener(change);
        },
        onLevelCrossed: (crossing) => {
          for (const listener of crossingListeners) listener(crossing);
        },
        onImportantMedia: (items) => {
          for (const listener of importantMediaListeners) listener(items);
        },
      }),
      onStatus: (next) => {
        if (!current) return;
        setStatus(next);
        // Live trading changes are not replayed: what was missed while disconnected comes with a new snapshot.
        if (next === 'connected') void refreshTraderLive(queryClient, sub);
      },
      // Membership or session changed on the server: re-read the profile so guards and menus follow.
      onServerDisconnect: () => void queryClient.invalidateQueries({ queryKey: accountKeys.info(sub) }),
      markets: () => marketWatches.keys(),
      ...options.connection,
    });
    active = {
      queryClient,
      sub,
      connection,
      leases: 0,
      releaseTimer: undefined,
      retire: () => {
        current = false;
      },
    };
  }
  const hub = active;
  hub.leases++;
  clearTimeout(hub.releaseTimer);
  hub.releaseTimer = undefined;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    hub.leases--;
    if (hub.leases > 0 || active !== hub) return;
    hub.releaseTimer = setTimeout(() => {
      if (active === hub && hub.leases === 0) closeActive();
    }, RELEASE_GRACE_MS);
  };
}

/** Closes the connection at once (sign-out). */
export function closeHub(): void {
  closeActive();
}

export function hubStatus(): HubStatus {
  return status;
}

export function subscribeHubStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

/** Listens for new or edited strategies pushed by the hub. */
export function onAdvisoriesArrived(listener: (arrived: ArrivedAdvisory[]) => void): () => void {
  arrivalListeners.add(listener);
  return () => arrivalListeners.delete(listener);
}

/** Listens for changes of traders' accounts pushed by the hub (each once, in the order received). */
export function onTraderLiveChanged(listener: (change: TraderLiveChangedPayload) => void): () => void {
  traderLiveListeners.add(listener);
  return () => traderLiveListeners.delete(listener);
}

/** Listens for the live price crossing a level of a set the member watches (each crossing once). */
export function onLevelCrossed(listener: (crossing: WithEventId<LevelCrossedPayload>) => void): () => void {
  crossingListeners.add(listener);
  return () => crossingListeners.delete(listener);
}

/** Listens for important media items as they arrive (newest first; each read's once). */
export function onImportantMedia(listener: (items: MediaItem[]) => void): () => void {
  importantMediaListeners.add(listener);
  return () => importantMediaListeners.delete(listener);
}

/**
 * Asks for a symbol's live price (MarketPrice, written into hubKeys.marketPrice) while a page shows a chart
 * of it; the returned function says it is no longer wanted. Asked again after every reconnection.
 */
export function watchMarketPrice(symbol: string): () => void {
  const count = marketWatches.get(symbol) ?? 0;
  marketWatches.set(symbol, count + 1);
  if (count === 0) active?.connection.market(symbol, true);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const left = (marketWatches.get(symbol) ?? 1) - 1;
    if (left > 0) {
      marketWatches.set(symbol, left);
      return;
    }
    marketWatches.delete(symbol);
    active?.connection.market(symbol, false);
  };
}
