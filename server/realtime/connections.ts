import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { entitledKeyIds } from '../policies/advisory.ts';
import { isAdmin, isMember } from '../policies/membership.ts';
import { subscribableKeys } from '../policies/trader-key.ts';
import { presentAdvisory, presentAdvisoryCounts, presentTraderRef } from '../presenters/advisories.ts';
import { presentSystemMessage } from '../presenters/system-messages.ts';
import { loadPrincipal } from '../security/access-tokens.ts';
import { advisoriesWithTraders, reactionCounts } from '../services/advisories.ts';
import {
  type HubEvent,
  hubEventsAfter,
  latestEventId,
  oldestHubEventId,
  parseHubEvent,
} from '../services/hub-events.ts';
import { systemMessagesFor } from '../services/system-messages.ts';
import { catchUp } from './catch-up.ts';
import {
  ADMINS,
  type HubServer,
  type HubSocket,
  KEY_ROOM,
  keyRoom,
  localSockets,
  MEMBERS,
  ROLE_ROOM,
  roleRoom,
  SIGNED_IN,
  type Target,
  userRoom,
} from './sockets.ts';

/** A client away for more than this many events gets a snapshot instead of a replay. */
const REPLAY_LIMIT = 1000;

export type Deliver = (event: HubEvent, eventId: number, target: Target) => Promise<void>;
export type Connections = ReturnType<typeof createConnections>;

/**
 * A connection's state and rooms: its welcome (snapshot or replay, then live), and bringing it up to date
 * when the person's access or subscriptions change. What sends a socket its state and sets its rooms runs
 * one piece at a time per socket, so an older snapshot or set of rooms never lands after a newer one.
 */
export function createConnections(deps: {
  db: Kysely<DB>;
  io: HubServer;
  log: FastifyBaseLogger;
  /** Whether processes share fan-out (a broadcast then reaches this one a moment after its publisher). */
  clustered: boolean;
  deliver: Deliver;
}) {
  const { db, io, log } = deps;
  const turns = new WeakMap<HubSocket, Promise<void>>();

  /** Turns queued or running per socket. */
  const pending = new WeakMap<HubSocket, number>();

  /** Work done while replaying to a socket is already inside its turn and calls the steps directly. */
  function inTurn(socket: HubSocket, work: () => Promise<void>): Promise<void> {
    pending.set(socket, (pending.get(socket) ?? 0) + 1);
    const run = (turns.get(socket) ?? Promise.resolve()).then(work).finally(() => {
      pending.set(socket, (pending.get(socket) ?? 1) - 1);
    });
    turns.set(
      socket,
      run.catch(() => undefined),
    );
    return run;
  }

  /**
   * Queues a socket's update on behalf of an event being published. The publisher waits for it, unless the
   * socket is busy: a welcome or update under way may be catching up and waiting for this very event to be
   * published (catchUp), which waiting here would hold up until the claim ran out. Queued, the update still
   * runs after it, so the socket ends up as of this event either way.
   */
  async function forEvent(socket: HubSocket, work: () => Promise<void>) {
    const busy = (pending.get(socket) ?? 0) > 0;
    const update = inTurnOrDrop(socket, work);
    if (!busy) await update;
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
    const oldest = await oldestHubEventId(db);
    const canReplay =
      lastEventId > 0 &&
      lastEventId <= cursor &&
      (oldest === undefined || oldest <= lastEventId + 1) &&
      cursor - lastEventId <= REPLAY_LIMIT;
    if (canReplay) {
      for (const row of await hubEventsAfter(db, lastEventId, cursor))
        await deps.deliver(parseHubEvent(row), row.id, { kind: 'socket', socket });
      await goLive(socket, cursor);
    } else await goLive(socket, cursor, await sendSnapshot(socket, cursor));
  }

  /**
   * Puts a socket that has been sent the state as of `cursor` in its rooms: its person's, everyone signed
   * in, one per trader key whose strategies it receives (subscribed, and the key admits one of the
   * person's roles), and for a member the members' room and one per role, leaving rooms of keys and roles it
   * no longer has. Then it catches up on events committed
   * since the cursor. Joining only after the state was sent means a live event can never arrive before
   * (and be wiped by) a snapshot it postdates. The catch-up leaves out what reached the socket live after
   * it joined (see catchUp), so each event arrives once. `keyIds` are those the snapshot just sent was read
   * for, when there was one.
   */
  async function goLive(socket: HubSocket, cursor: number, keyIds?: number[]) {
    const { principal } = socket.data;
    const keys = (keyIds ?? (await entitledKeyIds(db, principal))).map(keyRoom);
    if (!socket.connected) return;
    // Members also join their roles' rooms (what a role admits, such as level sets); non-members none.
    const roles = isMember(principal) ? principal.roles.map(roleRoom) : [];
    for (const room of socket.rooms)
      if (
        (room.startsWith(KEY_ROOM) && !keys.includes(room)) ||
        (room.startsWith(ROLE_ROOM) && !roles.includes(room))
      )
        socket.leave(room);
    const rooms = [userRoom(principal.userId), SIGNED_IN, ...keys, ...roles];
    if (isAdmin(principal)) rooms.push(ADMINS);
    else socket.leave(ADMINS);
    if (isMember(principal)) rooms.push(MEMBERS);
    else socket.leave(MEMBERS);
    await catchUp({ db, socket, rooms, after: cursor, clustered: deps.clustered, deliver: deps.deliver });
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

  /** The trader keys the person may subscribe to, each with their choice. */
  async function sendSubscriptions(socket: HubSocket, eventId: number) {
    const { principal } = socket.data;
    const keys = await subscribableKeys(db, principal);
    const subscribed = new Set(await entitledKeyIds(db, principal, keys));
    socket.emit('LoadAdvisorySub', {
      keys: keys.map((k) => ({ ...presentTraderRef(k), subscribed: subscribed.has(k.id) })),
      eventId,
    });
  }

  /** The person's feed, counts and system messages as of `eventId`; returns the keys the feed was read for. */
  async function sendSnapshot(socket: HubSocket, eventId: number): Promise<number[]> {
    const { principal } = socket.data;
    // The keys whose strategies the person receives: subscribed and admitted (none for non-members).
    const keyIds = await entitledKeyIds(db, principal);
    const feed = keyIds.length ? await advisoriesWithTraders(db, { keyIds }) : [];
    const ids = feed.map(({ row }) => row.id);
    socket.emit('LoadAdvisory', {
      advisoryDtos: feed.map(({ row, traders }) => presentAdvisory(row, traders)),
      replace: true,
      eventId,
    });
    const counts = presentAdvisoryCounts(ids, await reactionCounts(db, ids));
    socket.emit('LoadAdvisoryCount', { counts, replace: true, eventId });
    const messages = await systemMessagesFor(db, principal.userId);
    socket.emit('LoadSystemMessage', {
      messages: messages.rows.map((row) => presentSystemMessage(row, messages.dismissed.has(row.id))),
      eventId,
    });
    return keyIds;
  }

  /** Re-reads who the connected people are now (see recheckSocket). */
  async function recheck(userIds: string[] | 'all') {
    const sockets = localSockets(io).filter(
      (s) => userIds === 'all' || userIds.includes(s.data.principal.userId),
    );
    for (const socket of sockets) await forEvent(socket, () => recheckSocket(socket));
  }

  /**
   * Someone who is gone, whose session ended or who lost membership is disconnected; the web app
   * reconnects at once and gets what it may see now. Anyone else gets their keys and feed again, and the
   * rooms of the keys they now receive. The person is re-read by id: an access token that expired
   * meanwhile is no reason to drop a connection, nor to go on trusting what it said.
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

  /** A person's feed and rooms sent anew on this process (after a subscription change). */
  async function resend(userId: string) {
    for (const socket of localSockets(io, userId)) await forEvent(socket, () => refresh(socket, false));
  }

  return {
    /** Welcomes a new connection in its turn; one that cannot be welcomed is dropped and reconnects. */
    welcome: (socket: HubSocket, lastEventId: number) =>
      inTurnOrDrop(socket, () => welcome(socket, lastEventId)),
    refresh,
    recheck,
    recheckSocket,
    resend,
  };
}
