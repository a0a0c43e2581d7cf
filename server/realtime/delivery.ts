import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isAdmin } from '../policies/membership.ts';
import type { HubEvent } from '../services/hub-events.ts';
import {
  advisoryAudience,
  advisoryCounts,
  advisoryDtos,
  advisoryKeyIds,
  systemMessageDtos,
  traderKeyName,
} from '../services/signal-access.ts';
import type { Connections } from './connections.ts';
import type { ExclusionCache } from './exclusions.ts';
import {
  ADMINS,
  type HubServer,
  keyRoom,
  localSockets,
  SIGNED_IN,
  type Target,
  userRoom,
} from './sockets.ts';

/**
 * Sends one event to everyone entitled (or, when replaying, to one socket if it is entitled). Who may
 * receive what is decided by services/signal-access.ts at the moment of delivery.
 */
export function createDelivery(deps: {
  db: Kysely<DB>;
  io: HubServer;
  /** Whether processes share fan-out: they are then told to re-read their own connections. */
  clustered: boolean;
  exclusions: ExclusionCache;
  connections: () => Connections;
}) {
  const { db, io } = deps;

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
    const excluded = await deps.exclusions(keyIds);
    return io.to(keyIds.map(keyRoom)).except(excluded.map(userRoom));
  }

  return async function deliver(event: HubEvent, eventId: number, target: Target): Promise<void> {
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
        const keyIds = await advisoryKeyIds(db, event.advisoryId);
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
          for (const socket of localSockets(io, event.userId)) socket.leave(keyRoom(event.keyId));
        const key = await traderKeyName(db, event.keyId);
        const emitter =
          target.kind === 'socket'
            ? target.socket.data.principal.userId === event.userId
              ? target.socket
              : undefined
            : io.to(userRoom(event.userId));
        if (!key || !emitter) return;
        emitter.emit('AdvisorySubChanged', { key, subscribed: event.subscribed, eventId });
        // The member's feed and rooms follow their choice, on every process that holds one of their
        // connections.
        if (target.kind === 'socket') await deps.connections().refresh(target.socket, false, true);
        else {
          if (deps.clustered) io.serverSideEmit('resend', event.userId, event.keyId, event.subscribed);
          await deps.connections().resend(event.userId);
        }
        return;
      }
      case 'access.changed':
        if (target.kind === 'everyone') {
          // Other processes re-read their own connections (only with a shared adapter).
          if (deps.clustered) io.serverSideEmit('recheck', event.userIds);
          await deps.connections().recheck(event.userIds);
        } else if (event.userIds === 'all' || event.userIds.includes(target.socket.data.principal.userId)) {
          // Replaying to someone whose access changed while they were away: what they may see now.
          await deps.connections().recheckSocket(target.socket, true);
        }
        return;
    }
  };
}
