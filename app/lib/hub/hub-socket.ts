// A socket.io client for the hub, small enough for every member's page (socket.io's own is 11.6 KB brotli).
// It speaks the same protocol to the same server, over WebSocket only and in text only: Engine.IO v4 (the
// server's handshake `0{...}`, its pings `2` answered `3`, messages `4...`) carrying Socket.IO v5 packets of
// the default namespace (CONNECT `40{auth}`, answered `40{"sid"}` or refused `44{"message","data"}`, EVENT
// `42["name",...args]`, DISCONNECT `41`). It keeps socket.io-client's behaviour where hub-connection.ts relies
// on it: the same options, events, disconnect reasons and `active`, and its reconnection with backoff.
// Not here: long-polling, binary packets, acknowledgements, other namespaces, connection state recovery.

type Listener = (...args: never[]) => void;
/** Event names and their listeners' types (as socket.io's typed sockets take them). */
export type EventsMap = Record<string, Listener>;
/** Any event with any arguments. */
type AnyEvents = Record<string, (...args: unknown[]) => void>;

/** Why a connection ended, in socket.io's words. */
export type DisconnectReason =
  | 'io server disconnect'
  | 'io client disconnect'
  | 'transport close'
  | 'transport error'
  | 'ping timeout';

/** A refusal by the server carries its middleware's error (`message`, and `data` when it set one). */
export type ConnectError = Error & { data?: unknown };

interface ReservedEvents {
  connect: () => void;
  /** After a transport problem the socket connects again by itself; not after the two `io` reasons. */
  disconnect: (reason: DisconnectReason) => void;
  /** Refused by the server (`active` false: connect() again to retry), or could not reach it (retried). */
  connect_error: (error: ConnectError) => void;
}

type ListenerOf<Listen, K> = K extends keyof ReservedEvents
  ? ReservedEvents[K]
  : K extends keyof Listen
    ? Listen[K]
    : never;

type Auth = object | ((callback: (data: object) => void) => void);

export interface HubSocketOptions {
  /** The server's origin (http:, https:, ws: or wss:); by default the page's own. */
  url?: string;
  /** Where the server listens (socket.io's default: /socket.io). */
  path?: string;
  /** Accepted for socket.io's sake: this client uses WebSocket only. */
  transports?: string[];
  /** Connect at once (socket.io's default); false: on connect(). */
  autoConnect?: boolean;
  /** Connect again by itself after a transport problem (default true). */
  reconnection?: boolean;
  /** The first delay before connecting again, doubled at every failed attempt up to the maximum (ms). */
  reconnectionDelay?: number;
  reconnectionDelayMax?: number;
  /** How far a delay may be moved either way, as a share of it, so that clients do not all come back at once. */
  randomizationFactor?: number;
  /** How long the server may take to open the connection (ms). */
  timeout?: number;
  /** Sent in the CONNECT packet; a function is asked again on every (re)connection. */
  auth?: Auth;
}

export class HubSocketClient<Listen extends EventsMap = AnyEvents, Emit extends EventsMap = AnyEvents> {
  /** The server accepted the connection and it is up. */
  connected = false;
  /**
   * Connected, or will connect by itself; false before connect(), after disconnect(), after the server
   * refused (44) or closed (41) the connection, and after any loss with `reconnection: false`: then only
   * connect() tries again.
   */
  active = false;
  private readonly options: HubSocketOptions;
  private readonly url: string;
  private readonly listeners = new Map<string, Listener[]>();
  /** The current WebSocket; those replaced or closed are ignored. */
  private ws: WebSocket | undefined;
  /** The one timer of the current state: opening (its timeout), open (the heartbeat), waiting to reconnect. */
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Failed attempts since the last connection the server opened (the backoff's exponent). */
  private attempts = 0;
  /** How long without a ping before the connection counts as lost: the server's interval and timeout. */
  private pingWindow = 45_000;

  constructor(options: HubSocketOptions = {}) {
    this.options = options;
    const origin = new URL(options.url ?? location.href);
    const path = (options.path ?? '/socket.io').replace(/\/$/, '');
    // As socket.io builds it: ws: for http:, wss: for https:, a trailing slash after the path.
    this.url = `${origin.protocol.replace(/^http/, 'ws')}//${origin.host}${path}/?EIO=4&transport=websocket`;
    if (options.autoConnect !== false) this.connect();
  }

  on<K extends (keyof ReservedEvents | keyof Listen) & string>(
    event: K,
    listener: ListenerOf<Listen, K>,
  ): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as Listener]);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  /**
   * Sends an event when connected. socket.io would keep it and send it on connecting; the hub asks again for
   * what it wants on every connection instead, so here it is dropped (kept, it would be sent twice).
   */
  emit<K extends keyof Emit & string>(event: K, ...args: Parameters<Emit[K]>): this {
    if (this.connected) this.send(`42${JSON.stringify([event, ...args])}`);
    return this;
  }

  connect(): this {
    // Already connected, connecting or waiting to: nothing to add.
    if (!this.active) {
      this.active = true;
      this.open();
    }
    return this;
  }

  disconnect(): this {
    const wasConnected = this.connected;
    // WebSocket's close() sends what was queued first, so the server reads a leave, not a lost connection.
    if (wasConnected) this.send('41');
    this.stop();
    if (wasConnected) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  private open() {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onmessage = (event) => {
      if (ws === this.ws) this.receive(event.data);
    };
    ws.onclose = () => {
      if (ws === this.ws) this.lost('transport close');
    };
    ws.onerror = () => {
      if (ws === this.ws) this.lost('transport error');
    };
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.lost('timeout'), this.options.timeout ?? 20_000);
  }

  /** An Engine.IO packet: its type, then its data. */
  private receive(frame: unknown) {
    // Binary frames carry attachments, which the hub never sends.
    if (typeof frame !== 'string') return;
    const data = frame.slice(1);
    if (frame[0] === '0') this.handshake(data);
    else if (frame[0] === '1') this.lost('transport close');
    else if (frame[0] === '2') {
      this.send('3');
      this.heartbeat();
    } else if (frame[0] === '4') this.packet(data);
  }

  private handshake(data: string) {
    const info = parse(data) as { pingInterval?: unknown; pingTimeout?: unknown } | undefined;
    const pingWindow = Number(info?.pingInterval) + Number(info?.pingTimeout);
    if (!(pingWindow > 0)) return;
    this.pingWindow = pingWindow;
    this.attempts = 0;
    this.heartbeat();
    const ws = this.ws;
    const sendConnect = (auth: object | undefined) => {
      // The auth may come after this connection was lost: it belongs to this one only.
      if (ws === this.ws && !this.connected) this.send(`40${auth == null ? '' : JSON.stringify(auth)}`);
    };
    const auth = this.options.auth;
    if (typeof auth === 'function') (auth as (callback: typeof sendConnect) => void)(sendConnect);
    else sendConnect(auth);
  }

  /** The server pings every pingInterval and expects the pong within pingTimeout: silence is a lost connection. */
  private heartbeat() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.lost('ping timeout'), this.pingWindow);
  }

  /** A Socket.IO packet: its type, an acknowledgement id (unused here), then its JSON data. */
  private packet(packet: string) {
    const body = packet.slice(1).replace(/^\d+/, '');
    const data = body ? parse(body) : undefined;
    // Malformed, or another namespace's (its name comes first: "/admin,"): the hub uses the default one only.
    if (body && data === undefined) return;
    if (packet[0] === '0') {
      if (!this.connected) {
        this.connected = true;
        this.fire('connect');
      }
    } else if (packet[0] === '1') {
      this.stop();
      this.fire('disconnect', 'io server disconnect');
    } else if (packet[0] === '2') {
      // An event without a name, or a name not a string, finds no listener.
      if (Array.isArray(data)) this.fire(...(data as [string]));
    } else if (packet[0] === '4') {
      const refusal = data as { message?: unknown; data?: unknown } | undefined;
      this.stop();
      this.fire('connect_error', Object.assign(new Error(String(refusal?.message)), { data: refusal?.data }));
    }
  }

  /** The connection failed or was lost by the transport: socket.io then connects again after a delay. */
  private lost(reason: DisconnectReason | 'timeout') {
    const wasConnected = this.connected;
    this.drop();
    // Decided before the listeners run: they may read `active`, or call disconnect() or connect().
    if (this.options.reconnection === false) this.active = false;
    else this.timer = setTimeout(() => this.open(), this.delay());
    // A connection that was not up yet did not connect: for its listeners that is a failed attempt.
    if (wasConnected) this.fire('disconnect', reason);
    else this.fire('connect_error', new Error(reason));
  }

  /** socket.io's backoff: the delay doubles at each failed attempt, moved randomly by up to ± the factor. */
  private delay() {
    const { reconnectionDelay = 1000, reconnectionDelayMax = 5000, randomizationFactor = 0.5 } = this.options;
    const delay = reconnectionDelay * 2 ** this.attempts++;
    return Math.min(delay * (1 + randomizationFactor * (2 * Math.random() - 1)), reconnectionDelayMax);
  }

  /** Ends for good until connect(). */
  private stop() {
    this.active = false;
    this.drop();
  }

  private drop() {
    clearTimeout(this.timer);
    const ws = this.ws;
    this.ws = undefined;
    this.connected = false;
    ws?.close();
  }

  private send(text: string) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private fire(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) {
      (listener as (...args: unknown[]) => void)(...args);
    }
  }
}

function parse(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** Makes a hub socket as socket.io's `io(options)` would (same options). */
export function createHubSocket<Listen extends EventsMap = AnyEvents, Emit extends EventsMap = AnyEvents>(
  options: HubSocketOptions,
): HubSocketClient<Listen, Emit> {
  return new HubSocketClient<Listen, Emit>(options);
}
