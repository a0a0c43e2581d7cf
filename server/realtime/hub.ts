import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server } from 'socket.io';
import { HUB_PATH, type HubHandshake, type ServerToClientEvents } from '#shared/realtime.ts';
import type { DB } from '../db/schema.ts';
import { isMember } from '../policies/membership.ts';
import type { TokenVerifier } from '../security/access-tokens.ts';
import type { HubEventName } from '../services/hub-events.ts';
import { advisoryEventHandlers } from './advisory-events.ts';
import { type Connections, createConnections } from './connections.ts';
import { createDelivery, type EventHandler } from './delivery.ts';
import { createEventQueue } from './event-queue.ts';
import { createExclusionCache } from './exclusions.ts';
import { levelEventHandlers } from './level-events.ts';
import { mediaEventHandlers } from './media-events.ts';
import { onchainEventHandlers } from './onchain-events.ts';
import { reactionEventHandlers } from './reaction-events.ts';
import { ADMINS, type HubServer, keyRoom, localSockets, userRoom } from './sockets.ts';

const SWEEP_EVERY_MS = 5_000;

export type Hub = {
  io: HubServer;
  /**
   * Registers how an event reaches people (one handler per event name). A section adds its events to
   * HubEventPayloads (services/hub-events.ts), records them in its transactions, and registers here.
   */
  on<N extends HubEventName>(name: N, handler: EventHandler<N>): void;
  /** Fans out events recorded by a committed transaction (each event is published once, by one process). */
  publish(eventIds: number[]): Promise<void>;
  /** What the timer does every few seconds: publish left-behind events, purge old ones, drop expired members. */
  sweep(): Promise<void>;
  /** Deletes published events older than a day (the sweep does it every ten minutes). */
  purge(): Promise<void>;
  /**
   * An ephemeral event about one trader key (not stored, no event id: a reconnecting client fetches a
   * snapshot): to the key's room except the people the database no longer lets receive it (the same
   * exclusions as its strategies), and to the administrators, once each.
   */
  emitToKey<E extends keyof ServerToClientEvents>(
    keyId: number,
    event: E,
    ...payload: Parameters<ServerToClientEvents[E]>
  ): Promise<void>;
  /**
   * Tells every process (this one included, the others through the shared adapter) to look at a trader key
   * now: a check of it was asked for, and the process that follows it answers.
   */
  nudgeKey(keyId: number): void;
  /** What this process does when a key is nudged (its trader sync worker looks at the key). */
  onKeyNudge(handler: (keyId: number) => void): void;
  close(): Promise<void>;
};

/**
 * The real-time hub at /AdvisoryHub (socket.io). The access token comes in the handshake's auth,
 * browsers must come from our own origin, and every delivery is checked against the database at that
 * moment. With REDIS_URL, processes share fan-out through Redis Streams.
 *
 * Its parts: connections.ts (welcome, replay, rooms, re-checks), catch-up.ts (going live without gaps or
 * repeats), delivery.ts (the handler registry), advisory-events.ts (who receives each of the portal's
 * events), event-queue.ts (publish, claim, sweep, purge).
 */
export function createHub(options: {
  server: import('node:http').Server;
  db: Kysely<DB>;
  verify: TokenVerifier;
  publicUrl: string;
  redisUrl: string | undefined;
  log: FastifyBaseLogger;
  /** How often the sweep runs by itself (0: never; `sweep()` still runs it). */
  sweepEveryMs?: number;
}): Hub {
  const { db, log } = options;
  const origin = new URL(options.publicUrl).origin;
  const io: HubServer = new Server(options.server, {
    path: HUB_PATH,
    serveClient: false,
    // Browsers always send Origin: only our own is accepted. Clients that are not browsers send none.
    allowRequest: (req, callback) => {
      const given = req.headers.origin;
      callback(null, given === undefined || given === origin);
    },
  });

  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    redis.on('error', (error) => log.warn({ err: error.message }, 'redis connection problem (hub fan-out)'));
    io.adapter(createAdapter(redis));
  }
  const clustered = redis !== undefined;

  const exclusions = createExclusionCache(db);
  const delivery = createDelivery({
    db,
    io,
    log,
    clustered,
    exclusions,
    connections: () => connections,
  });
  const { deliver } = delivery;
  for (const [name, handler] of Object.entries({
    ...advisoryEventHandlers,
    ...levelEventHandlers,
    ...mediaEventHandlers,
    ...onchainEventHandlers,
    ...reactionEventHandlers,
  }))
    delivery.on(name as HubEventName, handler as EventHandler<HubEventName>);
  const connections: Connections = createConnections({ db, io, log, clustered, deliver });
  const queue = createEventQueue({
    db,
    log,
    deliver,
    sweepAlso: [
      {
        // Memberships that ran out while connected write nothing: the sweep notices them.
        name: 'expired memberships',
        run: async () => {
          const expired = localSockets(io).filter(
            (s) => isMember(s.data.principal) && !isMember(s.data.principal, Date.now()),
          );
          for (const socket of expired) socket.disconnect(true);
        },
      },
    ],
  });

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as Partial<HubHandshake>;
    if (typeof auth.token !== 'string' || auth.token.length === 0) return next(new Error('unauthorized'));
    const check = await Promise.resolve(options.verify(auth.token)).catch(() => ({
      ok: false as const,
      reason: 'invalid' as const,
    }));
    if (!check.ok) return next(new Error('unauthorized'));
    socket.data.principal = check.principal;
    socket.data.token = auth.token;
    next();
  });

  io.on('connection', (socket) => {
    const lastEventId = Number((socket.handshake.auth as Partial<HubHandshake>).lastEventId ?? 0);
    void connections.welcome(socket, Number.isFinite(lastEventId) ? lastEventId : 0);
  });

  // What another process asks of this one's connections (only with a shared adapter).
  io.on('resend' as never, (userId: string, keyId: number, subscribed: boolean) => {
    if (!subscribed) for (const socket of localSockets(io, userId)) socket.leave(keyRoom(keyId));
    void connections.resend(userId).catch((error) => log.error({ err: error }, 'hub: resend failed'));
  });
  io.on('recheck' as never, (userIds: string[] | 'all') => {
    void connections.recheck(userIds).catch((error) => log.error({ err: error }, 'hub: recheck failed'));
  });

  const keyNudged: ((keyId: number) => void)[] = [];
  const nudged = (keyId: unknown) => {
    if (typeof keyId !== 'number' || !Number.isSafeInteger(keyId)) return;
    for (const handler of keyNudged) handler(keyId);
  };
  io.on('keyNudge' as never, nudged);

  const sweepEvery = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  const timer = sweepEvery > 0 ? setInterval(() => void queue.sweep(), sweepEvery) : undefined;
  timer?.unref();

  return {
    io,
    on: delivery.on,
    publish: queue.publish,
    sweep: queue.sweep,
    purge: queue.purge,
    async emitToKey(keyId, event, ...payload) {
      const excluded = await exclusions([keyId]);
      io.to(keyRoom(keyId))
        .except([ADMINS, ...excluded.map(userRoom)])
        .emit(event, ...payload);
      io.to(ADMINS).emit(event, ...payload);
    },
    nudgeKey(keyId) {
      nudged(keyId);
      if (clustered) io.serverSideEmit('keyNudge' as never, keyId as never);
    },
    onKeyNudge(handler) {
      keyNudged.push(handler);
    },
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      redis?.disconnect();
    },
  };
}
