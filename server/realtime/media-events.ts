import { MEDIA_PUSH_LIMIT } from '#shared/realtime.ts';
import { canSeeHiddenMediaItems } from '../policies/media.ts';
import { isMember } from '../policies/membership.ts';
import { presentMediaItem } from '../presenters/media.ts';
import { readMediaItems } from '../services/media-items.ts';
import type { EventHandler } from './delivery.ts';
import { ADMINS, MEMBERS } from './sockets.ts';

// How media monitoring's events reach people (registered with the hub in hub.ts): every member (admins
// included) receives the items a feed read brought and the administrators' hiding and pinning. Both are
// stored events, so a member who was away gets them on reconnecting, once. Items are read at delivery
// time: one hidden since it was stored is not pushed to members.

declare module '../services/hub-events.ts' {
  interface HubEventPayloads {
    /** A read of a source stored these items; `notify`: not the source's first read (its backlog). */
    'media.added': { itemIds: number[]; notify: boolean };
    /** An administrator hid, showed, pinned or unpinned an item. */
    'media.changed': { itemId: number };
  }
}

const mediaAdded: EventHandler<'media.added'> = async (event, eventId, target, { db, io }) => {
  const records = await readMediaItems(db, event.itemIds, { withHidden: false, limit: MEDIA_PUSH_LIMIT });
  if (records.length === 0) return;
  const payload = {
    items: records.map(presentMediaItem),
    more: event.itemIds.length > records.length,
    notify: event.notify,
    eventId,
  };
  if (target.kind === 'socket') {
    if (isMember(target.socket.data.principal)) target.socket.emit('MediaItemsAdded', payload);
    return;
  }
  io.to(MEMBERS).emit('MediaItemsAdded', payload);
};

const mediaChanged: EventHandler<'media.changed'> = async (event, eventId, target, { db, io }) => {
  const [record] = await readMediaItems(db, [event.itemId], { withHidden: true, limit: 1 });
  // Deleted with its source since: nothing to show or hide.
  if (!record) return;
  const item = presentMediaItem(record);
  const flags = { id: item.id, hidden: item.hidden, pinned: item.pinned, eventId };
  const full = { ...flags, item };
  const forMembers = { ...flags, item: item.hidden ? null : item };
  if (target.kind === 'socket') {
    const { principal } = target.socket.data;
    if (canSeeHiddenMediaItems(principal)) target.socket.emit('MediaItemChanged', full);
    else if (isMember(principal)) target.socket.emit('MediaItemChanged', forMembers);
    return;
  }
  io.to(ADMINS).emit('MediaItemChanged', full);
  io.to(MEMBERS).except(ADMINS).emit('MediaItemChanged', forMembers);
};

/** The handlers of media monitoring's events, by name. */
export const mediaEventHandlers = {
  'media.added': mediaAdded,
  'media.changed': mediaChanged,
} satisfies { [N in keyof import('../services/hub-events.ts').HubEventPayloads]?: EventHandler<N> };
