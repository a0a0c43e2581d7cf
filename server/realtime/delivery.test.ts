import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { afterMoment, connected, events, eventually, type HubClient } from '../test/hub-client.ts';
import { signIn } from '../test/sign-in.ts';
import { useHubTestKit } from './hub-test-kit.ts';

// Who receives what (delivery.ts, advisory-events.ts): strategies only for entitled subscribers, as access
// and subscriptions change; system messages for everyone signed in; reaction counts. That something was
// not delivered is shown by a later event (k.mark) the same client does receive.

type Counts = Record<string, Record<string, number>>;

describe.each(TEST_DIALECTS)('hub delivery on %s', (dialect) => {
  const k = useHubTestKit(dialect);
  const live = (c: HubClient) => events(c.received, 'LoadAdvisory').filter((p) => p.replace === false);

  it('sends the snapshot on connect and pushes a new strategy only to entitled subscribers', async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const notSubscribed = await k.member(['StandardUser']);
    const notPermitted = await k.member(['PremiumUser']);
    // A premium member cannot even subscribe to a key that admits only StandardUser.
    expect((await k.subscribe(notPermitted, true)).statusCode).toBe(403);

    const a = k.open(subscriber.token);
    const b = k.open(notSubscribed.token);
    const c = k.open(notPermitted.token);
    await Promise.all([connected(a.socket), connected(b.socket), connected(c.socket)]);
    const sub = await eventually(() => events(a.received, 'LoadAdvisorySub')[0]);
    expect(sub.keys).toEqual([{ id: k.keyId, keyName: 'Alpha', subscribed: true }]);
    await eventually(() => events(a.received, 'LoadSystemMessage')[0]);
    expect((await eventually(() => events(c.received, 'LoadAdvisorySub')[0])).keys).toEqual([]);

    const saved = await k.post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'BTC 突破',
      advisoryDesc: '内部说明',
      content: '<p>做多<script>x()</script></p>',
      apiKeyArray: [k.keyId],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pushed = await eventually(() => live(a)[0]);
    const [dto] = pushed.advisoryDtos as Array<Record<string, unknown>>;
    expect(dto).toMatchObject({
      id: saved.json().id,
      title: 'BTC 突破',
      content: '<p>做多</p>',
      apiKeyArray: [k.keyId],
      traders: [{ id: k.keyId, keyName: 'Alpha' }],
    });
    expect(dto).not.toHaveProperty('advisoryDesc');
    expect(JSON.stringify(a.received)).not.toContain('内部说明');
    await k.mark([b, c]);
    expect(live(b)).toEqual([]);
    expect(live(c)).toEqual([]);

    // A reaction changes the counts everyone entitled sees.
    const id = dto!.id as number;
    expect((await k.follow(subscriber, id, 2)).statusCode).toBe(200);
    const counts = await eventually(() =>
      events(a.received, 'LoadAdvisoryCount').find((p) => (p.counts as Counts)[String(id)]?.['2'] === 1),
    );
    expect(counts.replace).toBe(false);
    // The member's own choice is kept for the next page load.
    const mine = await k.t.app.inject({ url: '/api/AdvisoryFeedBack/Mine', headers: subscriber.auth });
    expect(mine.json()).toEqual({ [String(id)]: 2 });
    const others = await k.t.app.inject({ url: '/api/AdvisoryFeedBack/Mine', headers: notSubscribed.auth });
    expect(others.json()).toEqual({});
    expect((await k.follow(notSubscribed, id, 1)).statusCode).toBe(404);
  });

  it('stops delivery at once when the key no longer admits the member, or is switched off', async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const s = await k.welcomed(subscriber.token);
    const permit = (roleId: number | undefined) =>
      k.post('/api/TraderKey/UpdateApiKeySubConfig', { id: k.keyId, permissionMap: [roleId] });
    await permit(k.roleIds.PremiumUser);
    expect((await k.publishAdvisory('hidden 1')).statusCode).toBe(200);
    await permit(k.roleIds.StandardUser);
    await k.post('/api/TraderKey/ActiviateApiKey', { apiKeyId: k.keyId, active: false });
    const inactive = await k.publishAdvisory('hidden 2');
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors.apiKeyArray).toEqual(['所选Trader未启用或不存在']);
    await k.post('/api/TraderKey/ActiviateApiKey', { apiKeyId: k.keyId, active: true });
    await k.mark([s]);
    // Never pushed live while the member did not qualify (once admitted again, the feed is theirs again).
    expect(JSON.stringify(live(s))).not.toContain('hidden 1');
    // While not admitted, the refreshed feed was empty of this key's strategies.
    expect(events(s.received, 'LoadAdvisorySub').some((p) => (p.keys as unknown[]).length === 0)).toBe(true);
  });

  it('follows a member in and out of a trader at once as their subscription and access change', async () => {
    const m = await k.member(['StandardUser'], { subscribe: true });
    const s = await k.welcomed(m.token);
    const publish = async (title: string) => expect((await k.publishAdvisory(title)).statusCode).toBe(200);
    const liveTitles = () => JSON.stringify(live(s));

    // Unsubscribed: the very next strategy does not reach them.
    expect((await k.subscribe(m, false)).statusCode).toBe(200);
    await publish('after unsubscribing');
    // Subscribed again: the next one does, live.
    expect((await k.subscribe(m, true)).statusCode).toBe(200);
    await eventually(() => events(s.received, 'AdvisorySubChanged').find((p) => p.subscribed === true));
    await publish('after subscribing again');
    await eventually(() => (liveTitles().includes('after subscribing again') ? true : undefined));
    expect(liveTitles()).not.toContain('after unsubscribing');

    // A role the key does not admit while connected (still a member, so not disconnected): nothing in
    // between, and live again on the same connection once the role is back.
    await k.post('/api/Management/AssignUserRole', {
      userId: m.user.id,
      permissionMap: [k.roleIds.PremiumUser],
    });
    await publish('while not admitted');
    await k.post('/api/Management/AssignUserRole', {
      userId: m.user.id,
      permissionMap: [k.roleIds.StandardUser],
    });
    await publish('admitted again');
    await eventually(() => (liveTitles().includes('admitted again') ? true : undefined));
    await k.mark([s]);
    expect(s.socket.connected).toBe(true);
    expect(liveTitles()).not.toContain('while not admitted');
  });

  it('sends a strategy for several traders once, and only through a trader the member still qualifies for', async () => {
    const beta = (
      await k.post('/api/TraderKey/AddApiKey', {
        keyName: 'Beta',
        keyValue: 'AKIA-BETA-01',
        secretValue: 'beta-secret-value',
        coEfficient: 1,
        leverageCoefficient: 1,
      })
    ).json().id as number;
    await k.post('/api/TraderKey/UpdateApiKeySubConfig', {
      id: beta,
      permissionMap: [k.roleIds.StandardUser],
    });
    const m = await k.member(['StandardUser'], { subscribe: true });
    expect((await k.subscribe(m, true, beta)).statusCode).toBe(200);
    const s = await k.welcomed(m.token);
    // Beta stops admitting StandardUser behind the hub's back (no event): delivery reads it from the database.
    await k.db().deleteFrom('trader_key_roles').where('key_id', '=', beta).execute();
    const both = await k.publishAdvisory('alpha and beta', [k.keyId, beta]);
    const betaOnly = await k.publishAdvisory('beta only', [beta]);
    expect([both.statusCode, betaOnly.statusCode]).toEqual([200, 200]);
    await eventually(() => (live(s).length > 0 ? true : undefined));
    await k.mark([s]);
    expect(live(s).map((p) => (p.advisoryDtos as Array<{ title: string }>).map((d) => d.title))).toEqual([
      ['alpha and beta'],
    ]);
    await k.post('/api/TraderKey/ActiviateApiKey', { apiKeyId: beta, active: false });
  });

  it('delivers system messages to every signed-in page, and removals', async () => {
    const nonMember = await createUser(k.db());
    const { tokens } = await signIn(k.t.app, nonMember.email, nonMember.password);
    const s = k.open(tokens.access_token);
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadSystemMessage')[0]);
    const saved = await k.post('/api/SystemMessage/AddOrUpdateSystemMessage', {
      title: '维护通知',
      content: '今晚维护',
      isPop: true,
    });
    expect(saved.json()).toMatchObject({
      title: '维护通知',
      publishedUserName: '',
      isPop: true,
      isRoll: false,
    });
    const upsert = await eventually(() =>
      events(s.received, 'ChangeSystemMessage').find((p) => (p.messagesToUpsert as unknown[]).length > 0),
    );
    expect(upsert.messagesToUpsert).toMatchObject([{ id: saved.json().id, title: '维护通知', isPop: true }]);
    await k.post(
      `/api/SystemMessage/UpdateSystemMessageIsRoll?messageId=${saved.json().id}&newValue=true`,
      undefined,
    );
    await eventually(() =>
      events(s.received, 'ChangeSystemMessage').find((p) => (p.rollChanges as unknown[]).length > 0),
    );
    await k.post(`/api/SystemMessage/DeleteSystemMessage?messageId=${saved.json().id}`, undefined);
    const removed = await eventually(() =>
      events(s.received, 'ChangeSystemMessage').find((p) => (p.messagesToRemove as unknown[]).length > 0),
    );
    expect(removed.messagesToRemove).toEqual([saved.json().id]);
  });

  it('stops delivering to a subscriber when their membership runs out, though still connected', async () => {
    const watcher = await k.member(['StandardUser'], { subscribe: true });
    // Nothing is written when a membership runs out: delivery compares its end with the time of sending.
    // The end lies far beyond the set-up, and the clock is moved past it below.
    const memberUntil = Date.now() + 60_000;
    const lapsing = await k.member(['StandardUser'], { subscribe: true, memberUntil });
    const l = await k.welcomed(lapsing.token);
    const w = await k.welcomed(watcher.token);
    const got = (c: HubClient, title: string) =>
      JSON.stringify(events(c.received, 'LoadAdvisory')).includes(title) || undefined;
    await k.publishAdvisory('while a member');
    await eventually(() => got(l, 'while a member') && got(w, 'while a member'));
    await afterMoment(memberUntil, async () => {
      await k.publishAdvisory('after the end');
      await eventually(() => got(w, 'after the end'));
      await k.mark([l, w]);
    });
    expect(l.socket.connected).toBe(true);
    expect(got(l, 'after the end')).toBeUndefined();
  });

  it("gives administrators every strategy's reaction counts live, once", async () => {
    const subscriber = await k.member(['StandardUser'], { subscribe: true });
    const other = await createUser(k.db(), { roles: ['Admin'] });
    const adminToken = (await signIn(k.t.app, other.email, other.password)).tokens.access_token;
    const watcher = k.open(adminToken);
    await connected(watcher.socket);
    await eventually(() => events(watcher.received, 'LoadSystemMessage')[0]);
    const saved = await k.post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'ETH 区间',
      content: '<p>x</p>',
      apiKeyArray: [k.keyId],
    });
    const advisoryId = String(saved.json().id);
    expect((await k.follow(subscriber, saved.json().id, 1)).statusCode).toBe(200);
    const liveCounts = await eventually(() =>
      events(watcher.received, 'LoadAdvisoryCount').find(
        (p) => (p.counts as Counts)[advisoryId]?.['1'] === 1,
      ),
    );
    expect(liveCounts.replace).toBe(false);
    // A later event marks the moment: the counts event came once.
    await k.mark([watcher]);
    expect(
      events(watcher.received, 'LoadAdvisoryCount').filter((p) => p.eventId === liveCounts.eventId),
    ).toHaveLength(1);
  });

  it('keeps one reaction per member and strategy, changeable, with exact counts live and on request', async () => {
    const members = await Promise.all([1, 2, 3].map(() => k.member(['StandardUser'], { subscribe: true })));
    const s = await k.welcomed(members[0]!.token);
    const id = (await k.publishAdvisory('counted')).json().id as number;
    const react = async (who: (typeof members)[number], kind: 1 | 2 | 3) => {
      const res = await k.follow(who, id, kind);
      expect(res.statusCode, res.body).toBe(200);
    };
    await react(members[0]!, 1);
    await react(members[1]!, 2);
    await react(members[2]!, 3);
    await react(members[0]!, 3); // changed its mind: following -> watching
    await react(members[1]!, 2); // the same choice again changes nothing
    const expected = { 1: 0, 2: 1, 3: 2 };
    await eventually(() =>
      events(s.received, 'LoadAdvisoryCount').find(
        (p) => JSON.stringify((p.counts as Record<string, unknown>)[String(id)]) === JSON.stringify(expected),
      ),
    );
    const counts = await k.t.app.inject({ url: '/api/Advisory/GetAdvCount', headers: members[2]!.auth });
    expect(counts.json()[String(id)]).toEqual(expected);
    const mine = await k.t.app.inject({ url: '/api/AdvisoryFeedBack/Mine', headers: members[0]!.auth });
    expect(mine.json()[String(id)]).toBe(3);
    const rows = await k
      .db()
      .selectFrom('advisory_reactions')
      .selectAll()
      .where('advisory_id', '=', id)
      .execute();
    expect(rows).toHaveLength(3);
  });
});
