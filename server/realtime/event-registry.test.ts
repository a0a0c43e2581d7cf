import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';
import { inTransaction, recordHubEvent } from '../services/hub-events.ts';
import { createUser } from '../test/factories.ts';
import { listeningTestApp } from '../test/listening-app.ts';
import { signIn } from '../test/sign-in.ts';
import { userRoom } from './sockets.ts';

// A new section adds an event without editing the hub: it declares the event's payload, records it in
// its transaction, and registers how it reaches people.
declare module '../services/hub-events.ts' {
  interface HubEventPayloads {
    'test.notice': { userId: string; advisoryIds: number[] };
  }
}

describe('events registered by a section', () => {
  let t: Awaited<ReturnType<typeof listeningTestApp>>;
  let socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  let userId: string;
  const removed: Array<{ advisoryIds: number[]; eventId: number }> = [];

  beforeAll(async () => {
    t = await listeningTestApp('sqlite');
    const user = await createUser(t.testDb.database.db, { roles: ['StandardUser'], memberDays: 30 });
    userId = user.id;
    const { tokens } = await signIn(t.app, user.email, user.password);
    t.app.hub.on('test.notice', async (event, eventId, target, { io }) => {
      const to = target.kind === 'socket' ? target.socket : io.to(userRoom(event.userId));
      to.emit('RemoveAdvisoryCount', { advisoryIds: event.advisoryIds, eventId });
    });
    socket = connect(t.base, {
      path: '/AdvisoryHub',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: tokens.access_token },
    });
    const welcomed = new Promise<void>((resolve) => socket.once('LoadSystemMessage', () => resolve()));
    socket.on('RemoveAdvisoryCount', (payload) => removed.push(payload));
    await welcomed;
  });
  afterAll(async () => {
    socket?.disconnect();
    await t?.close();
  });

  it('delivers a registered event live once its transaction commits', async () => {
    const arrived = new Promise<void>((resolve) => socket.once('RemoveAdvisoryCount', () => resolve()));
    const eventId = await inTransaction(t.testDb.database.db, (trx) =>
      recordHubEvent(trx, { name: 'test.notice', userId, advisoryIds: [7] }),
    );
    await arrived;
    expect(removed).toEqual([{ advisoryIds: [7], eventId }]);
  });

  it('keeps one handler per event name', () => {
    expect(() => t.app.hub.on('test.notice', async () => undefined)).toThrow(/already registered/);
    expect(() => t.app.hub.on('advisory.saved', async () => undefined)).toThrow(/already registered/);
  });
});
