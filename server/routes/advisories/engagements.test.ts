import { beforeAll, describe, expect, it } from 'vitest';
import type { AdvisoryReactionChangedPayload, WithEventId } from '#shared/realtime.ts';
import type { EngagementPage } from '#shared/schemas/advisories.ts';
import { useHubTestKit } from '../../realtime/hub-test-kit.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { events, eventually } from '../../test/hub-client.ts';

// The engagement page's calls (the strategies a member reacted to, with filters, changing and withdrawing a
// reaction) and the member's own reaction pushed to every connection of theirs, through real socket.io
// clients: the member's other connection gets the change, another member does not ("not received" is shown
// by a later marker event), and a connection that was away is replayed it.

type Who = { auth: { authorization: string } };

describe.each(TEST_DIALECTS)('engagement strategy on %s', (dialect) => {
  const kit = useHubTestKit(dialect);
  let betaId: number;

  beforeAll(async () => {
    const added = await kit.post('/api/TraderKey/AddApiKey', {
      keyName: 'Beta',
      keyValue: 'AKIA-654321',
      secretValue: 'another-secret-value',
      coEfficient: 1,
      leverageCoefficient: 1,
    });
    expect(added.statusCode, added.body).toBe(200);
    betaId = added.json().id;
    await kit.post('/api/TraderKey/UpdateApiKeySubConfig', {
      id: betaId,
      permissionMap: [kit.roleIds.StandardUser],
    });
  });

  const engagements = async (who: Who, query = '') => {
    const res = await kit.t.app.inject({
      url: `/api/AdvisoryFeedBack/MyEngagements${query}`,
      headers: who.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EngagementPage;
  };
  const withdraw = (who: Who, advisoryId: number) =>
    kit.t.app.inject({
      method: 'POST',
      url: '/api/AdvisoryFeedBack/Withdraw',
      headers: who.auth,
      payload: { advisoryId },
    });
  const publish = async (title: string, keys: number[]) => {
    const res = await kit.publishAdvisory(title, keys);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  };
  const react = async (who: Who, id: number, kind: 1 | 2 | 3) => {
    const res = await kit.follow(who, id, kind);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('lists the strategies a member reacted to, newest reaction first, filtered and paged', async () => {
    const member = await kit.member(['StandardUser'], { subscribe: true });
    expect((await kit.subscribe(member, true, betaId)).statusCode).toBe(200);
    const other = await kit.member(['StandardUser'], { subscribe: true });
    const first = await publish('BTC breakout', [kit.keyId]);
    const second = await publish('ETH range', [kit.keyId, betaId]);
    const third = await publish('SOL short', [betaId]);
    await react(member, first, 1);
    await react(member, second, 2);
    await react(member, third, 3);
    await react(other, first, 1);

    const all = await engagements(member);
    expect(all.total).toBe(3);
    expect(all.traders).toEqual([
      { id: kit.keyId, keyName: 'Alpha' },
      { id: betaId, keyName: 'Beta' },
    ]);
    expect(all.records.map((r) => r.advisoryId)).toEqual([third, second, first]);
    expect(all.records[1]).toEqual({
      advisoryId: second,
      title: 'ETH range',
      createdTimestamp: expect.any(String),
      traders: [
        { id: kit.keyId, keyName: 'Alpha' },
        { id: betaId, keyName: 'Beta' },
      ],
      kind: 2,
      reactedAt: expect.any(String),
      available: true,
      counts: { 1: 0, 2: 1, 3: 0 },
    });
    expect(all.records[2]!.counts).toEqual({ 1: 2, 2: 0, 3: 0 });

    expect((await engagements(member, '?kind=1')).records.map((r) => r.advisoryId)).toEqual([first]);
    expect((await engagements(member, `?keyId=${betaId}`)).records.map((r) => r.advisoryId)).toEqual([
      third,
      second,
    ]);
    expect((await engagements(member, `?keyId=${betaId}&kind=2`)).total).toBe(1);
    const page = await engagements(member, '?pageSize=2&current=2');
    expect(page).toMatchObject({ total: 3, records: [expect.objectContaining({ advisoryId: first })] });
    expect((await engagements(other)).records.map((r) => r.advisoryId)).toEqual([first]);
    const bad = await kit.t.app.inject({
      url: '/api/AdvisoryFeedBack/MyEngagements?kind=4',
      headers: member.auth,
    });
    expect(bad.statusCode).toBe(400);

    // Changing a reaction moves it to the top; the same choice again changes nothing.
    const before = all.records[2]!.reactedAt;
    await react(member, first, 3);
    const changed = await engagements(member);
    expect(changed.records[0]).toMatchObject({ advisoryId: first, kind: 3, counts: { 1: 1, 2: 0, 3: 1 } });
    expect(Date.parse(changed.records[0]!.reactedAt)).toBeGreaterThanOrEqual(Date.parse(before));
    const again = changed.records[0]!.reactedAt;
    await react(member, first, 3);
    expect((await engagements(member)).records[0]!.reactedAt).toBe(again);

    // Withdrawn: gone from the list, the counts and the member's reactions; withdrawing again is harmless.
    expect((await withdraw(member, second)).statusCode).toBe(200);
    expect((await withdraw(member, second)).statusCode).toBe(200);
    expect((await engagements(member)).records.map((r) => r.advisoryId)).toEqual([first, third]);
    const mine = await kit.t.app.inject({ url: '/api/AdvisoryFeedBack/Mine', headers: member.auth });
    expect(mine.json()).toEqual({ [first]: 3, [third]: 3 });
    const counts = await kit.t.app.inject({ url: '/api/Advisory/GetAdvCount', headers: other.auth });
    expect(counts.json()[String(second)]).toEqual({ 1: 0, 2: 0, 3: 0 });

    // No longer subscribed to Beta: still listed, but not to be changed, and its counts are not shown.
    expect((await kit.subscribe(member, false, betaId)).statusCode).toBe(200);
    const unsubscribed = (await engagements(member)).records.find((r) => r.advisoryId === third);
    expect(unsubscribed).toMatchObject({ available: false, counts: null, kind: 3 });
    expect((await kit.follow(member, third, 1)).statusCode).toBe(404);
    expect((await withdraw(member, third)).statusCode).toBe(200);
    expect((await engagements(member)).records.map((r) => r.advisoryId)).toEqual([first]);
  });

  it("pushes a member's own reaction to all of their connections and to nobody else", async () => {
    const member = await kit.member(['StandardUser'], { subscribe: true });
    const other = await kit.member(['StandardUser'], { subscribe: true });
    const id = await publish('Pushed reactions', [kit.keyId]);
    const tab = await kit.welcomed(member.token);
    const otherTab = await kit.welcomed(member.token);
    const stranger = await kit.welcomed(other.token);
    const changes = (c: { received: Parameters<typeof events>[0] }) =>
      events(c.received, 'AdvisoryReactionChanged') as unknown as Array<
        WithEventId<AdvisoryReactionChangedPayload>
      >;

    await react(member, id, 1);
    const pushed = await eventually(() => changes(otherTab)[0]);
    expect(pushed).toEqual({
      advisoryId: id,
      kind: 1,
      reactedAt: expect.any(String),
      eventId: expect.any(Number),
    });
    expect(changes(tab)).toEqual([pushed]);
    await react(member, id, 1); // the same choice again: nothing to announce
    await react(member, id, 2);
    expect((await withdraw(member, id)).statusCode).toBe(200);
    await react(other, id, 3);
    await kit.mark([tab, otherTab, stranger]);
    expect(changes(otherTab).map((c) => c.kind)).toEqual([1, 2, null]);
    expect(changes(otherTab)[2]).toMatchObject({ reactedAt: null });
    expect(changes(tab)).toEqual(changes(otherTab));
    expect(changes(stranger).map((c) => c.kind)).toEqual([3]);

    // A connection that was away is replayed what it missed, once.
    const lastSeen = changes(otherTab)[2]!.eventId;
    otherTab.socket.disconnect();
    await react(member, id, 3);
    const back = kit.open(member.token, { lastEventId: lastSeen });
    await eventually(() => changes(back)[0]);
    await kit.mark([back]);
    expect(changes(back)).toEqual([expect.objectContaining({ advisoryId: id, kind: 3 })]);
    expect(changes(stranger).map((c) => c.kind)).toEqual([3]);
  });

  it('refuses the engagement calls to non-members', async () => {
    const nonMember = await kit.member([], { memberDays: 0 });
    expect(
      (await kit.t.app.inject({ url: '/api/AdvisoryFeedBack/MyEngagements', headers: nonMember.auth }))
        .statusCode,
    ).toBe(403);
    expect((await withdraw(nonMember, 1)).statusCode).toBe(403);
  });
});
