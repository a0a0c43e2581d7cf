import { describe, expect, it } from 'vitest';
import type { TraderLiveChangedPayload } from '#shared/schemas/trading.ts';
import { useHubTestKit } from '../../realtime/hub-test-kit.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { events } from '../../test/hub-client.ts';

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
});
