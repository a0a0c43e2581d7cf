import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { advisoryAudience } from '../policies/advisory.ts';
import type { HubEvent, HubEventName } from '../services/hub-events.ts';
import type { Connections } from './connections.ts';
import type { ExclusionCache } from './exclusions.ts';
import { type HubServer, keyRoom, type Target, userRoom } from './sockets.ts';

type DeliveryDeps = {
  db: Kysely<DB>;
  io: HubServer;
  log: FastifyBaseLogger;
  /** Whether processes share fan-out: they are then told to re-read their own connections. */
  clustered: boolean;
  exclusions: ExclusionCache;
  connections: () => Connections;
};

/** What an event handler may use to reach people. */
function createContext(deps: DeliveryContextDeps) {
  const { db, io } = deps;
  return {
    db,
    io,
    clustered: deps.clustered,
    get connections(): Connections {
      return deps.connections();
    },
    /**
     * Who receives a strategy: the rooms of its trader keys, except the people there whom the database no
     * longer lets receive it (a role or the key's permission lost, the key switched off, membership over;
     * remembered between deliveries until that can change, see createExclusionCache); when replaying, the
     * one socket if the database lets its person receive it.
     */
    async advisoryRecipients(advisoryId: number, keyIds: number[], target: Target) {
      if (target.kind === 'socket') {
        const userId = target.socket.data.principal.userId;
        return (await advisoryAudience(db, advisoryId, { userId })).length ? target.socket : undefined;
      }
      if (keyIds.length === 0) return undefined;
      const excluded = await deps.exclusions(keyIds);
      return io.to(keyIds.map(keyRoom)).except(excluded.map(userRoom));
    },
  };
}
type DeliveryContextDeps = Omit<DeliveryDeps, 'log'>;
type DeliveryContext = ReturnType<typeof createContext>;

/**
 * Sends one event to everyone entitled (`target.kind === 'everyone'`, live) or, when a socket is being
 * brought up to date, to that socket if its person is entitled. Who may receive what is decided by the
 * policies (policies/advisory.ts) at the moment of delivery.
 */
export type EventHandler<N extends HubEventName> = (
  event: HubEvent<N>,
  eventId: number,
  target: Target,
  context: DeliveryContext,
) => Promise<void>;

/** Delivers events through the handler registered for each event name (`on`). */
export function createDelivery(deps: DeliveryDeps) {
  const handlers = new Map<HubEventName, EventHandler<never>>();
  const context = createContext(deps);

  return {
    context,
    /** Registers the handler of an event name (one per name). */
    on<N extends HubEventName>(name: N, handler: EventHandler<N>): void {
      if (handlers.has(name)) throw new Error(`hub: a handler for ${name} is already registered`);
      handlers.set(name, handler as unknown as EventHandler<never>);
    },
    async deliver(event: HubEvent, eventId: number, target: Target): Promise<void> {
      const handler = handlers.get(event.name);
      if (!handler) {
        deps.log.warn({ event: event.name, eventId }, 'hub: no handler for this event; not delivered');
        return;
      }
      await handler(event as never, eventId, target, context);
    },
  };
}
