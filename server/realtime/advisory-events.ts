import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { isAdmin } from '../policies/membership.ts';
import { presentAdvisory, presentAdvisoryCounts, presentTraderRef } from '../presenters/advisories.ts';
import { presentSystemMessage } from '../presenters/system-messages.ts';
import { advisoriesWithTraders, advisoryKeyIds, reactionCounts } from '../services/advisories.ts';
import { systemMessagesFor } from '../services/system-messages.ts';
import { traderKeyName } from '../services/trader-keys.ts';
import type { EventHandler } from './delivery.ts';
import {
  ADMINS,
  type HubServer,
  keyRoom,
  localSockets,
  SIGNED_IN,
  type Target,
  userRoom,
} from './sockets.ts';

// How the strategy, subscription, access and system-message events reach people (registered with the hub
// in hub.ts; a new section registers its own the same way).

const countsOf = async (db: Kysely<DB>, advisoryId: number) =>
  presentAdvisoryCounts([advisoryId], await reactionCounts(db, [advisoryId]));

const everyoneOr = (target: Target, io: HubServer) =>
  target.kind === 'socket' ? target.socket : io.to(SIGNED_IN);

const advisorySaved: EventHandler<'advisory.saved'> = async (
  event,
  eventId,
  target,
  { db, advisoryRecipients },
) => {
  const [found] = await advisoriesWithTraders(db, { advisoryIds: [event.advisoryId] });
  if (!found) return;
  const dto = presentAdvisory(found.row, found.traders);
  const emitter = await advisoryRecipients(event.advisoryId, dto.apiKeyArray, target);
  if (!emitter) return;
  emitter.emit('LoadAdvisory', { advisoryDtos: [dto], replace: false, eventId });
  // Counts after the strategy itself, which is what people wait for. A strategy nobody has reacted to yet
  // has zero counts, which clients assume: a second message would only delay their next event.
  const counts = await countsOf(db, event.advisoryId);
  const current = counts[String(event.advisoryId)];
  if (current && (current[1] > 0 || current[2] > 0 || current[3] > 0))
    emitter.emit('LoadAdvisoryCount', { counts, replace: false, eventId });
};

const advisoryCountsChanged: EventHandler<'advisory.counts'> = async (event, eventId, target, context) => {
  const { db, io } = context;
  const keyIds = await advisoryKeyIds(db, event.advisoryId);
  const emitter = await context.advisoryRecipients(event.advisoryId, keyIds, target);
  const admin = target.kind === 'socket' && isAdmin(target.socket.data.principal);
  if (!emitter && !admin && target.kind === 'socket') return;
  const counts = await countsOf(db, event.advisoryId);
  const payload = { counts, replace: false, eventId };
  if (target.kind === 'socket') {
    target.socket.emit('LoadAdvisoryCount', payload);
    return;
  }
  emitter?.emit('LoadAdvisoryCount', payload);
  // Administrators not reached as members above get the counts too (one broadcast each: a socket in both
  // a key room and the admin room is left out here, having had it).
  io.to(ADMINS).except(keyIds.map(keyRoom)).emit('LoadAdvisoryCount', payload);
};

const advisoryRemoved: EventHandler<'advisory.removed'> = async (event, eventId, target, { io }) => {
  everyoneOr(target, io).emit('RemoveAdvisoryCount', { advisoryIds: event.advisoryIds, eventId });
};

const systemMessageChanged: EventHandler<'system-message.changed'> = async (
  event,
  eventId,
  target,
  context,
) => {
  const { rows, dismissed } = await systemMessagesFor(
    context.db,
    target.kind === 'socket' ? target.socket.data.principal.userId : undefined,
    event.upsertIds,
  );
  const messagesToUpsert = rows.map((row) => presentSystemMessage(row, dismissed.has(row.id)));
  everyoneOr(target, context.io).emit('ChangeSystemMessage', {
    messagesToUpsert,
    popChanges: event.popChanges,
    rollChanges: event.rollChanges,
    messagesToRemove: event.removeIds,
    eventId,
  });
};

const subscriptionChanged: EventHandler<'subscription.changed'> = async (event, eventId, target, context) => {
  const { db, io } = context;
  // Someone who unsubscribed leaves the key's room before anything else can be sent here.
  if (target.kind === 'everyone' && !event.subscribed)
    for (const socket of localSockets(io, event.userId)) socket.leave(keyRoom(event.keyId));
  const found = await traderKeyName(db, event.keyId);
  const key = found && presentTraderRef(found);
  const emitter =
    target.kind === 'socket'
      ? target.socket.data.principal.userId === event.userId
        ? target.socket
        : undefined
      : io.to(userRoom(event.userId));
  if (!key || !emitter) return;
  emitter.emit('AdvisorySubChanged', { key, subscribed: event.subscribed, eventId });
  // The member's feed and rooms follow their choice, on every process that holds one of their connections.
  if (target.kind === 'socket') await context.connections.refresh(target.socket, false, true);
  else {
    if (context.clustered) io.serverSideEmit('resend', event.userId, event.keyId, event.subscribed);
    await context.connections.resend(event.userId);
  }
};

const accessChanged: EventHandler<'access.changed'> = async (event, _eventId, target, context) => {
  if (target.kind === 'everyone') {
    // Other processes re-read their own connections (only with a shared adapter).
    if (context.clustered) context.io.serverSideEmit('recheck', event.userIds);
    await context.connections.recheck(event.userIds);
  } else if (event.userIds === 'all' || event.userIds.includes(target.socket.data.principal.userId)) {
    // Replaying to someone whose access changed while they were away: what they may see now.
    await context.connections.recheckSocket(target.socket, true);
  }
};

/** The handlers of the portal's own events, by name. */
export const advisoryEventHandlers = {
  'advisory.saved': advisorySaved,
  'advisory.counts': advisoryCountsChanged,
  'advisory.removed': advisoryRemoved,
  'system-message.changed': systemMessageChanged,
  'subscription.changed': subscriptionChanged,
  'access.changed': accessChanged,
} satisfies { [N in keyof import('../services/hub-events.ts').HubEventPayloads]?: EventHandler<N> };
