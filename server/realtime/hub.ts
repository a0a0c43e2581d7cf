import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { Server, type Socket } from 'socket.io';
import {
  type ClientToServerEvents,
  HUB_PATH,
  type HubHandshake,
  type ServerToClientEvents,
} from '#shared/realtime.ts';
import type { DB } from '../db/schema.ts';
import { isAdmin, isMember, type Principal } from '../policies/membership.ts';
import { loadPrincipal, type TokenVerifier } from '../security/access-tokens.ts';
import { type HubEvent, parseHubEvent } from '../services/hub-events.ts';
import {
  advisoryAudience,
  advisoryCounts,
  advisoryDtos,
  entitledKeyIds,
  latestEventId,
  subscribableKeys,
  systemMessageDtos,
} from '../services/signal-access.ts';
import { createExclusionCache } from './exclusions.ts';

type SocketData = { principal: Principal; token: string };
type HubSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type Target = { kind: 'everyone' } | { kind: 'socket'; socket: HubSocket };

const SWEEP_EVERY_MS = 5_000;
/** An event its process has not published this long after committing it is taken over by a sweep. */
const LEFT_BEHIND_MS = 2_000;
/** How long a claim on an event keeps other processes from delivering it too. */
const CLAIM_LEASE_MS = 10_000;
/** How often a catch-up looks whether an event being fanned out is done. */
const PUBLISH_POLL_MS = 20;
/** How long a broadcast may take from its publisher, through Redis, to the other processes. */
const CLUSTER_ARRIVAL_MS = 500;

/** The `eventId` of an encoded socket.io event packet (`2["Name",{…,"eventId":N}]`), if it has one. */
function hubEventIdOf(data: string): number | undefined {
  if (!data.includes('"eventId"')) return undefined;
  try {
    const decoded = JSON.parse(data.slice(data.indexOf('['))) as [string, { eventId?: unknown }];
    const id = decoded[1]?.eventId;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}
const REPLAY_LIMIT = 1000;
const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;
const userRoom = (userId: string) => `user:${userId}`;
const SIGNED_IN = 'signed-in';
/** Administrators: their strategy list shows every strategy's counts live. */
const ADMINS = 'admins';
const KEY_ROOM = 'key:';
/** Sockets of the members who receive a trader key's strategies (see goLive). */
const keyRoom = (keyId: number) => `${KEY_ROOM}${keyId}`;

export type Hub = {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
  /** Fans out events recorded by a committed transaction (each event is published once, by one process). */
  publish(eventIds: number[]): Promise<void>;
  /** What the timer does every few seconds: publish left-behind events, purge old ones, drop expired members. */
  sweep(): Promise<void>;
  /** Deletes published events older than a day (the sweep does it every ten minutes). */
  purge(): Promise<void>;
  close(): Promise<void>;
};

/**
 * The real-time hub at /AdvisoryHub (socket.io). The access token comes in the handshake's auth,
 * browsers must come from our own origin, and every delivery is checked against the database at that
 * moment. With REDIS_URL, processes share fan-out through Redis Streams.
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
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(
    options.server,
    {
      path: HUB_PATH,
      serveClient: false,
      // Browsers always send Origin: only our own is accepted. Clients that are not browsers send none.
      allowRequest: (req, callback) => {
        const given = req.headers.origin;
        callback(null, given === undefined || given === origin);
      },
    },
  );

  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
    redis.on('error', (error) => log.warn({ err: error.message }, 'redis connection problem (hub fan-out)'));
    io.adapter(createAdapter(redis));
  }

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as Partial<HubHandshake>;
    if (typeof auth.token !== 'string' || auth.token.length === 0) return next(new Error('unauthorized'));
    const check = await options
      .verify(auth.token)
      .catch(() => ({ ok: false as const, reason: 'invalid' as const }));
    if (!check.ok) return next(new Error('unauthorized'));
    socket.data.principal = check.principal;
    socket.data.token = auth.token;
    next();
  });

  io.on('connection', (socket) => {
    const lastEventId = Number((socket.handshake.auth as Partial<HubHandshake>).lastEventId ?? 0);
    // A client that could not be welcomed is dropped, and reconnects for another try.
    void inTurnOrDrop(socket, () => welcome(socket, Number.isFinite(lastEventId) ? lastEventId : 0));
  });

  const exclusions = createExclusionCache(db);

  const turns = new WeakMap<HubSocket, Promise<void>>();
  /**
   * What sends a socket its state and sets its rooms (welcome, re-check, refresh) runs one piece at a time
   * per socket, so an older snapshot or set of rooms never lands after a newer one. Work done while
   * replaying to a socket is already inside its turn and calls the steps directly.
   */
  function inTurn(socket: HubSocket, work: () => Promise<void>): Promise<void> {
    const run = (turns.get(socket) ?? Promise.resolve()).then(work);
    turns.set(
      socket,
      run.catch(() => undefined),
    );
    return run;
  }

  /**
   * A socket whose state or rooms could not be brought up to date (the database failed meanwhile) is
   * disconnected rather than left with stale rooms: the client reconnects and is welcomed afresh.
   */
  async function inTurnOrDrop(socket: HubSocket, work: () => Promise<void>) {
    try {
      await inTurn(socket, work);
    } catch (error) {
      log.warn({ err: error }, 'hub: could not bring a connection up to date; it will reconnect');
      socket.disconnect(true);
    }
  }

  /** Everything a client needs on connect (after a short absence: what it missed instead), then live. */
  async function welcome(socket: HubSocket, lastEventId: number) {
    const cursor = await latestEventId(db);
    await sendSubscriptions(socket, cursor);
    const oldest = await db.selectFrom('hub_events').select('id').orderBy('id').limit(1).executeTakeFirst();
    const canReplay =
      lastEventId > 0 &&
      lastEventId <= cursor &&
      (oldest === undefined || oldest.id <= lastEventId + 1) &&
      cursor - lastEventId <= REPLAY_LIMIT;
    if (canReplay) {
      await replay(socket, lastEventId, cursor);
      await goLive(socket, cursor);
    } else await goLive(socket, cursor, await sendSnapshot(socket, cursor));
  }

  /**
   * Puts a socket that has been sent the state as of `cursor` in its rooms: its person's, everyone signed
   * in, and one per trader key whose strategies it receives (subscribed, and the key admits one of the
   * person's roles), leaving rooms of keys it no longer receives. Then it catches up on events committed
   * since the cursor. Joining only after the state was sent means a live event can never arrive before
   * (and be wiped by) a snapshot it postdates. The catch-up leaves out what reached the socket live after
   * it joined (see catchUp), so each event arrives once. `keyIds` are those the snapshot just sent was read
   * for, when there was one.
   */
  async function goLive(socket: HubSocket, cursor: number, keyIds?: number[]) {
    const { principal } = socket.data;
    const keys = (keyIds ?? (await receivedKeyIds(principal))).map(keyRoom);
    if (!socket.connected) return;
    for (const room of socket.rooms)
      if (room.startsWith(KEY_ROOM) && !keys.includes(room)) socket.leave(room);
    const rooms = [userRoom(principal.userId), SIGNED_IN, ...keys];
    if (isAdmin(principal)) rooms.push(ADMINS);
    else socket.leave(ADMINS);
    // Every packet written to this connection passes here, whichever process broadcast it: the ids of the
    // events that reach it live from the moment it joins.
    const live = new Set<number>();
    const onPacket = (packet: { type: string; data?: unknown }) => {
      if (packet.type !== 'message' || typeof packet.data !== 'string') return;
      const id = hubEventIdOf(packet.data);
      if (id !== undefined) live.add(id);
    };
    socket.conn.on('packetCreate', onPacket);
    try {
      socket.join(rooms);
      await catchUp(socket, cursor, live);
    } finally {
      socket.conn.off('packetCreate', onPacket);
    }
  }

  /**
   * Sends a socket that just joined its rooms the events committed after `after`, except those that reach
   * it live. An event still being fanned out when the socket joined may have been broadcast just before
   * (missed) or just after (received): the catch-up waits for its fan-out to finish to tell which. One
   * whose publisher died stays unpublished; the sweep broadcasts it later to the rooms the socket is now
   * in. In a cluster a broadcast reaches this process a moment after its publisher marked it, so a fresh
   * event is given that moment to arrive.
   */
  async function catchUp(socket: HubSocket, after: number, live: Set<number>) {
    const rows = await db
      .selectFrom('hub_events')
      .selectAll()
      .where('id', '>', after)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      if (!socket.connected) return;
      let publishedAt = row.published_at === null ? null : Number(row.published_at);
      if (publishedAt === null) publishedAt = await untilPublished(row.id, live);
      if (publishedAt === null || live.has(row.id)) continue;
      if (redis && Date.now() - publishedAt < CLUSTER_ARRIVAL_MS) {
        await untilArrived(row.id, live, publishedAt + CLUSTER_ARRIVAL_MS);
        if (live.has(row.id)) continue;
      }
      await deliver(parseHubEvent(row), row.id, { kind: 'socket', socket });
    }
  }

  /** Waits (polling the row) until an event's fan-out is marked done; null if its claim runs out first. */
  async function untilPublished(eventId: number, live: Set<number>): Promise<number | null> {
    const deadline = Date.now() + CLAIM_LEASE_MS;
    for (;;) {
      const row = await db
        .selectFrom('hub_events')
        .select('published_at')
        .where('id', '=', eventId)
        .executeTakeFirst();
      if (!row) return null;
      if (row.published_at !== null) return Number(row.published_at);
      if (live.has(eventId) || Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, PUBLISH_POLL_MS));
    }
  }

  async function untilArrived(eventId: number, live: Set<number>, until: number): Promise<void> {
    while (!live.has(eventId) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, PUBLISH_POLL_MS));
    }
  }

  /**
   * The person's feed (and with `keys`, their subscribable keys) sent anew. Outside a replay the socket
   * then goes live in the rooms it now belongs to. During a replay it only gets the state: the replay's
   * own end (welcome or goLive) sets the rooms, and joining in its middle would deliver events twice.
   */
  async function refresh(socket: HubSocket, keys: boolean, inReplay = false) {
    const cursor = await latestEventId(db);
    if (keys) await sendSubscriptions(socket, cursor);
    const keyIds = await sendSnapshot(socket, cursor);
    if (!inReplay) await goLive(socket, cursor, keyIds);
  }

  async function replay(socket: HubSocket, after: number, upTo: number) {
    let query = db.selectFrom('hub_events').selectAll().where('id', '>', after).orderBy('id');
    if (Number.isFinite(upTo)) query = query.where('id', '<=', upTo);
    for (const row of await query.execute())
      await deliver(parseHubEvent(row), row.id, { kind: 'socket', socket });
  }

  /** The trader keys the person may subscribe to, each with their choice. */
  async function sendSubscriptions(socket: HubSocket, eventId: number) {
    const { principal } = socket.data;
    const keys = await subscribableKeys(db, principal);
    const subscribed = new Set(await entitledKeyIds(db, principal, keys));
    socket.emit('LoadAdvisorySub', {
      keys: keys.map((k) => ({ ...k, subscribed: subscribed.has(k.id) })),
      eventId,
    });
  }

  /** The keys whose strategies a person receives: subscribed, and admitted (none for non-members). */
  async function receivedKeyIds(principal: Principal): Promise<number[]> {
    return isMember(principal) ? entitledKeyIds(db, principal) : [];
  }

  /** The person's feed, counts and system messages as of `eventId`; returns the keys the feed was read for. */
  async function sendSnapshot(socket: HubSocket, eventId: number): Promise<number[]> {
    const { principal } = socket.data;
    const keyIds = await receivedKeyIds(principal);
    const dtos = keyIds.length ? await advisoryDtos(db, { keyIds }) : [];
    socket.emit('LoadAdvisory', { advisoryDtos: dtos, replace: true, eventId });
    socket.emit('LoadAdvisoryCount', {
      counts: await advisoryCounts(
        db,
        dtos.map((d) => d.id),
      ),
      replace: true,
      eventId,
    });
    socket.emit('LoadSystemMessage', { messages: await systemMessageDtos(db, principal.userId), eventId });
    return keyIds;
  }

  /**
   * Who receives a strategy: the rooms of its trader keys, except the people there whom the database no
   * longer lets receive it (a role or the key's permission lost, the key switched off, membership over;
   * remembered between deliveries until that can change, see createExclusionCache); when replaying, the
   * one socket if the database lets its person receive it.
   */
  async function advisoryRecipients(advisoryId: number, keyIds: number[], target: Target) {
    if (target.kind === 'socket') {
      const userId = target.socket.data.principal.userId;
      return (await advisoryAudience(db, advisoryId, { userId })).length ? target.socket : undefined;
    }
    if (keyIds.length === 0) return undefined;
    const excluded = await exclusions(keyIds);
    return io.to(keyIds.map(keyRoom)).except(excluded.map(userRoom));
  }

  /** Sends one event to everyone entitled (or, when replaying, to one socket if it is entitled). */
  async function deliver(event: HubEvent, eventId: number, target: Target) {
    const toUsers = (userIds: string[]) =>
      target.kind === 'socket'
        ? userIds.includes(target.socket.data.principal.userId)
          ? target.socket
          : undefined
        : userIds.length
          ? io.to(userIds.map(userRoom))
          : undefined;
    const toAll = target.kind === 'socket' ? target.socket : io.to(SIGNED_IN);

    switch (event.name) {
      case 'advisory.saved': {
        const [dto] = await advisoryDtos(db, { advisoryIds: [event.advisoryId] });
        if (!dto) return;
        const emitter = await advisoryRecipients(event.advisoryId, dto.apiKeyArray, target);
        if (!emitter) return;
        emitter.emit('LoadAdvisory', { advisoryDtos: [dto], replace: false, eventId });
        // Counts after the strategy itself, which is what people wait for. A strategy nobody has reacted to
        // yet has zero counts, which clients assume: a second message would only delay their next event.
        const counts = await advisoryCounts(db, [event.advisoryId]);
        const current = counts[String(event.advisoryId)];
        if (current && (current[1] > 0 || current[2] > 0 || current[3] > 0))
          emitter.emit('LoadAdvisoryCount', { counts, replace: false, eventId });
        return;
      }
      case 'advisory.counts': {
        const keyIds = (
          await db
            .selectFrom('advisory_keys')
            .select('key_id')
            .where('advisory_id', '=', event.advisoryId)
            .execute()
        ).map((k) => k.key_id);
        const emitter = await advisoryRecipients(event.advisoryId, keyIds, target);
        const admin = target.kind === 'socket' && isAdmin(target.socket.data.principal);
        if (!emitter && !admin && target.kind === 'socket') return;
        const counts = await advisoryCounts(db, [event.advisoryId]);
        const payload = { counts, replace: false, eventId };
        if (target.kind === 'socket') {
          target.socket.emit('LoadAdvisoryCount', payload);
          return;
        }
        emitter?.emit('LoadAdvisoryCount', payload);
        // Administrators not reached as members above get the counts too (one broadcast each: a socket in
        // both a key room and the admin room is left out here, having had it).
        io.to(ADMINS).except(keyIds.map(keyRoom)).emit('LoadAdvisoryCount', payload);
        return;
      }
      case 'advisory.removed':
        toAll.emit('RemoveAdvisoryCount', { advisoryIds: event.advisoryIds, eventId });
        return;
      case 'system-message.changed': {
        const messagesToUpsert = await systemMessageDtos(
          db,
          target.kind === 'socket' ? target.socket.data.principal.userId : undefined,
          event.upsertIds,
        );
        toAll.emit('ChangeSystemMessage', {
          messagesToUpsert,
          popChanges: event.popChanges,
          rollChanges: event.rollChanges,
          messagesToRemove: event.removeIds,
          eventId,
        });
        return;
      }
      case 'subscription.changed': {
        // Someone who unsubscribed leaves the key's room before anything else can be sent here.
        if (target.kind === 'everyone' && !event.subscribed)
          for (const socket of localSockets(event.userId)) socket.leave(keyRoom(event.keyId));
        const key = await db
          .selectFrom('trader_keys')
          .select(['id', 'key_name'])
          .where('id', '=', event.keyId)
          .executeTakeFirst();
        const emitter = toUsers([event.userId]);
        if (!key || !emitter) return;
        emitter.emit('AdvisorySubChanged', {
          key: { id: key.id, keyName: key.key_name },
          subscribed: event.subscribed,
          eventId,
        });
        // The member's feed and rooms follow their choice, on every process that holds one of their
        // connections.
        if (target.kind === 'socket') await refresh(target.socket, false, true);
        else {
          if (redis) io.serverSideEmit('resend', event.userId, event.keyId, event.subscribed);
          await resend(event.userId);
        }
        return;
      }
      case 'access.changed':
        if (target.kind === 'everyone') {
          // Other processes re-read their own connections (only with a shared adapter).
          if (redis) io.serverSideEmit('recheck', event.userIds);
          await recheck(event.userIds);
        } else if (event.userIds === 'all' || event.userIds.includes(target.socket.data.principal.userId)) {
          // Replaying to someone whose access changed while they were away: what they may see now.
          await recheckSocket(target.socket, true);
        }
        return;
    }
  }

  function localSockets(userId?: string): HubSocket[] {
    const all = [...io.sockets.sockets.values()] as HubSocket[];
    return userId ? all.filter((s) => s.data.principal?.userId === userId) : all;
  }

  /** Re-reads who the connected people are now (see recheckSocket). */
  async function recheck(userIds: string[] | 'all') {
    const sockets = localSockets().filter(
      (s) => userIds === 'all' || userIds.includes(s.data.principal.userId),
    );
    for (const socket of sockets) await inTurnOrDrop(socket, () => recheckSocket(socket));
  }

  /**
   * Someone who is gone, whose session ended or who lost membership is disconnected; the web app
   * reconnects at once and gets what it may see now. Anyone else gets their keys and feed again, and the
   * rooms of the keys they now receive. The
   * person is re-read by id: an access token that expired meanwhile is no reason to drop a connection,
   * nor to go on trusting what it said.
   */
  async function recheckSocket(socket: HubSocket, inReplay = false) {
    const before = socket.data.principal;
    const principal = await loadPrincipal(db, before.userId, before.sessionUid);
    if (!principal || (isMember(before) && !isMember(principal))) {
      socket.disconnect(true);
      return;
    }
    socket.data.principal = principal;
    await refresh(socket, true, inReplay);
  }

  async function resend(userId: string) {
    for (const socket of localSockets(userId)) await inTurnOrDrop(socket, () => refresh(socket, false));
  }
  io.on('resend' as never, (userId: string, keyId: number, subscribed: boolean) => {
    if (!subscribed) for (const socket of localSockets(userId)) socket.leave(keyRoom(keyId));
    void resend(userId).catch((error) => log.error({ err: error }, 'hub: resend failed'));
  });
  io.on('recheck' as never, (userIds: string[] | 'all') => {
    void recheck(userIds).catch((error) => log.error({ err: error }, 'hub: recheck failed'));
  });

  /**
   * At least once: claim, deliver, then mark published. A process that dies before marking leaves the
   * event unpublished and the sweep delivers it again once the claim is old; clients keep strategies by
   * id, so a repeat shows nothing twice. While a claim is fresh no other process delivers the event.
   */
  async function publishOne(eventId: number) {
    const now = Date.now();
    const claimed = await db
      .updateTable('hub_events')
      .set({ claimed_at: now })
      .where('id', '=', eventId)
      .where('published_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', now - CLAIM_LEASE_MS)]))
      .returning(['id', 'name', 'payload'])
      .executeTakeFirst();
    if (!claimed) return;
    await deliver(parseHubEvent(claimed), claimed.id, { kind: 'everyone' });
    await db
      .updateTable('hub_events')
      .set({ published_at: Date.now() })
      .where('id', '=', eventId)
      .where('published_at', 'is', null)
      .execute();
  }

  // Publishes what a process that died between commit and fan-out left behind, and notices
  // memberships that ran out while connected.
  let sweeping = false;
  let lastPurge = 0;
  /**
   * Deletes published events older than a day: a client away that long gets a snapshot. The newest row
   * always stays (event ids keep growing), and nothing at or after the oldest unpublished event goes, so a
   * replay never crosses a gap.
   */
  async function purge() {
    const newest = await latestEventId(db);
    const firstUnpublished = await db
      .selectFrom('hub_events')
      .select('id')
      .where('published_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    await db
      .deleteFrom('hub_events')
      .where('id', '<', Math.min(newest, firstUnpublished?.id ?? newest))
      .where('published_at', 'is not', null)
      .where('created_at', '<', Date.now() - EVENT_RETENTION_MS)
      .execute();
  }

  /** Each step on its own: one failing (an event that cannot be published) does not stop the others. */
  async function step(name: string, run: () => Promise<void>) {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error }, `hub sweep: ${name} failed`);
    }
  }

  async function sweepOnce() {
    if (sweeping) return;
    sweeping = true;
    try {
      await step('publishing left-behind events', async () => {
        const stale = await db
          .selectFrom('hub_events')
          .select('id')
          .where('published_at', 'is', null)
          .where('created_at', '<', Date.now() - LEFT_BEHIND_MS)
          .where((eb) =>
            eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', Date.now() - CLAIM_LEASE_MS)]),
          )
          .orderBy('id')
          .limit(100)
          .execute();
        for (const row of stale) await publishOne(row.id);
      });
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await step('purge', purge);
      }
      await step('expired memberships', async () => {
        const expired = localSockets().filter(
          (s) => isMember(s.data.principal) && !isMember(s.data.principal, Date.now()),
        );
        for (const socket of expired) socket.disconnect(true);
      });
    } finally {
      sweeping = false;
    }
  }
  const sweepEvery = options.sweepEveryMs ?? SWEEP_EVERY_MS;
  const sweep = sweepEvery > 0 ? setInterval(() => void sweepOnce(), sweepEvery) : undefined;
  sweep?.unref();

  return {
    io,
    sweep: sweepOnce,
    purge,
    async publish(eventIds) {
      for (const id of eventIds) {
        try {
          await publishOne(id);
        } catch (error) {
          // The sweep will publish it; the change itself is committed.
          log.error({ err: error, eventId: id }, 'hub: publish failed');
        }
      }
    },
    async close() {
      clearInterval(sweep);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      redis?.disconnect();
    },
  };
}
