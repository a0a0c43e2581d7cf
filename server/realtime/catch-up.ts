import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { hubEventPublishedAt, hubEventsAfter, parseHubEvent } from '../services/hub-events.ts';
import type { Deliver } from './connections.ts';
import { CLAIM_LEASE_MS } from './event-queue.ts';
import { type HubSocket, hubEventIdOf } from './sockets.ts';

/** How often a catch-up looks whether an event being fanned out is done. */
const PUBLISH_POLL_MS = 20;
/** How long a broadcast may take from its publisher, through Redis, to the other processes. */
const CLUSTER_ARRIVAL_MS = 500;

/**
 * Joins a socket that has been sent the state as of `after` to its rooms, then sends it the events
 * committed since, except those that reach it live. Every packet written to the connection passes its
 * `packetCreate`, whichever process broadcast it: the ids of the events that reach it live from the moment
 * it joins. An event still being fanned out when the socket joined may have been broadcast just before
 * (missed) or just after (received): the catch-up waits for its fan-out to finish to tell which. One whose
 * publisher died stays unpublished; the sweep broadcasts it later to the rooms the socket is now in. In a
 * cluster a broadcast reaches this process a moment after its publisher marked it, so a fresh event is
 * given that moment to arrive.
 */
export async function catchUp(options: {
  db: Kysely<DB>;
  socket: HubSocket;
  rooms: string[];
  after: number;
  clustered: boolean;
  deliver: Deliver;
}): Promise<void> {
  const { db, socket } = options;
  const live = new Set<number>();
  const onPacket = (packet: { type: string; data?: unknown }) => {
    if (packet.type !== 'message' || typeof packet.data !== 'string') return;
    const id = hubEventIdOf(packet.data);
    if (id !== undefined) live.add(id);
  };
  socket.conn.on('packetCreate', onPacket);
  try {
    socket.join(options.rooms);
    for (const row of await hubEventsAfter(db, options.after)) {
      if (!socket.connected) return;
      let publishedAt = row.published_at === null ? null : Number(row.published_at);
      if (publishedAt === null) publishedAt = await untilPublished(db, row.id, live);
      if (publishedAt === null || live.has(row.id)) continue;
      if (options.clustered && Date.now() - publishedAt < CLUSTER_ARRIVAL_MS) {
        await untilArrived(row.id, live, publishedAt + CLUSTER_ARRIVAL_MS);
        if (live.has(row.id)) continue;
      }
      await options.deliver(parseHubEvent(row), row.id, { kind: 'socket', socket });
    }
  } finally {
    socket.conn.off('packetCreate', onPacket);
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, PUBLISH_POLL_MS));

/** Waits (polling the row) until an event's fan-out is marked done; null if its claim runs out first. */
async function untilPublished(db: Kysely<DB>, eventId: number, live: Set<number>): Promise<number | null> {
  const deadline = Date.now() + CLAIM_LEASE_MS;
  for (;;) {
    const publishedAt = await hubEventPublishedAt(db, eventId);
    if (publishedAt === undefined) return null;
    if (publishedAt !== null) return publishedAt;
    if (live.has(eventId) || Date.now() > deadline) return null;
    await pause();
  }
}

/** Waits until an event has reached the socket live, or the moment it had to arrive has passed. */
async function untilArrived(eventId: number, live: Set<number>, until: number): Promise<void> {
  while (!live.has(eventId) && Date.now() < until) await pause();
}
