import { importJWK, SignJWT } from 'jose';
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

  async function member(roles: string[], options: { subscribe?: boolean; memberDays?: number } = {}) {
    const user = await createUser(db(), { roles, memberDays: options.memberDays ?? 30 });
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

  async function open(token: string | undefined, options: { origin?: string; lastEventId?: number } = {}) {
    const c = client(t.base, token, options);
    sockets.push(c.socket);
    return c;
  }

  beforeAll(async () => {
    t = await listeningTestApp(dialect);
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
    const jwk = await loadSigningKey(
      db(),
      t.app.hub ? (await import('../config.ts')).loadConfig({ DATA_DIR: t.testDb.dataDir }).appSecret : '',
    );
    const key = await importJWK(jwk, 'RS256');
    const forge = (aud: string, exp: number) =>
      new SignJWT({ sub: 'x' })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
        .setIssuer(`${t.base}/oidc`)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    expect(
      await refused((await open(await forge(`${t.base}/api`, Math.floor(Date.now() / 1000) - 5))).socket),
    ).toBe('unauthorized');
    expect(
      await refused(
        (await open(await forge('https://other.example/api', Math.floor(Date.now() / 1000) + 60))).socket,
      ),
    ).toBe('unauthorized');
    const m = await member(['StandardUser']);
    expect(await refused((await open(m.token, { origin: 'https://evil.example' })).socket)).toMatch(
      /websocket error|xhr poll error|unauthorized|Unexpected server response/,
    );
  });

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
    // (Created just now, so that the timer's sweep does not publish it during the test.)
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
});
