import { describe, expect, it } from 'vitest';
import type { TraderLiveChangedPayload } from '#shared/schemas/trading.ts';
import { useHubTestKit } from '../../realtime/hub-test-kit.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { afterMoment, events } from '../../test/hub-client.ts';

// Who the hub gives a trader's live change to (hub.emitToKey): the members in the key's room whom the
// database still lets receive the key (subscribed, entitled, membership running), and the administrators,
// each connection once. Nothing is stored: it carries no event id.

const change = (keyId: number, seq: number): TraderLiveChangedPayload => ({
  keyId,
  seq,
  positions: [],
  removedPositions: [],
  orders: [],
  removedOrders: [],
  fills: [],
  closed: [],
  opened: [{ symbol: 'BTCUSDT', positionSide: 2 }],
});

describe.each(TEST_DIALECTS)('trader live changes through the hub on %s', (dialect) => {
  const kit = useHubTestKit(dialect);

  it('reaches the key’s entitled subscribers and the administrators once each, and no one else', async () => {
    const subscriber = await kit.member(['StandardUser'], { subscribe: true });
    const unsubscribed = await kit.member(['StandardUser']);
    // A member of a tag the key does not admit (who cannot subscribe to it).
    const other = await kit.member(['PremiumUser']);
    const adminToken = kit.admin.authorization.slice('Bearer '.length);
    const clients = {
      subscriber: await kit.welcomed(subscriber.token),
      unsubscribed: await kit.welcomed(unsubscribed.token),
      other: await kit.welcomed(other.token),
      admin: await kit.welcomed(adminToken),
    };
    await kit.mark(Object.values(clients));

    await kit.t.app.hub.emitToKey(kit.keyId, 'TraderLiveChanged', change(kit.keyId, 1));
    await kit.mark(Object.values(clients));
    const received = (name: keyof typeof clients) => events(clients[name].received, 'TraderLiveChanged');
    expect(received('subscriber')).toEqual([change(kit.keyId, 1)]);
    expect(received('admin')).toEqual([change(kit.keyId, 1)]);
    expect(received('unsubscribed')).toEqual([]);
    expect(received('other')).toEqual([]);
    expect(received('subscriber')[0]).not.toHaveProperty('eventId');

    // The key stops admitting StandardUser: the subscriber no longer receives it, even before its
    // connection is brought up to date.
    const res = await kit.post('/api/TraderKey/UpdateApiKeySubConfig', { id: kit.keyId, permissionMap: [] });
    expect(res.statusCode, res.body).toBe(200);
    await kit.t.app.hub.emitToKey(kit.keyId, 'TraderLiveChanged', change(kit.keyId, 2));
    await kit.mark(Object.values(clients));
    expect(received('subscriber')).toEqual([change(kit.keyId, 1)]);
    expect(received('admin')).toEqual([change(kit.keyId, 1), change(kit.keyId, 2)]);
  });

  it('stops reaching a subscriber at once when their tag is taken away or their membership runs out', async () => {
    const roles = (
      await kit.t.app.inject({ url: '/api/Management/GetRoles', headers: kit.admin })
    ).json() as {
      roleId: number;
      roleName: string;
    }[];
    const idsOf = (name: string) => roles.filter((role) => role.roleName === name).map((role) => role.roleId);
    // The key admits StandardUser (again: the test above took it away).
    const opened = await kit.post('/api/TraderKey/UpdateApiKeySubConfig', {
      id: kit.keyId,
      permissionMap: idsOf('StandardUser'),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const watcher = await kit.member(['StandardUser'], { subscribe: true });
    const demoted = await kit.member(['StandardUser'], { subscribe: true });
    // Nothing is written when a membership runs out: delivery compares its end with the time of sending.
    // The end lies far beyond the set-up, and the clock is moved past it below.
    const memberUntil = Date.now() + 60_000;
    const lapsing = await kit.member(['StandardUser'], { subscribe: true, memberUntil });
    const clients = {
      watcher: await kit.welcomed(watcher.token),
      demoted: await kit.welcomed(demoted.token),
      lapsing: await kit.welcomed(lapsing.token),
    };
    const received = (name: keyof typeof clients) => events(clients[name].received, 'TraderLiveChanged');
    await kit.t.app.hub.emitToKey(kit.keyId, 'TraderLiveChanged', change(kit.keyId, 1));
    await kit.mark(Object.values(clients));
    for (const name of ['watcher', 'demoted', 'lapsing'] as const) expect(received(name)).toHaveLength(1);

    // The administrator takes StandardUser away from one of them (they keep their membership).
    const res = await kit.post('/api/Management/AssignUserRole', {
      userId: demoted.user.id,
      permissionMap: idsOf('PremiumUser'),
      memberDays: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    await afterMoment(memberUntil, async () => {
      await kit.t.app.hub.emitToKey(kit.keyId, 'TraderLiveChanged', change(kit.keyId, 2));
      await kit.mark(Object.values(clients));
    });
    expect(received('watcher')).toEqual([change(kit.keyId, 1), change(kit.keyId, 2)]);
    expect(received('demoted')).toEqual([change(kit.keyId, 1)]);
    expect(received('lapsing')).toEqual([change(kit.keyId, 1)]);
  });
});
