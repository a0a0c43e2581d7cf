import { io as connect, type Socket } from 'socket.io-client';
import { vi } from 'vitest';
import { type ClientToServerEvents, HUB_PATH, type ServerToClientEvents } from '#shared/realtime.ts';

// A real socket.io client of the hub that records what it receives, and ways to wait for what it receives
// (never for a length of time: to show that something did not arrive, wait for a later event that does).

type HubSocketClient = Socket<ServerToClientEvents, ClientToServerEvents>;
type Received = Array<{ event: string; payload: Record<string, unknown> }>;
export type HubClient = { socket: HubSocketClient; received: Received };

/**
 * Connects to the hub at `base` and records every event it receives, in order. It does not reconnect by
 * itself unless `reconnection` is asked for (as the web app does).
 */
export function hubClient(
  base: string,
  token: string | undefined,
  options: { origin?: string; lastEventId?: number; reconnection?: boolean } = {},
): HubClient {
  const received: Received = [];
  const socket: HubSocketClient = connect(base, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: options.reconnection ?? false,
    auth: {
      ...(token ? { token } : {}),
      ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}),
    },
    ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
  });
  socket.onAny((event, payload) => received.push({ event, payload }));
  return { socket, received };
}

/** Resolves once the socket is connected; rejects if the handshake is refused. */
export function connected(socket: HubSocketClient): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) {
      resolve();
      return;
    }
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

/** The message the handshake was refused with; rejects if the socket connects. */
export function refused(socket: HubSocketClient): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

/** The payloads of the events of one name a client has received so far, in order. */
export const events = (received: Received, name: string) =>
  received.filter((r) => r.event === name).map((r) => r.payload);

/**
 * Waits until `check` gives a value (anything but undefined) and returns it: for an event to arrive or a
 * state to be reached. The timeout is only a safety net for a busy machine, never what a test relies on.
 */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Runs `task` with the clock already past `moment` (ms since the epoch): a membership or token that ends
 * there has run out, without waiting for it and without writing anything. Only Date is faked, and it keeps
 * moving: timers, sockets and the database run as usual.
 */
export async function afterMoment<T>(moment: number, task: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true, now: moment + 1 });
  try {
    return await task();
  } finally {
    vi.useRealTimers();
  }
}

/** Waits until the clock has passed `moment` (ms since the epoch): for a token or membership to run out. */
export async function untilTime(moment: number): Promise<void> {
  while (Date.now() <= moment) await new Promise((r) => setTimeout(r, Math.max(1, moment - Date.now() + 1)));
}
