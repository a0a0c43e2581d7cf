import type { HubHandshake } from '#shared/realtime.ts';
import type { HubSocket, HubSocketOptions } from '../lib/hub/hub-connection.ts';

/** A stand-in for a socket.io client socket: records what the connection does and lets the test play the server. */
export class FakeHubSocket {
  readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  connects = 0;
  disconnects = 0;
  active = true;
  /** Whether the connection counts as up (the tests say, with `fire('connect')`). */
  connected = false;
  /** What the connection sent to the server (WatchMarket, UnwatchMarket), in order. */
  readonly emitted: unknown[][] = [];
  readonly options: HubSocketOptions;
  constructor(options: HubSocketOptions) {
    this.options = options;
  }
  on(event: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  connect() {
    this.connects++;
    return this;
  }
  disconnect() {
    this.disconnects++;
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    this.emitted.push([event, ...args]);
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** The handshake the socket would send now. */
  async handshake(): Promise<HubHandshake> {
    const auth = this.options.auth as (callback: (data: HubHandshake) => void) => void;
    return new Promise((resolve) => auth(resolve));
  }
}

/** A socket factory for openHubConnection / acquireHub that keeps the sockets it made. */
export function fakeSocketFactory() {
  const sockets: FakeHubSocket[] = [];
  return {
    sockets,
    createSocket: (options: HubSocketOptions): HubSocket => {
      const socket = new FakeHubSocket(options);
      sockets.push(socket);
      return socket as unknown as HubSocket;
    },
  };
}
