import { canReadOnchainAlerts } from '../policies/onchain.ts';
import { presentOnchainAlert } from '../presenters/onchain.ts';
import { readOnchainAlerts } from '../services/onchain-alerts.ts';
import type { EventHandler } from './delivery.ts';
import { ADMINS, MEMBERS } from './sockets.ts';

// How on-chain monitoring's events reach people (registered with the hub in hub.ts): every member
// (administrators included) receives an alert when it is published (by hand, from the queue or by the
// watcher) or a published one is changed, and hears when a published one is deleted. Both are stored
// events, so a member who was away gets them on reconnecting, once. The alert is read at delivery time:
// one deleted since is not pushed (its own removal event follows).

declare module '../services/hub-events.ts' {
  interface HubEventPayloads {
    /** An alert was published, or (`edited`) a published one was changed. */
    'onchain.published': { alertId: number; edited?: boolean };
    /** A published alert was deleted. */
    'onchain.removed': { alertId: number };
  }
}

const onchainPublished: EventHandler<'onchain.published'> = async (event, eventId, target, { db, io }) => {
  const [record] = await readOnchainAlerts(db, [event.alertId], { anyStatus: false });
  if (!record) return;
  const payload = { alert: presentOnchainAlert(record), edited: event.edited ?? false, eventId };
  if (target.kind === 'socket') {
    if (canReadOnchainAlerts(target.socket.data.principal)) target.socket.emit('OnchainAlert', payload);
    return;
  }
  io.to([MEMBERS, ADMINS]).emit('OnchainAlert', payload);
};

const onchainRemoved: EventHandler<'onchain.removed'> = async (event, eventId, target, { io }) => {
  const payload = { alertId: event.alertId, eventId };
  if (target.kind === 'socket') {
    if (canReadOnchainAlerts(target.socket.data.principal))
      target.socket.emit('OnchainAlertRemoved', payload);
    return;
  }
  io.to([MEMBERS, ADMINS]).emit('OnchainAlertRemoved', payload);
};

/** The handlers of on-chain monitoring's events, by name. */
export const onchainEventHandlers = {
  'onchain.published': onchainPublished,
  'onchain.removed': onchainRemoved,
} satisfies { [N in keyof import('../services/hub-events.ts').HubEventPayloads]?: EventHandler<N> };
