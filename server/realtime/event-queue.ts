import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import {
  claimHubEvent,
  latestEventId,
  leftBehindHubEvents,
  markHubEventPublished,
  parseHubEvent,
  purgeHubEvents,
} from '../services/hub-events.ts';
import type { Deliver } from './connections.ts';

/** How long a claim on an event keeps other processes from delivering it too. */
export const CLAIM_LEASE_MS = 10_000;
/** An event its process has not published this long after committing it is taken over by a sweep. */
const LEFT_BEHIND_MS = 2_000;
const EVENT_RETENTION_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * The hub's event queue: events are recorded in the transaction of the change they announce
 * (services/hub-events.ts), then published here. At least once: claim, deliver, then mark published. A
 * process that dies before marking leaves the event unpublished and the sweep delivers it again once the
 * claim is old; clients keep strategies by id, so a repeat shows nothing twice. While a claim is fresh no
 * other process delivers the event.
 */
export function createEventQueue(deps: {
  db: Kysely<DB>;
  log: FastifyBaseLogger;
  deliver: Deliver;
  /** Other work of the sweep (dropping connections whose membership ran out). */
  sweepAlso: Array<{ name: string; run: () => Promise<void> }>;
}) {
  const { db, log } = deps;

  async function publishOne(eventId: number) {
    const claimed = await claimHubEvent(db, eventId, CLAIM_LEASE_MS);
    if (!claimed) return;
    await deps.deliver(parseHubEvent(claimed), claimed.id, { kind: 'everyone' });
    await markHubEventPublished(db, eventId);
  }

  /** Deletes published events older than a day: a client away that long gets a snapshot. */
  async function purge() {
    await purgeHubEvents(db, await latestEventId(db), EVENT_RETENTION_MS);
  }

  /** Each step on its own: one failing (an event that cannot be published) does not stop the others. */
  async function step(name: string, run: () => Promise<void>) {
    try {
      await run();
    } catch (error) {
      log.warn({ err: error }, `hub sweep: ${name} failed`);
    }
  }

  // Publishes what a process that died between commit and fan-out left behind, purges old events, and
  // runs the other steps it was given.
  let sweeping = false;
  let lastPurge = 0;
  async function sweep() {
    if (sweeping) return;
    sweeping = true;
    try {
      await step('publishing left-behind events', async () => {
        const ids = await leftBehindHubEvents(db, {
          olderThanMs: LEFT_BEHIND_MS,
          leaseMs: CLAIM_LEASE_MS,
          limit: 100,
        });
        for (const id of ids) await publishOne(id);
      });
      if (Date.now() - lastPurge > PURGE_EVERY_MS) {
        lastPurge = Date.now();
        await step('purge', purge);
      }
      for (const also of deps.sweepAlso) await step(also.name, also.run);
    } finally {
      sweeping = false;
    }
  }

  return {
    /** Fans out events recorded by a committed transaction; one that fails is left to the sweep. */
    async publish(eventIds: number[]) {
      for (const id of eventIds) {
        try {
          await publishOne(id);
        } catch (error) {
          // The sweep will publish it; the change itself is committed.
          log.error({ err: error, eventId: id }, 'hub: publish failed');
        }
      }
    },
    sweep,
    purge,
  };
}
