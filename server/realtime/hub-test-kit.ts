import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '../db/dialect.ts';
import { loadSigningKey } from '../oidc/keys.ts';
import { createUser } from '../test/factories.ts';
import { connected, events, eventually, type HubClient, hubClient } from '../test/hub-client.ts';
import { listeningTestApp } from '../test/listening-app.ts';
import { signIn } from '../test/sign-in.ts';
import { TEST_APP_SECRET } from '../test/two-factor.ts';

// What the hub's test files share: the whole app listening on a fresh database of the dialect, an
// administrator, one trader key (Alpha) admitting StandardUser, members, and clients of the hub.

/** Starts the app before the tests of the calling `describe` and stops it (and every client) after them. */
export function useHubTestKit(dialect: Dialect, env: () => Record<string, string> = () => ({})): HubTestKit {
  const kit = new HubTestKit(dialect, env);
  beforeAll(() => kit.start());
  afterAll(() => kit.stop());
  return kit;
}

let markers = 0;

class HubTestKit {
  t!: Awaited<ReturnType<typeof listeningTestApp>>;
  /** The administrator's Authorization header. */
  admin!: { authorization: string };
  /** The trader key Alpha, admitting StandardUser. */
  keyId!: number;
  roleIds!: Record<string, number>;
  private readonly sockets: HubClient['socket'][] = [];
  private readonly dialect: Dialect;
  /** Settings of the app, read when it starts (a fake service's address known by then). */
  private readonly env: () => Record<string, string>;

  constructor(dialect: Dialect, env: () => Record<string, string>) {
    this.dialect = dialect;
    this.env = env;
  }

  async start() {
    // The hub sweeps only when a test asks it to, so that no test depends on where its timer is.
    this.t = await listeningTestApp(this.dialect, this.env(), { hubSweepEveryMs: 0 });
    const a = await createUser(this.db(), { roles: ['Admin'] });
    this.admin = (await signIn(this.t.app, a.email, a.password)).auth;
    this.roleIds = Object.fromEntries(
      (await this.db().selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
    );
    const added = await this.post('/api/TraderKey/AddApiKey', {
      keyName: 'Alpha',
      keyValue: 'AKIA-123456',
      secretValue: 'super-secret-value',
      coEfficient: 1,
      leverageCoefficient: 3,
    });
    this.keyId = added.json().id;
    await this.post('/api/TraderKey/UpdateApiKeySubConfig', {
      id: this.keyId,
      permissionMap: [this.roleIds.StandardUser],
    });
  }

  async stop() {
    for (const s of this.sockets) s.disconnect();
    await this.t?.close();
  }

  db() {
    return this.t.testDb.database.db;
  }

  /** A POST through the app, as the administrator unless other headers are given. */
  post(url: string, payload: unknown, headers = this.admin) {
    return this.t.app.inject({ method: 'POST', url, payload: payload as object, headers });
  }

  /** A user with the given roles (a member for 30 days unless told), signed in; subscribed to Alpha if asked. */
  async member(
    roles: string[],
    options: { subscribe?: boolean; memberDays?: number; memberUntil?: number } = {},
  ) {
    const user = await createUser(this.db(), { roles, memberDays: options.memberDays ?? 30 });
    if (options.memberUntil !== undefined)
      await this.db()
        .updateTable('users')
        .set({ member_expiry_date: options.memberUntil })
        .where('id', '=', user.id)
        .execute();
    const { tokens, auth } = await signIn(this.t.app, user.email, user.password);
    if (options.subscribe) {
      const res = await this.subscribe({ auth }, true);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { user, token: tokens.access_token, auth };
  }

  /** A member's subscription to a trader key (Alpha by default) switched on or off. */
  subscribe(who: { auth: { authorization: string } }, subscribed: boolean, keyId = this.keyId) {
    return this.t.app.inject({
      method: 'POST',
      url: '/api/Subscription/AddOrUpdateSubscriptions',
      headers: who.auth,
      payload: { keyId, subscribed },
    });
  }

  /** A member's reaction to a strategy: following (1), reverse-following (2) or watching (3). */
  follow(who: { auth: { authorization: string } }, advisoryId: number, kind: 1 | 2 | 3) {
    return this.t.app.inject({
      method: 'POST',
      url: '/api/AdvisoryFeedBack/Follow',
      headers: who.auth,
      payload: { advisoryId, kind },
    });
  }

  /** An access token signed with the app's key, for claims the sign-in flow would not give. */
  async forge(claims: { sub: string; aud?: string; exp: number }) {
    const jwk = await loadSigningKey(this.db(), TEST_APP_SECRET);
    return new SignJWT({ sub: claims.sub })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
      .setIssuer(`${this.t.base}/oidc`)
      .setAudience(claims.aud ?? `${this.t.base}/api`)
      .setIssuedAt()
      .setExpirationTime(claims.exp)
      .sign(await importJWK(jwk, 'RS256'));
  }

  /** A recording client of the hub (disconnected when the tests end). */
  open(token: string | undefined, options: { origin?: string; lastEventId?: number } = {}): HubClient {
    const c = hubClient(this.t.base, token, options);
    this.sockets.push(c.socket);
    return c;
  }

  /**
   * A client that has been welcomed and is live: its keys, then the snapshot, whose last part
   * (LoadSystemMessage) the server sends in the same run as it joins the socket to its rooms. Events that
   * are not stored (a trader's live changes) reach only sockets in the rooms, so a test must not emit
   * them before this.
   */
  async welcomed(token: string): Promise<HubClient> {
    const c = this.open(token);
    await connected(c.socket);
    await eventually(() => events(c.received, 'LoadAdvisorySub')[0]);
    await eventually(() => events(c.received, 'LoadSystemMessage')[0]);
    return c;
  }

  /** Publishes a strategy (with an internal description) for the given keys, Alpha by default. */
  publishAdvisory(title: string, apiKeyArray = [this.keyId]) {
    return this.post('/api/Advisory/AddOrUpdateAdvisory', {
      title,
      advisoryDesc: 'd',
      content: '<p>x</p>',
      apiKeyArray,
    });
  }

  /**
   * Publishes a system message, which every signed-in connection receives, and waits until each client
   * has it. The hub delivers in order per connection and a change's events are fanned out before its
   * request answers, so once a client has the marker it has everything sent to it by earlier changes:
   * what it has not received by then was not sent to it.
   */
  async mark(clients: HubClient[], timeoutMs = 15_000): Promise<number> {
    const res = await this.post('/api/SystemMessage/AddOrUpdateSystemMessage', {
      title: `marker ${++markers}`,
      content: 'm',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    // A client still being welcomed may have it in its snapshot (LoadSystemMessage) rather than as a change:
    // a snapshot that holds the marker is as of a moment after it, which proves the same.
    const hasMarker = (list: unknown) => (list as Array<{ id: number }>).some((m) => m.id === id);
    for (const c of clients)
      await eventually(
        () =>
          events(c.received, 'ChangeSystemMessage').find((p) => hasMarker(p.messagesToUpsert)) ??
          events(c.received, 'LoadSystemMessage').find((p) => hasMarker(p.messages)),
        timeoutMs,
      );
    return id;
  }
}
