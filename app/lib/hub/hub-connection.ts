import type { ClientToServerEvents, HubHandshake, ServerToClientEvents } from '#shared/realtime.ts';
import { HUB_EVENTS, HUB_PATH } from '#shared/realtime-names.ts';
import { createHubSocket, type HubSocketClient, type HubSocketOptions } from './hub-socket.ts';

// The socket.io connection to /AdvisoryHub (DESIGN §5), through our own small client (hub-socket.ts: the
// same protocol, over WebSocket only), which only signed-in pages load. The handshake's auth is a function,
// so every (re)connection sends the current access token and the id of the last event seen; the server then
// replays what was missed or sends a fresh snapshot.

export type HubSocket = HubSocketClient<ServerToClientEvents, ClientToServerEvents>;
export type { HubSocketOptions };
export type HubEventName = keyof ServerToClientEvents;
export type HubPayload<K extends HubEventName> = Parameters<ServerToClientEvents[K]>[0];
export type HubHandlers = { [K in HubEventName]: (payload: HubPayload<K>) => void };

/** connecting: first attempt; connected; reconnecting: lost or refused, trying again; closed: stopped. */
export type HubStatus = 'connecting' | 'connected' | 'reconnecting' | 'closed';

export interface HubConnectionOptions {
  /** The current access token (renewed when about to expire); null when signed out. */
  getToken(): Promise<string | null>;
  handlers: HubHandlers;
  onStatus?(status: HubStatus): void;
  /** The server closed the connection: the person's access changed (roles, expiry, session). */
  onServerDisconnect?(): void;
  /** Makes the socket (tests: a fake); by default our socket.io client's (hub-socket.ts). */
  createSocket?(options: HubSocketOptions): HubSocket;
  /** Delay before asking again after the server refused or closed the connection. */
  retryDelay?(attempt: number): number;
  /** The symbols whose live prices are wanted now: asked for again on every (re)connection. */
  markets?(): Iterable<string>;
}

export interface HubConnection {
  close(): void;
  status(): HubStatus;
  lastEventId(): number;
  /** Starts or stops the live price of a symbol (sent at once when connected, else on connecting). */
  market(symbol: string, watch: boolean): void;
}

/** 1 s, 2 s, 4 s ... up to 30 s. */
export function defaultRetryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}

type SocketFactory = (options: HubSocketOptions) => HubSocket;

export function openHubConnection(options: HubConnectionOptions): HubConnection {
  const retryDelay = options.retryDelay ?? defaultRetryDelay;
  let lastEventId = 0;
  let status: HubStatus = 'connecting';
  let closed = false;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let socket: HubSocket | undefined;

  const setStatus = (next: HubStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };

  /** socket.io does not retry by itself after the server refused or closed the connection. */
  const retry = (again: () => void) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      if (!closed) again();
    }, retryDelay(attempts++));
  };

  function start(createSocket: SocketFactory) {
    if (closed) return;
    const connection = createSocket({
      path: HUB_PATH,
      transports: ['websocket'],
      autoConnect: false,
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 10_000,
      auth: (callback: (data: HubHandshake) => void) => {
        options.getToken().then(
          (token) => callback({ token: token ?? '', lastEventId }),
          () => callback({ token: '', lastEventId }),
        );
      },
    });
    socket = connection;
    const connectAgain = () => connection.connect();

    function listen<K extends HubEventName>(name: K) {
      const listener = (payload: HubPayload<K>) => {
        options.handlers[name](payload);
        // Stored events carry their id; live trading changes are not stored (ordered by their own seq).
        if ('eventId' in payload && payload.eventId > lastEventId) lastEventId = payload.eventId;
      };
      // The typed `on` cannot relate a generic event name to its listener.
      connection.on(name, listener as never);
    }
    for (const name of Object.values(HUB_EVENTS)) listen(name);

    connection.on('connect', () => {
      attempts = 0;
      // The server forgets what a connection watched: ask again for every price still wanted.
      for (const symbol of options.markets?.() ?? []) connection.emit('WatchMarket', symbol);
      setStatus('connected');
    });
    connection.on('disconnect', (reason) => {
      if (closed) return;
      setStatus('reconnecting');
      if (reason === 'io server disconnect') {
        // Access changed: start again from a whole snapshot of what the person may see now.
        lastEventId = 0;
        options.onServerDisconnect?.();
        retry(connectAgain);
      }
    });
    connection.on('connect_error', () => {
      if (closed) return;
      setStatus('reconnecting');
      // Refused by the server (an expired token, say): ask again, with a fresh token.
      if (!connection.active) retry(connectAgain);
    });

    connection.connect();
  }

  options.onStatus?.(status);
  start(options.createSocket ?? createHubSocket);

  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      socket?.removeAllListeners();
      socket?.disconnect();
      setStatus('closed');
    },
    status: () => status,
    lastEventId: () => lastEventId,
    market(symbol, watch) {
      if (!closed && socket?.connected) socket.emit(watch ? 'WatchMarket' : 'UnwatchMarket', symbol);
    },
  };
}
