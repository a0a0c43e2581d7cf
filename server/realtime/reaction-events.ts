import { HUB_EVENTS } from '#shared/realtime-names.ts';
import { isoTime } from '../presenters/common.ts';
import type { EventHandler } from './delivery.ts';
import { userRoom } from './sockets.ts';

// A member's own reaction to a strategy changed (chosen, changed or withdrawn), on any tab or device: every
// connection of that member learns it, so the trading page and the engagement page agree everywhere. A
// stored event: a connection that was away gets it on reconnecting. Nobody else receives it (the counts
// everyone sees travel as advisory.counts).

declare module '../services/hub-events.ts' {
  interface HubEventPayloads {
    /** `kind` null: withdrawn; `at`: when the reaction was chosen (or withdrawn). */
    'reaction.changed': { userId: string; advisoryId: number; kind: 1 | 2 | 3 | null; at: number };
  }
}

const reactionChanged: EventHandler<'reaction.changed'> = async (event, eventId, target, { io }) => {
  const payload = {
    advisoryId: event.advisoryId,
    kind: event.kind,
    reactedAt: event.kind === null ? null : isoTime(event.at),
    eventId,
  };
  if (target.kind === 'socket') {
    if (target.socket.data.principal.userId === event.userId)
      target.socket.emit(HUB_EVENTS.advisoryReactionChanged, payload);
    return;
  }
  io.to(userRoom(event.userId)).emit(HUB_EVENTS.advisoryReactionChanged, payload);
};

/** The handlers of the members' own reaction events, by name. */
export const reactionEventHandlers = {
  'reaction.changed': reactionChanged,
} satisfies { [N in keyof import('../services/hub-events.ts').HubEventPayloads]?: EventHandler<N> };
