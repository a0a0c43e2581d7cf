import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HUB_PATH } from '#shared/realtime.ts';
import { FakeHubSocket as FakeSocket } from '../../testing/fake-hub-socket.ts';
import type { ArrivedAdvisory } from './hub-cache.ts';
import { type HubHandlers, type HubSocket, openHubConnection } from './hub-connection.ts';
import { hubKeys } from './hub-keys.ts';
import { hubCacheHandlers } from './hub-sync.ts';

function handlersSpy(): HubHandlers & Record<string, ReturnType<typeof vi.fn>> {
  return {
    LoadAdvisorySub: vi.fn(),
    LoadAdvisory: vi.fn(),
    LoadSystemMessage: vi.fn(),
    ChangeSystemMessage: vi.fn(),
    LoadAdvisoryCount: vi.fn(),
    RemoveAdvisoryCount: vi.fn(),
    AdvisorySubChanged: vi.fn(),
    TraderLiveChanged: vi.fn(),
    LevelSetChanged: vi.fn(),
    LevelCrossed: vi.fn(),
    MarketPrice: vi.fn(),
    MediaItemsAdded: vi.fn(),
    MediaItemChanged: vi.fn(),
    OnchainAlert: vi.fn(),
    OnchainAlertRemoved: vi.fn(),
    AdvisoryReactionChanged: vi.fn(),
  };
}

function open(overrides: { token?: string | null } = {}) {
  let socket: FakeSocket | undefined;
  const handlers = handlersSpy();
  const statuses: string[] = [];
  const onServerDisconnect = vi.fn();
  let token = overrides.token === undefined ? 'token-1' : overrides.token;
  const connection = openHubConnection({
    getToken: async () => token,
    handlers,
    onStatus: (status) => statuses.push(status),
    onServerDisconnect,
    createSocket: (options) => {
      socket = new FakeSocket(options);
      return socket as unknown as HubSocket;
    },
    retryDelay: () => 1000,
  });
  return {
    connection,
    socket: socket!,
    handlers,
    statuses,
    onServerDisconnect,
    setToken: (next: string | null) => {
      token = next;
    },
  };
}

describe('openHubConnection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('connects to /AdvisoryHub over websocket with the token in the handshake, never in the URL', async () => {
    const { socket, statuses } = open();
    expect(socket.options).toMatchObject({ path: HUB_PATH, transports: ['websocket'], autoConnect: false });
    expect(socket.options).not.toHaveProperty('query');
    expect(socket.connects).toBe(1);
    expect(await socket.handshake()).toEqual({ token: 'token-1', lastEventId: 0 });
    socket.fire('connect');
    expect(statuses).toEqual(['connecting', 'connected']);
  });

  it('hands each event to its handler and sends the last event id and the current token when reconnecting', async () => {
    const { socket, handlers, setToken, connection } = open();
    socket.fire('LoadAdvisory', { advisoryDtos: [], replace: true, eventId: 12 });
    socket.fire('ChangeSystemMessage', {
      messagesToUpsert: [],
      popChanges: [],
      rollChanges: [],
      messagesToRemove: [3],
      eventId: 15,
    });
    // A replayed older event never moves the position back.
    socket.fire('LoadAdvisoryCount', { counts: {}, replace: false, eventId: 14 });
    expect(handlers.LoadAdvisory).toHaveBeenCalledWith({ advisoryDtos: [], replace: true, eventId: 12 });
    expect(handlers.ChangeSystemMessage).toHaveBeenCalledTimes(1);
    expect(handlers.LoadAdvisoryCount).toHaveBeenCalledTimes(1);
    expect(connection.lastEventId()).toBe(15);
    setToken('token-2');
    expect(await socket.handshake()).toEqual({ token: 'token-2', lastEventId: 15 });
  });

  it('hands live trading changes on without moving the last event id (they are not stored)', async () => {
    const { socket, handlers, connection } = open();
    socket.fire('LoadSystemMessage', { messages: [], eventId: 7 });
    const change = {
      keyId: 3,
      seq: 12,
      positions: [],
      removedPositions: [],
      orders: [],
      removedOrders: [],
      fills: [],
      closed: [],
      opened: [],
    };
    socket.fire('TraderLiveChanged', change);
    expect(handlers.TraderLiveChanged).toHaveBeenCalledWith(change);
    expect(connection.lastEventId()).toBe(7);
    expect(await socket.handshake()).toEqual({ token: 'token-1', lastEventId: 7 });
  });

  it('starts again from a snapshot after the server closed the connection, and tells about it', async () => {
    const { socket, onServerDisconnect, statuses } = open();
    socket.fire('connect');
    socket.fire('LoadSystemMessage', { messages: [], eventId: 40 });
    socket.fire('disconnect', 'io server disconnect');
    expect(onServerDisconnect).toHaveBeenCalledTimes(1);
    expect(statuses.at(-1)).toBe('reconnecting');
    expect(await socket.handshake()).toEqual({ token: 'token-1', lastEventId: 0 });
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(socket.connects).toBe(2);
  });

  it('leaves ordinary connection losses to socket.io but retries handshakes the server refused', () => {
    const { socket } = open();
    socket.fire('disconnect', 'transport close');
    socket.active = true;
    socket.fire('connect_error', new Error('websocket error'));
    vi.advanceTimersByTime(5000);
    expect(socket.connects).toBe(1);

    socket.active = false;
    socket.fire('connect_error', new Error('unauthorized'));
    vi.advanceTimersByTime(1000);
    expect(socket.connects).toBe(2);
  });

  it('closes for good: no retries, no more events', () => {
    const { socket, connection, handlers, statuses } = open();
    socket.fire('disconnect', 'io server disconnect');
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(socket.connects).toBe(1);
    expect(socket.disconnects).toBe(1);
    socket.fire('LoadAdvisory', { advisoryDtos: [], replace: true, eventId: 1 });
    expect(handlers.LoadAdvisory).not.toHaveBeenCalled();
    expect(connection.status()).toBe('closed');
    expect(statuses.at(-1)).toBe('closed');
  });

  it('sends an empty token when signed out, which the server refuses', async () => {
    const { socket } = open({ token: null });
    expect(await socket.handshake()).toEqual({ token: '', lastEventId: 0 });
  });
});

describe('hubCacheHandlers', () => {
  const advisory = (id: number) => ({
    id,
    title: `Strategy ${id}`,
    content: '<p>x</p>',
    apiKeyArray: [1],
    traders: [{ id: 1, keyName: 'Alpha' }],
    createdTimestamp: new Date(Date.UTC(2025, 1, id)).toISOString(),
  });

  it('writes every event into the signed-in person’s caches and announces pushed strategies', () => {
    const queryClient = new QueryClient();
    const arrived: ArrivedAdvisory[][] = [];
    const handlers = hubCacheHandlers({ queryClient, sub: 'u1', onArrived: (list) => arrived.push(list) });

    handlers.LoadAdvisorySub({
      keys: [
        { id: 2, keyName: 'Beta', subscribed: false },
        { id: 1, keyName: 'Alpha', subscribed: true },
      ],
      eventId: 1,
    });
    handlers.LoadAdvisory({ advisoryDtos: [advisory(1)], replace: true, eventId: 1 });
    handlers.LoadAdvisoryCount({ counts: { 1: { 1: 1, 2: 0, 3: 0 } }, replace: true, eventId: 1 });
    expect(arrived).toEqual([]);

    handlers.LoadAdvisory({ advisoryDtos: [advisory(2)], replace: false, eventId: 2 });
    expect(arrived.map((list) => list.map(({ advisory: a }) => a.id))).toEqual([[2]]);
    expect(queryClient.getQueryData<{ id: number }[]>(hubKeys.advisories('u1'))?.map((a) => a.id)).toEqual([
      2, 1,
    ]);

    handlers.RemoveAdvisoryCount({ advisoryIds: [1], eventId: 3 });
    expect(queryClient.getQueryData<{ id: number }[]>(hubKeys.advisories('u1'))?.map((a) => a.id)).toEqual([
      2,
    ]);
    expect(queryClient.getQueryData(hubKeys.counts('u1'))).toEqual({});

    handlers.AdvisorySubChanged({ key: { id: 2, keyName: 'Beta' }, subscribed: true, eventId: 4 });
    expect(queryClient.getQueryData(hubKeys.subscriptions('u1'))).toEqual([
      { id: 1, keyName: 'Alpha', subscribed: true },
      { id: 2, keyName: 'Beta', subscribed: true },
    ]);

    handlers.LoadSystemMessage({ messages: [], eventId: 5 });
    expect(queryClient.getQueryData(hubKeys.systemMessages('u1'))).toEqual([]);
    // Kept while signed in: the hub keeps them current, nothing refetches or collects them.
    expect(queryClient.getQueryCache().find({ queryKey: hubKeys.advisories('u1') })?.options.gcTime).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});
