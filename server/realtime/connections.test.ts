import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../test/databases.ts';
import { connected, events, eventually, refused, untilTime } from '../test/hub-client.ts';
import { CLAIM_LEASE_MS } from './event-queue.ts';
import { useHubTestKit } from './hub-test-kit.ts';

// A connection's life (connections.ts, catch-up.ts): the handshake, replay after a short absence, being
// brought up to date or dropped when access changes, and what a client gets when it comes back.

describe.each(TEST_DIALECTS)('hub connections on %s', (dialect) => {
  const k = useHubTestKit(dialect);

  it('refuses a handshake with no token, an expired or a foreign-audience token, or a foreign origin', async () => {
    expect(await refused(k.open(undefined).socket)).toBe('unauthorized');
    const inAMinute = Math.floor(Date.now() / 1000) + 60;
    const expired = await k.forge({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 5 });
    expect(await refused(k.open(expired).socket)).toBe('unauthorized');
    const foreign = await k.forge({ sub: 'x', aud: 'https://other.example/api', exp: inAMinute });
    expect(await refused(k.open(foreign).socket)).toBe('unauthorized');
    const m = await k.member(['StandardUser']);
    expect(await refused(k.open(m.token, { origin: 'https://evil.example' }).socket)).toMatch(
      /websocket error|xhr poll error|unauthorized|Unexpected server response/,
    );
  });

  it('replays what a client missed when it reconnects with its last event id', async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const first = k.open(subscriber.token);
    await connected(first.socket);
    const sub = await eventually(() => events(first.received, 'LoadAdvisorySub')[0]);
    const lastEventId = sub.eventId as number;
    first.socket.disconnect();
    const missed = await k.publishAdvisory('while away');
    const again = k.open(subscriber.token, { lastEventId });
    await connected(again.socket);
    const replayed = await eventually(() =>
      events(again.received, 'LoadAdvisory').find((p) => p.replace === false),
    );
    expect((replayed.advisoryDtos as Array<{ id: number }>)[0]?.id).toBe(missed.json().id);
    expect(replayed.eventId as number).toBeGreaterThan(lastEventId);
  });

  it('disconnects a member whose access ends', async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const s = k.open(subscriber.token);
    await connected(s.socket);
    const gone = new Promise<string>((resolve) => s.socket.once('disconnect', (reason) => resolve(reason)));
    await k.post('/api/Management/AssignUserRole', { userId: subscriber.user.id, permissionMap: [] });
    expect(await gone).toBe('io server disconnect');
  });

  it('disconnects a member whose access ends after the token they connected with expired', async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const exp = Math.floor(Date.now() / 1000) + 2;
    const s = await k.welcomed(await k.forge({ sub: subscriber.user.id, exp }));
    // The token's expiry is a moment on the clock: wait for it to pass.
    await untilTime(exp * 1000 + 100);
    const gone = new Promise<string>((resolve) => s.socket.once('disconnect', (reason) => resolve(reason)));
    await k.post('/api/Management/AssignUserRole', { userId: subscriber.user.id, permissionMap: [] });
    expect(await gone).toBe('io server disconnect');
  });

  it('drops a connection it could not bring up to date, which then comes back to the current state', async () => {
    const subscriber = await k.member(['StandardUser', 'PremiumUser'], { subscribe: true });
    const first = k.open(subscriber.token);
    await connected(first.socket);
    const before = await eventually(() => events(first.received, 'LoadAdvisorySub')[0]);
    expect(JSON.stringify(before)).toContain('"subscribed":true');
    // The database fails while the hub re-reads the member after an access change (still a member, so
    // nothing else would disconnect them): rather than keep stale rooms, the hub drops the connection.
    const gone = new Promise<string>((resolve) =>
      first.socket.once('disconnect', (reason) => resolve(reason)),
    );
    await sql`alter table system_messages rename to system_messages_away`.execute(k.db());
    try {
      await k.post('/api/Management/AssignUserRole', {
        userId: subscriber.user.id,
        permissionMap: [k.roleIds.PremiumUser],
      });
      expect(await gone).toBe('io server disconnect');
    } finally {
      await sql`alter table system_messages_away rename to system_messages`.execute(k.db());
    }
    const again = k.open(subscriber.token);
    await connected(again.socket);
    const after = await eventually(() => events(again.received, 'LoadAdvisorySub')[0]);
    expect(after).toMatchObject({ keys: [] });
    expect((await k.publishAdvisory('after the fault')).statusCode).toBe(200);
    // A later event the client does receive: by then the strategy would have arrived, had it been sent.
    await k.mark([again]);
    expect(JSON.stringify(events(again.received, 'LoadAdvisory'))).not.toContain('after the fault');
  });

  it('sends the feed anew to a client reconnecting after its access changed while it was away', async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const first = k.open(subscriber.token);
    await connected(first.socket);
    const lastEventId = (await eventually(() => events(first.received, 'LoadAdvisorySub')[0]))
      .eventId as number;
    first.socket.disconnect();
    await k.post('/api/TraderKey/UpdateApiKeySubConfig', {
      id: k.keyId,
      permissionMap: [k.roleIds.PremiumUser],
    });
    try {
      const again = k.open(subscriber.token, { lastEventId });
      await connected(again.socket);
      const keys = await eventually(() =>
        events(again.received, 'LoadAdvisorySub').find((p) => (p.keys as unknown[]).length === 0),
      );
      expect(keys.keys).toEqual([]);
      const feed = await eventually(() => events(again.received, 'LoadAdvisory').find((p) => p.replace));
      expect(feed.advisoryDtos).toEqual([]);
    } finally {
      await k.post('/api/TraderKey/UpdateApiKeySubConfig', {
        id: k.keyId,
        permissionMap: [k.roleIds.StandardUser],
      });
    }
  });

  it('does not hold up a change of access published while a connection is still being welcomed', async () => {
    // The welcome's catch-up waits for an event still being published; publishing it re-reads the
    // connection. Neither may wait for the other (that would stall both until the event's claim ran out).
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const took: number[] = [];
    for (let round = 0; round < 8; round++) {
      const client = k.open(subscriber.token);
      const started = performance.now();
      const permissionMap =
        round % 2 === 0 ? [k.roleIds.StandardUser, k.roleIds.PremiumUser] : [k.roleIds.StandardUser];
      expect(
        (await k.post('/api/Management/AssignUserRole', { userId: subscriber.user.id, permissionMap }))
          .statusCode,
      ).toBe(200);
      took.push(performance.now() - started);
      // The connection still ends up welcomed and in the current state.
      await connected(client.socket);
      await k.mark([client]);
      client.socket.disconnect();
    }
    expect(Math.max(...took)).toBeLessThan(CLAIM_LEASE_MS / 2);
  });
});
