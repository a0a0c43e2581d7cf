import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onchainAlertPayload } from '#shared/realtime.ts';
import { parseOnchainWatch } from '../../chain/onchain-config.ts';
import { createOnchainWatcher } from '../../chain/onchain-watcher.ts';
import { useHubTestKit } from '../../realtime/hub-test-kit.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { EvmRpcFake } from '../../test/evm-rpc-fake.ts';
import { connected, events, eventually } from '../../test/hub-client.ts';
import { insertAlert, validAlert } from '../../test/onchain-fixtures.ts';

// On-chain alerts on the hub, through real socket.io clients on both databases: an alert published by hand,
// from the queue or by the watcher reaches every member (administrators included) as OnchainAlert, an edit
// of a published one as OnchainAlert with `edited`, a deleted one as OnchainAlertRemoved; queued and
// discarded alerts reach nobody, and neither does anything reach a signed-in non-member, live or replayed.

describe.each(TEST_DIALECTS)('on-chain alerts on the hub on %s', (dialect) => {
  const kit = useHubTestKit(dialect);
  let fake: EvmRpcFake;
  beforeAll(async () => {
    fake = new EvmRpcFake({ chainId: 1, head: 1_000 });
    await fake.start();
  });
  afterAll(async () => {
    await fake?.stop();
  });
  const alertIds = (client: { received: Array<{ event: string; payload: Record<string, unknown> }> }) =>
    events(client.received, 'OnchainAlert').map((p) => {
      const payload = onchainAlertPayload.parse(p);
      return [payload.alert.id, payload.edited];
    });

  it('pushes published alerts, edits and deletions to members only', async () => {
    const member = await kit.member(['StandardUser']);
    const nonMember = await kit.member([], { memberDays: 0 });
    const adminToken = kit.admin.authorization.slice('Bearer '.length);
    const clients = {
      member: await kit.welcomed(member.token),
      nonMember: await kit.welcomed(nonMember.token),
      admin: await kit.welcomed(adminToken),
    };
    const all = Object.values(clients);

    const added = await kit.post('/api/Onchain/AddAlert', validAlert({ logIndex: 1 }));
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().id as number;
    await kit.mark(all);
    const [pushed] = events(clients.member.received, 'OnchainAlert');
    expect(pushed).toMatchObject({
      alert: { id, amount: '25000000.5', direction: 'exchange_inflow', to: { label: null } },
      edited: false,
      eventId: expect.any(Number),
    });
    expect(alertIds(clients.admin)).toEqual([[id, false]]);
    expect(events(clients.nonMember.received, 'OnchainAlert')).toEqual([]);

    // The watcher's queue: nothing until an admin publishes; a discarded one never.
    const queued = await insertAlert(kit.db(), { status: 'queued', source: 'watcher' });
    const discarded = await insertAlert(kit.db(), { status: 'queued', source: 'watcher' });
    expect(
      (await kit.post('/api/Onchain/UpdateAlert', { ...validAlert({ logIndex: 2 }), id: queued })).statusCode,
    ).toBe(200);
    expect((await kit.post('/api/Onchain/DiscardAlert', { id: discarded })).statusCode).toBe(200);
    expect((await kit.post('/api/Onchain/PublishAlert', { id: queued })).statusCode).toBe(200);
    expect(
      (await kit.post('/api/Onchain/UpdateAlert', { ...validAlert({ logIndex: 1 }), id, comment: 'edited' }))
        .statusCode,
    ).toBe(200);
    expect((await kit.post('/api/Onchain/DeleteAlert', { id: discarded })).statusCode).toBe(200);
    expect((await kit.post('/api/Onchain/DeleteAlert', { id })).statusCode).toBe(200);
    await kit.mark(all);
    for (const client of [clients.member, clients.admin]) {
      expect(alertIds(client)).toEqual([
        [id, false],
        [queued, false],
        [id, true],
      ]);
      expect(events(client.received, 'OnchainAlertRemoved')).toEqual([
        { alertId: id, eventId: expect.any(Number) },
      ]);
    }
    expect(events(clients.nonMember.received, 'OnchainAlert')).toEqual([]);
    expect(events(clients.nonMember.received, 'OnchainAlertRemoved')).toEqual([]);
  });

  it('replays what a member missed, and nothing to a non-member', async () => {
    const member = await kit.member(['StandardUser']);
    const nonMember = await kit.member([], { memberDays: 0 });
    const before = await kit.welcomed(member.token);
    await kit.post('/api/Onchain/AddAlert', validAlert({ logIndex: 10 }));
    await kit.mark([before]);
    const lastEventId = events(before.received, 'OnchainAlert').at(-1)!.eventId as number;
    before.socket.disconnect();

    const missed = (
      await kit.post('/api/Onchain/AddAlert', validAlert({ logIndex: 11, comment: 'missed' }))
    ).json().id as number;
    const back = kit.open(member.token, { lastEventId });
    await connected(back.socket);
    const replayed = onchainAlertPayload.parse(
      await eventually(() => events(back.received, 'OnchainAlert')[0]),
    );
    expect(replayed.alert).toMatchObject({ id: missed, comment: 'missed' });
    const outsider = kit.open(nonMember.token, { lastEventId });
    await connected(outsider.socket);
    await kit.mark([back, outsider]);
    expect(events(back.received, 'OnchainAlert')).toHaveLength(1);
    expect(events(outsider.received, 'OnchainAlert')).toEqual([]);
  });

  it('pushes what the watcher publishes, with the direction its labels give', async () => {
    const exchange = `0x${'ec'.repeat(20)}`;
    expect(
      (await kit.post('/api/Onchain/AddLabel', { address: exchange, name: 'Coinbase', kind: 'exchange' }))
        .statusCode,
    ).toBe(200);
    const member = await kit.member(['PremiumUser']);
    const client = await kit.welcomed(member.token);
    const watcher = createOnchainWatcher({
      database: kit.t.testDb.database,
      chains: parseOnchainWatch(
        JSON.stringify({
          chains: [
            {
              chain: 'ethereum',
              rpcUrl: fake.url,
              confirmations: 2,
              tokens: [
                {
                  symbol: 'USDC',
                  address: `0x${'c0'.repeat(20)}`,
                  decimals: 6,
                  queueAbove: 1_000_000,
                  publishAbove: 10_000_000,
                },
              ],
            },
          ],
        }),
      ).chains,
      log: { info() {}, warn() {}, error() {} },
    });
    try {
      await watcher.runOnce();
      fake.addTransfer({
        token: `0x${'c0'.repeat(20)}`,
        from: `0x${'a1'.repeat(20)}`,
        to: exchange,
        value: 12_000_000n * 10n ** 6n,
        block: 1_005,
      });
      fake.head = 1_010;
      const [run] = await watcher.runOnce();
      expect(run?.published).toHaveLength(1);
      const pushed = onchainAlertPayload.parse(
        await eventually(() => events(client.received, 'OnchainAlert')[0]),
      );
      expect(pushed.alert).toMatchObject({
        id: run!.published[0],
        asset: 'USDC',
        amount: '12000000',
        direction: 'exchange_inflow',
        to: { address: exchange, label: { name: 'Coinbase', kind: 'exchange' } },
        importance: 'high',
      });
    } finally {
      await watcher.stop();
    }
  });
});
