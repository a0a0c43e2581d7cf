import { importJWK, SignJWT } from 'jose';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';
import { loadSigningKey } from '../oidc/keys.ts';
import { TEST_DIALECTS } from '../test/databases.ts';
import { createUser } from '../test/factories.ts';
import { listeningTestApp } from '../test/listening-app.ts';
import { signIn } from '../test/sign-in.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Received = Array<{ event: string; payload: Record<string, unknown> }>;

/** A real socket.io client that records every event it receives. */
function client(
  base: string,
  token: string | undefined,
  options: { origin?: string; lastEventId?: number } = {},
) {
  const received: Received = [];
  const socket: Client = connect(base, {
    path: '/AdvisoryHub',
    transports: ['websocket'],
    reconnection: false,
    auth: {
      ...(token ? { token } : {}),
      ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}),
    },
    ...(options.origin ? { extraHeaders: { origin: options.origin } } : {}),
  });
  socket.onAny((event, payload) => received.push({ event, payload }));
  return { socket, received };
}

function connected(socket: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) {
      resolve();
      return;
    }
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
}

function refused(socket: Client): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

async function eventually<T>(check: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 400));
const events = (received: Received, name: string) =>
  received.filter((r) => r.event === name).map((r) => r.payload);

describe.each(TEST_DIALECTS)('the hub on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof listeningTestApp>>;
  let admin: { authorization: string };
  const db = () => t.testDb.database.db;
  const post = (url: string, payload: unknown, headers = admin) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const sockets: Client[] = [];
  let keyId: number;
  let roleIds: Record<string, number>;

  async function member(
    roles: string[],
    options: { subscribe?: boolean; memberDays?: number; memberUntil?: number } = {},
  ) {
    const user = await createUser(db(), { roles, memberDays: options.memberDays ?? 30 });
    if (options.memberUntil !== undefined)
      await db()
        .updateTable('users')
        .set({ member_expiry_date: options.memberUntil })
        .where('id', '=', user.id)
        .execute();
    const { tokens, auth } = await signIn(t.app, user.email, user.password);
    if (options.subscribe) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Subscription/AddOrUpdateSubscriptions',
        headers: auth,
        payload: { keyId, subscribed: true },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { user, token: tokens.access_token, auth };
  }

  /** An access token signed with the app's key, for claims the sign-in flow would not give. */
  async function forge(claims: { sub: string; aud?: string; exp: number }) {
    const { loadConfig } = await import('../config.ts');
    const jwk = await loadSigningKey(db(), loadConfig({ DATA_DIR: t.testDb.dataDir }).appSecret);
    return new SignJWT({ sub: claims.sub })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
      .setIssuer(`${t.base}/oidc`)
      .setAudience(claims.aud ?? `${t.base}/api`)
      .setIssuedAt()
      .setExpirationTime(claims.exp)
      .sign(await importJWK(jwk, 'RS256'));
  }

  async function open(token: string | undefined, options: { origin?: string; lastEventId?: number } = {}) {
    const c = client(t.base, token, options);
    sockets.push(c.socket);
    return c;
  }

  beforeAll(async () => {
    // The hub sweeps only when a test asks it to, so that no test depends on where its timer is.
    t = await listeningTestApp(dialect, {}, { hubSweepEveryMs: 0 });
    const a = await createUser(db(), { roles: ['Admin'] });
    admin = (await signIn(t.app, a.email, a.password)).auth;
    roleIds = Object.fromEntries(
      (await db().selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
    );
    const added = await post('/api/TraderKey/AddApiKey', {
      keyName: 'Alpha',
      keyValue: 'AKIA-123456',
      secretValue: 'super-secret-value',
      coEfficient: 1,
      leverageCoefficient: 3,
    });
    keyId = added.json().id;
    await post('/api/TraderKey/UpdateApiKeySubConfig', { id: keyId, permissionMap: [roleIds.StandardUser] });
  });

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('refuses a handshake with no token, an expired or a foreign-audience token, or a foreign origin', async () => {
    expect(await refused((await open(undefined)).socket)).toBe('unauthorized');
    const inAMinute = Math.floor(Date.now() / 1000) + 60;
    const expired = await forge({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 5 });
    expect(await refused((await open(expired)).socket)).toBe('unauthorized');
    const foreign = await forge({ sub: 'x', aud: 'https://other.example/api', exp: inAMinute });
    expect(await refused((await open(foreign)).socket)).toBe('unauthorized');
    const m = await member(['StandardUser']);
    expect(await refused((await open(m.token, { origin: 'https://evil.example' })).socket)).toMatch(
      /websocket error|xhr poll error|unauthorized|Unexpected server response/,
    );
  });

  it("gives administrators every strategy's reaction counts live, once", async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const other = await createUser(db(), { roles: ['Admin'] });
    const adminToken = (await signIn(t.app, other.email, other.password)).tokens.access_token;
    const watcher = await open(adminToken);
    await connected(watcher.socket);
    await eventually(() => events(watcher.received, 'LoadSystemMessage')[0]);
    const saved = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'ETH 区间',
      content: '<p>x</p>',
      apiKeyArray: [keyId],
    });
    const advisoryId = String(saved.json().id);
    const reacted = await t.app.inject({
      method: 'POST',
      url: '/api/AdvisoryFeedBack/Follow',
      headers: subscriber.auth,
      payload: { advisoryId: saved.json().id, kind: 1 },
    });
    expect(reacted.statusCode).toBe(200);
    const live = await eventually(() =>
      events(watcher.received, 'LoadAdvisoryCount').find(
        (p) => (p.counts as Record<string, Record<string, number>>)[advisoryId]?.['1'] === 1,
      ),
    );
    expect(live.replace).toBe(false);
    // A later event marks the moment: the counts event came once.
    const marker = await post('/api/SystemMessage/AddOrUpdateSystemMessage', {
      title: 'marker',
      content: 'm',
    });
    expect(marker.statusCode, marker.body).toBe(200);
    await eventually(() => events(watcher.received, 'ChangeSystemMessage')[0]);
    expect(
      events(watcher.received, 'LoadAdvisoryCount').filter((p) => p.eventId === live.eventId),
    ).toHaveLength(1);
  });

  it('delivers each strategy once to clients that connect while strategies are being published', async () => {
    const members = await Promise.all(
      Array.from({ length: 45 }, () => member(['StandardUser'], { subscribe: true })),
    );
    // Strategies are published one after another while the clients connect, a few at a time.
    const publishing = (async () => {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await post('/api/Advisory/AddOrUpdateAdvisory', {
          title: `并发 ${i}`,
          content: '<p>x</p>',
          apiKeyArray: [keyId],
        });
        expect(res.statusCode, res.body).toBe(200);
        ids.push(Number(res.json().id));
      }
      return ids;
    })();
    const clients: ReturnType<typeof client>[] = [];
    for (let i = 0; i < members.length; i += 3) {
      const batch = members.slice(i, i + 3).map((m) => client(t.base, m.token));
      for (const c of batch) sockets.push(c.socket);
      clients.push(...batch);
      await Promise.all(batch.map((c) => connected(c.socket)));
    }
    const published = await publishing;
    for (const c of clients) {
      // Each client ends up with every strategy, from its snapshot or live.
      await eventually(() => {
        const seen = new Set(
          events(c.received, 'LoadAdvisory').flatMap((p) =>
            (p.advisoryDtos as Array<{ id: number }>).map((dto) => dto.id),
          ),
        );
        return published.every((id) => seen.has(id)) ? true : undefined;
      }, 20_000);
    }
    // A later event marks the moment everything before it has arrived.
    const marker = await post('/api/SystemMessage/AddOrUpdateSystemMessage', {
      title: 'marker',
      content: 'm',
    });
    expect(marker.statusCode).toBe(200);
    for (const c of clients) await eventually(() => events(c.received, 'ChangeSystemMessage')[0], 20_000);

    const duplicates = clients.flatMap((c, index) => {
      const live = c.received.filter(
        (r) =>
          r.payload.replace === false ||
          r.event === 'ChangeSystemMessage' ||
          r.event === 'RemoveAdvisoryCount',
      );
      const keys = live.map((r) => `${r.event}#${r.payload.eventId}`);
      return keys.filter((key, i) => keys.indexOf(key) !== i).map((key) => `client ${index}: ${key}`);
    });
    expect(duplicates).toEqual([]);
    for (const c of clients) c.socket.disconnect();
  }, 120_000);

  it('sends the snapshot on connect and pushes a new strategy only to entitled subscribers', async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const notSubscribed = await member(['StandardUser']);
    const notPermitted = await member(['PremiumUser']);
    // A premium member cannot even subscribe to a key that admits only StandardUser.
    const refusedSub = await t.app.inject({
      method: 'POST',
      url: '/api/Subscription/AddOrUpdateSubscriptions',
      headers: notPermitted.auth,
      payload: { keyId, subscribed: true },
    });
    expect(refusedSub.statusCode).toBe(403);

    const a = await open(subscriber.token);
    const b = await open(notSubscribed.token);
    const c = await open(notPermitted.token);
    await Promise.all([connected(a.socket), connected(b.socket), connected(c.socket)]);
    const sub = await eventually(() => events(a.received, 'LoadAdvisorySub')[0]);
    expect(sub.keys).toEqual([{ id: keyId, keyName: 'Alpha', subscribed: true }]);
    await eventually(() => events(a.received, 'LoadSystemMessage')[0]);
    expect((await eventually(() => events(c.received, 'LoadAdvisorySub')[0])).keys).toEqual([]);

    const saved = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'BTC 突破',
      advisoryDesc: '内部说明',
      content: '<p>做多<script>x()</script></p>',
      apiKeyArray: [keyId],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const pushed = await eventually(() =>
      events(a.received, 'LoadAdvisory').find((p) => p.replace === false),
    );
    const [dto] = pushed.advisoryDtos as Array<Record<string, unknown>>;
    expect(dto).toMatchObject({
      id: saved.json().id,
      title: 'BTC 突破',
      content: '<p>做多</p>',
      apiKeyArray: [keyId],
      traders: [{ id: keyId, keyName: 'Alpha' }],
    });
    expect(dto).not.toHaveProperty('advisoryDesc');
    expect(JSON.stringify(a.received)).not.toContain('内部说明');
    await settle();
    expect(events(b.received, 'LoadAdvisory').filter((p) => p.replace === false)).toEqual([]);
    expect(events(c.received, 'LoadAdvisory').filter((p) => p.replace === false)).toEqual([]);

    // A reaction changes the counts everyone entitled sees.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/AdvisoryFeedBack/Follow',
          headers: subscriber.auth,
          payload: { advisoryId: dto!.id, kind: 2 },
        })
      ).statusCode,
    ).toBe(200);
    const counts = await eventually(() =>
      events(a.received, 'LoadAdvisoryCount').find(
        (p) => (p.counts as Record<string, Record<string, number>>)[String(dto!.id)]?.['2'] === 1,
      ),
    );
    expect(counts.replace).toBe(false);
    // The member's own choice is kept for the next page load.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/AdvisoryFeedBack/Mine',
      headers: subscriber.auth,
    });
    expect(mine.json()).toEqual({ [String(dto!.id)]: 2 });
    const others = await t.app.inject({
      method: 'GET',
      url: '/api/AdvisoryFeedBack/Mine',
      headers: notSubscribed.auth,
    });
    expect(others.json()).toEqual({});
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/AdvisoryFeedBack/Follow',
          headers: notSubscribed.auth,
          payload: { advisoryId: dto!.id, kind: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('stops delivery at once when the key no longer admits the member, or is switched off', async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const s = await open(subscriber.token);
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadAdvisorySub')[0]);
    await post('/api/TraderKey/UpdateApiKeySubConfig', { id: keyId, permissionMap: [roleIds.PremiumUser] });
    await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'hidden 1',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [keyId],
    });
    await post('/api/TraderKey/UpdateApiKeySubConfig', { id: keyId, permissionMap: [roleIds.StandardUser] });
    await post('/api/TraderKey/ActiviateApiKey', { apiKeyId: keyId, active: false });
    const inactive = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'hidden 2',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [keyId],
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().errors.apiKeyArray).toEqual(['所选Trader未启用或不存在']);
    await post('/api/TraderKey/ActiviateApiKey', { apiKeyId: keyId, active: true });
    await settle();
    // Never pushed live while the member did not qualify (once admitted again, the feed is theirs again).
    const live = events(s.received, 'LoadAdvisory').filter((p) => p.replace === false);
    expect(JSON.stringify(live)).not.toContain('hidden 1');
    // While not admitted, the refreshed feed was empty of this key's strategies.
    expect(events(s.received, 'LoadAdvisorySub').some((p) => (p.keys as unknown[]).length === 0)).toBe(true);
  });

  it('follows a member in and out of a trader at once as their subscription and access change', async () => {
    const m = await member(['StandardUser'], { subscribe: true });
    const s = await open(m.token);
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadAdvisorySub')[0]);
    const publish = async (title: string) =>
      expect(
        (
          await post('/api/Advisory/AddOrUpdateAdvisory', {
            title,
            advisoryDesc: 'd',
            content: '<p>x</p>',
            apiKeyArray: [keyId],
          })
        ).statusCode,
      ).toBe(200);
    const live = () => JSON.stringify(events(s.received, 'LoadAdvisory').filter((p) => p.replace === false));
    const subscribe = (subscribed: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Subscription/AddOrUpdateSubscriptions',
        headers: m.auth,
        payload: { keyId, subscribed },
      });

    // Unsubscribed: the very next strategy does not reach them.
    expect((await subscribe(false)).statusCode).toBe(200);
    await publish('after unsubscribing');
    // Subscribed again: the next one does, live.
    expect((await subscribe(true)).statusCode).toBe(200);
    await eventually(() => events(s.received, 'AdvisorySubChanged').find((p) => p.subscribed === true));
    await publish('after subscribing again');
    await eventually(() => (live().includes('after subscribing again') ? true : undefined));
    expect(live()).not.toContain('after unsubscribing');

    // A role the key does not admit while connected (still a member, so not disconnected): nothing in
    // between, and live again on the same connection once the role is back.
    await post('/api/Management/AssignUserRole', { userId: m.user.id, permissionMap: [roleIds.PremiumUser] });
    await publish('while not admitted');
    await post('/api/Management/AssignUserRole', {
      userId: m.user.id,
      permissionMap: [roleIds.StandardUser],
    });
    await publish('admitted again');
    await eventually(() => (live().includes('admitted again') ? true : undefined));
    await settle();
    expect(s.socket.connected).toBe(true);
    expect(live()).not.toContain('while not admitted');
  });

  it('sends a strategy for several traders once, and only through a trader the member still qualifies for', async () => {
    const beta = (
      await post('/api/TraderKey/AddApiKey', {
        keyName: 'Beta',
        keyValue: 'AKIA-BETA-01',
        secretValue: 'beta-secret-value',
        coEfficient: 1,
        leverageCoefficient: 1,
      })
    ).json().id as number;
    await post('/api/TraderKey/UpdateApiKeySubConfig', { id: beta, permissionMap: [roleIds.StandardUser] });
    const m = await member(['StandardUser'], { subscribe: true });
    const onBeta = await t.app.inject({
      method: 'POST',
      url: '/api/Subscription/AddOrUpdateSubscriptions',
      headers: m.auth,
      payload: { keyId: beta, subscribed: true },
    });
    expect(onBeta.statusCode).toBe(200);
    const s = await open(m.token);
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadAdvisorySub')[0]);
    // Beta stops admitting StandardUser behind the hub's back (no event): delivery reads it from the database.
    await db().deleteFrom('trader_key_roles').where('key_id', '=', beta).execute();
    const both = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'alpha and beta',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [keyId, beta],
    });
    const betaOnly = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'beta only',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [beta],
    });
    expect([both.statusCode, betaOnly.statusCode]).toEqual([200, 200]);
    const live = () => events(s.received, 'LoadAdvisory').filter((p) => p.replace === false);
    await eventually(() => (live().length > 0 ? true : undefined));
    await settle();
    expect(live().map((p) => (p.advisoryDtos as Array<{ title: string }>).map((d) => d.title))).toEqual([
      ['alpha and beta'],
    ]);
    await post('/api/TraderKey/ActiviateApiKey', { apiKeyId: beta, active: false });
  });

  it('delivers system messages to every signed-in page, and removals', async () => {
    const nonMember = await createUser(db());
    const { tokens } = await signIn(t.app, nonMember.email, nonMember.password);
    const s = await open(tokens.access_token);
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadSystemMessage')[0]);
    const saved = await post('/api/SystemMessage/AddOrUpdateSystemMessage', {
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
    await post(
      `/api/SystemMessage/UpdateSystemMessageIsRoll?messageId=${saved.json().id}&newValue=true`,
      undefined,
    );
    await eventually(() =>
      events(s.received, 'ChangeSystemMessage').find((p) => (p.rollChanges as unknown[]).length > 0),
    );
    await post(`/api/SystemMessage/DeleteSystemMessage?messageId=${saved.json().id}`, undefined);
    const removed = await eventually(() =>
      events(s.received, 'ChangeSystemMessage').find((p) => (p.messagesToRemove as unknown[]).length > 0),
    );
    expect(removed.messagesToRemove).toEqual([saved.json().id]);
  });

  it('replays what a client missed when it reconnects with its last event id', async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const first = await open(subscriber.token);
    await connected(first.socket);
    const sub = await eventually(() => events(first.received, 'LoadAdvisorySub')[0]);
    const lastEventId = sub.eventId as number;
    first.socket.disconnect();
    const missed = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'while away',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [keyId],
    });
    const again = await open(subscriber.token, { lastEventId });
    await connected(again.socket);
    const replayed = await eventually(() =>
      events(again.received, 'LoadAdvisory').find((p) => p.replace === false),
    );
    expect((replayed.advisoryDtos as Array<{ id: number }>)[0]?.id).toBe(missed.json().id);
    expect(replayed.eventId as number).toBeGreaterThan(lastEventId);
  });

  it('purges published events older than a day, keeping the newest and all from the oldest unpublished on', async () => {
    const dayAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const insert = (createdAt: number) =>
      db()
        .insertInto('hub_events')
        .values({
          name: 'access.changed',
          payload: '{"userIds":[]}',
          created_at: createdAt,
          published_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const old = await insert(dayAgo);
    const recent = await insert(Date.now());
    const newestButOld = await insert(dayAgo);
    await t.app.hub.purge();
    let left = (await db().selectFrom('hub_events').select('id').execute()).map((r) => r.id);
    expect(left).not.toContain(old.id);
    expect(left).toContain(recent.id);
    expect(left).toContain(newestButOld.id);

    // An event that could not be published yet holds back the purge of everything after it.
    const stuck = await insert(dayAgo);
    // (Created just now, like an event whose process is still publishing it.)
    await db()
      .updateTable('hub_events')
      .set({ published_at: null, created_at: Date.now() })
      .where('id', '=', stuck.id)
      .execute();
    const afterStuck = await insert(dayAgo);
    await insert(Date.now());
    await t.app.hub.purge();
    left = (await db().selectFrom('hub_events').select('id').execute()).map((r) => r.id);
    expect(left).toContain(stuck.id);
    expect(left).toContain(afterStuck.id);
    expect(left).not.toContain(newestButOld.id);
    await db().deleteFrom('hub_events').where('id', '=', stuck.id).execute();
  });

  it('disconnects a member whose access ends', async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const s = await open(subscriber.token);
    await connected(s.socket);
    const gone = new Promise<string>((resolve) => s.socket.once('disconnect', (reason) => resolve(reason)));
    await post('/api/Management/AssignUserRole', { userId: subscriber.user.id, permissionMap: [] });
    expect(await gone).toBe('io server disconnect');
  });

  it('disconnects a member whose access ends after the token they connected with expired', async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const exp = Math.floor(Date.now() / 1000) + 2;
    const s = await open(await forge({ sub: subscriber.user.id, exp }));
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadAdvisorySub')[0]);
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 100));
    const gone = new Promise<string>((resolve) => s.socket.once('disconnect', (reason) => resolve(reason)));
    await post('/api/Management/AssignUserRole', { userId: subscriber.user.id, permissionMap: [] });
    expect(await gone).toBe('io server disconnect');
  });

  it('drops a connection it could not bring up to date, which then comes back to the current state', async () => {
    const subscriber = await member(['StandardUser', 'PremiumUser'], { subscribe: true });
    const first = await open(subscriber.token);
    await connected(first.socket);
    const before = await eventually(() => events(first.received, 'LoadAdvisorySub')[0]);
    expect(JSON.stringify(before)).toContain('"subscribed":true');
    // The database fails while the hub re-reads the member after an access change (still a member, so
    // nothing else would disconnect them): rather than keep stale rooms, the hub drops the connection.
    const gone = new Promise<string>((resolve) =>
      first.socket.once('disconnect', (reason) => resolve(reason)),
    );
    await sql`alter table system_messages rename to system_messages_away`.execute(db());
    try {
      await post('/api/Management/AssignUserRole', {
        userId: subscriber.user.id,
        permissionMap: [roleIds.PremiumUser],
      });
      expect(await gone).toBe('io server disconnect');
    } finally {
      await sql`alter table system_messages_away rename to system_messages`.execute(db());
    }
    const again = await open(subscriber.token);
    await connected(again.socket);
    const after = await eventually(() => events(again.received, 'LoadAdvisorySub')[0]);
    expect(after).toMatchObject({ keys: [] });
    await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'after the fault',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [keyId],
    });
    await settle();
    expect(JSON.stringify(events(again.received, 'LoadAdvisory'))).not.toContain('after the fault');
  });

  it('stops delivering to a subscriber when their membership runs out, though still connected', async () => {
    // Nothing is written when a membership runs out: delivery compares its end with the time of sending.
    const memberUntil = Date.now() + 3000;
    const lapsing = await member(['StandardUser'], { subscribe: true, memberUntil });
    const watcher = await member(['StandardUser'], { subscribe: true });
    const opened = [];
    for (const who of [lapsing, watcher]) {
      const c = await open(who.token);
      await connected(c.socket);
      await eventually(() => events(c.received, 'LoadAdvisorySub')[0]);
      opened.push(c);
    }
    const [l, w] = opened as [Awaited<ReturnType<typeof open>>, Awaited<ReturnType<typeof open>>];
    const publish = (title: string) =>
      post('/api/Advisory/AddOrUpdateAdvisory', {
        title,
        advisoryDesc: 'd',
        content: '<p>x</p>',
        apiKeyArray: [keyId],
      });
    const got = (c: typeof l, title: string) =>
      JSON.stringify(events(c.received, 'LoadAdvisory')).includes(title) || undefined;
    await publish('while a member');
    await eventually(() => got(l, 'while a member') && got(w, 'while a member'));
    await new Promise((r) => setTimeout(r, memberUntil - Date.now() + 50));
    await publish('after the end');
    await eventually(() => got(w, 'after the end'));
    await settle();
    expect(l.socket.connected).toBe(true);
    expect(got(l, 'after the end')).toBeUndefined();
  });

  it('sends the feed anew to a client reconnecting after its access changed while it was away', async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const first = await open(subscriber.token);
    await connected(first.socket);
    const lastEventId = (await eventually(() => events(first.received, 'LoadAdvisorySub')[0]))
      .eventId as number;
    first.socket.disconnect();
    await post('/api/TraderKey/UpdateApiKeySubConfig', { id: keyId, permissionMap: [roleIds.PremiumUser] });
    try {
      const again = await open(subscriber.token, { lastEventId });
      await connected(again.socket);
      const keys = await eventually(() =>
        events(again.received, 'LoadAdvisorySub').find((p) => (p.keys as unknown[]).length === 0),
      );
      expect(keys.keys).toEqual([]);
      const feed = await eventually(() => events(again.received, 'LoadAdvisory').find((p) => p.replace));
      expect(feed.advisoryDtos).toEqual([]);
    } finally {
      await post('/api/TraderKey/UpdateApiKeySubConfig', {
        id: keyId,
        permissionMap: [roleIds.StandardUser],
      });
    }
  });

  it('delivers an event once when two publishers race for it', async () => {
    const subscriber = await member(['StandardUser'], { subscribe: true });
    const s = await open(subscriber.token);
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadAdvisorySub')[0]);
    const saved = await post('/api/Advisory/AddOrUpdateAdvisory', {
      title: 'raced',
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray: [keyId],
    });
    const advisoryId = saved.json().id as number;
    const delivered = () =>
      events(s.received, 'LoadAdvisory').filter(
        (p) => !p.replace && (p.advisoryDtos as Array<{ id: number }>).some((d) => d.id === advisoryId),
      ).length;
    await eventually(() => (delivered() === 1 ? true : undefined));
    // The same announcement again, unpublished, taken by two publishers at once (as two processes would).
    const event = await db()
      .insertInto('hub_events')
      .values({ name: 'advisory.saved', payload: JSON.stringify({ advisoryId }), created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await Promise.all([t.app.hub.publish([event.id]), t.app.hub.publish([event.id])]);
    await eventually(() => (delivered() === 2 ? true : undefined));
    await settle();
    expect(delivered()).toBe(2);

    // A claim left by a publisher that died is taken over once it is old; a fresh one is not.
    const orphan = async (claimedAgoMs: number) =>
      db()
        .insertInto('hub_events')
        .values({
          name: 'advisory.saved',
          payload: JSON.stringify({ advisoryId }),
          created_at: Date.now() - 60_000,
          claimed_at: Date.now() - claimedAgoMs,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const fresh = await orphan(0);
    const stale = await orphan(60_000);
    await t.app.hub.sweep();
    const published = async (id: number) =>
      (
        await db()
          .selectFrom('hub_events')
          .select('published_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).published_at;
    expect(await published(stale.id)).not.toBeNull();
    expect(await published(fresh.id)).toBeNull();
    await db().deleteFrom('hub_events').where('id', '=', fresh.id).execute();
  });

  it('keeps one reaction per member and strategy, changeable, with exact counts live and on request', async () => {
    const members = await Promise.all([1, 2, 3].map(() => member(['StandardUser'], { subscribe: true })));
    const s = await open(members[0]!.token);
    await connected(s.socket);
    await eventually(() => events(s.received, 'LoadAdvisorySub')[0]);
    const id = (
      await post('/api/Advisory/AddOrUpdateAdvisory', {
        title: 'counted',
        advisoryDesc: 'd',
        content: '<p>x</p>',
        apiKeyArray: [keyId],
      })
    ).json().id as number;
    const react = async (who: { auth: { authorization: string } }, kind: 1 | 2 | 3) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/AdvisoryFeedBack/Follow',
        headers: who.auth,
        payload: { advisoryId: id, kind },
      });
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
    const counts = await t.app.inject({ url: '/api/Advisory/GetAdvCount', headers: members[2]!.auth });
    expect(counts.json()[String(id)]).toEqual(expected);
    const mine = await t.app.inject({ url: '/api/AdvisoryFeedBack/Mine', headers: members[0]!.auth });
    expect(mine.json()[String(id)]).toBe(3);
    const rows = await db()
      .selectFrom('advisory_reactions')
      .selectAll()
      .where('advisory_id', '=', id)
      .execute();
    expect(rows).toHaveLength(3);
  });

  it.runIf(dialect === 'postgres')('hands out event ids in commit order', async () => {
    const { recordHubEvent } = await import('../services/hub-events.ts');
    const order: string[] = [];
    let commitFirst!: () => void;
    const held = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    const first = db()
      .transaction()
      .execute(async (trx) => {
        const id = await recordHubEvent(trx, { name: 'access.changed', userIds: [] });
        await held;
        order.push('first commits');
        return id;
      });
    await new Promise((r) => setTimeout(r, 100));
    const second = db()
      .transaction()
      .execute(async (trx) => {
        const id = await recordHubEvent(trx, { name: 'access.changed', userIds: [] });
        order.push('second has its id');
        return id;
      });
    await new Promise((r) => setTimeout(r, 300));
    // The second waits: an id it took now could become visible before the first one.
    expect(order).toEqual([]);
    commitFirst();
    const [a, b] = await Promise.all([first, second]);
    expect(order).toEqual(['first commits', 'second has its id']);
    expect(b).toBeGreaterThan(a);
  });
});
