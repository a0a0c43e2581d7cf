import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime.ts';
import { TEST_DIALECTS } from '../../test/databases.ts';
import { createUser, linkIn, TEST_PASSWORD } from '../../test/factories.ts';
import { listeningTestApp } from '../../test/listening-app.ts';
import { signIn } from '../../test/sign-in.ts';

// Changing a credential ends every other session of the account (tokens, refresh tokens and live hub
// connections); the session that made the change stays signed in.

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

describe.each(TEST_DIALECTS)('credential changes on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof listeningTestApp>>;
  const db = () => t.testDb.database.db;
  const sockets: Client[] = [];

  beforeAll(async () => {
    t = await listeningTestApp(dialect, {}, { hubSweepEveryMs: 0 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await t.close();
  });

  /** One signed-in device: its tokens, a way to renew them, and its live hub connection. */
  async function device(email: string, password: string) {
    const session = await signIn(t.app, email, password);
    let refreshToken = session.tokens.refresh_token!;
    let auth = session.auth;
    const socket: Client = connect(t.base, {
      path: '/AdvisoryHub',
      transports: ['websocket'],
      reconnection: false,
      auth: { token: session.tokens.access_token },
    });
    sockets.push(socket);
    let subscriptionLists = 0;
    socket.on('LoadAdvisorySub', () => subscriptionLists++);
    const disconnected = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      socket.once('LoadAdvisorySub', () => resolve());
      socket.once('connect_error', reject);
    });
    return {
      get auth() {
        return auth;
      },
      socket,
      disconnected,
      /** Resolves when the hub sends this connection its subscriptions again (it re-read the person). */
      nextSubscriptionList() {
        const seen = subscriptionLists;
        return new Promise<void>((resolve) => {
          const check = () => {
            if (subscriptionLists > seen) {
              socket.off('LoadAdvisorySub', check);
              resolve();
            }
          };
          socket.on('LoadAdvisorySub', check);
        });
      },
      api: (url = '/api/PersonalInfo/UserVo') => t.app.inject({ url, headers: auth }),
      async refresh() {
        const res = await session.browser.request({
          method: 'POST',
          url: '/oidc/token',
          form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'SubscriberSys' },
        });
        if (res.statusCode === 200) {
          refreshToken = res.json().refresh_token;
          auth = { authorization: `Bearer ${res.json().access_token}` };
        }
        return res;
      },
    };
  }

  async function expectEnded(other: Awaited<ReturnType<typeof device>>) {
    expect((await other.api()).statusCode).toBe(401);
    const renewed = await other.refresh();
    expect(renewed.statusCode).toBe(400);
    expect(renewed.json().error).toBe('invalid_grant');
    await other.disconnected;
    expect(other.socket.connected).toBe(false);
  }

  async function expectAlive(self: Awaited<ReturnType<typeof device>>) {
    expect((await self.api()).statusCode).toBe(200);
    const renewed = await self.refresh();
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await self.api()).statusCode).toBe(200);
    expect(self.socket.connected).toBe(true);
  }

  it('a password change ends the other sessions and keeps the one that made it', async () => {
    const user = await createUser(db());
    const a = await device(user.email, user.password);
    const b = await device(user.email, user.password);
    const bRechecked = b.nextSubscriptionList();
    const res = await t.app.inject({
      method: 'POST',
      url: '/Auth/PostChangePassword',
      headers: b.auth,
      payload: { currentPassword: TEST_PASSWORD, password: 'Fresh-pass1', confirm: 'Fresh-pass1' },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(a);
    // The hub re-read B too (after A, in connection order) and kept it.
    await bRechecked;
    await expectAlive(b);
    const sessions = (await b.api('/api/PersonalInfo/Sessions')).json();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].current).toBe(true);
  });

  it('a refused password change ends nothing', async () => {
    const user = await createUser(db());
    const a = await device(user.email, user.password);
    const b = await device(user.email, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/Auth/PostChangePassword',
      headers: b.auth,
      payload: { currentPassword: 'not-the-one', password: 'Fresh-pass1', confirm: 'Fresh-pass1' },
    });
    expect(res.statusCode).toBe(400);
    await expectAlive(a);
    await expectAlive(b);
  });

  it('an e-mail change ends the other sessions when asked for; the confirmation keeps the asking one', async () => {
    const user = await createUser(db());
    const a = await device(user.email, user.password);
    const b = await device(user.email, user.password);
    const newEmail = `moved-${user.id.slice(0, 8)}@example.com`;
    const bRechecked = b.nextSubscriptionList();
    const res = await t.app.inject({
      method: 'POST',
      url: '/Auth/PostChangeEmail',
      headers: b.auth,
      payload: { newEmail, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    await expectEnded(a);
    await bRechecked;
    await expectAlive(b);

    const link = linkIn((await t.mail.mailTo(newEmail)).text);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/Auth/ConfirmEmail',
      payload: { userId: link.searchParams.get('userId'), code: link.searchParams.get('code') },
    });
    expect(confirmed.json()).toEqual({ outcome: 'email-changed' });
    await expectAlive(b);
    expect((await b.api('/api/PersonalInfo/GetPersonalInfo')).json().email).toBe(newEmail);
  });

  it('ending the other sessions from the sessions page drops their live connections too', async () => {
    const user = await createUser(db());
    const a = await device(user.email, user.password);
    const b = await device(user.email, user.password);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/PersonalInfo/EndOtherSessions',
      headers: b.auth,
    });
    expect(res.json()).toEqual({ ended: 1 });
    await expectEnded(a);
    await expectAlive(b);
  });

  it('a password reset ends every session, live connections included', async () => {
    const user = await createUser(db());
    const a = await device(user.email, user.password);
    await t.app.inject({ method: 'POST', url: '/Auth/PostForgetPassword', payload: { email: user.email } });
    const link = linkIn((await t.mail.mailTo(user.email)).text);
    const res = await t.app.inject({
      method: 'POST',
      url: '/Auth/PostPasswordReset',
      payload: {
        userId: user.id,
        resetCode: link.searchParams.get('code'),
        password: 'Reset-pass1',
        confirm: 'Reset-pass1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectEnded(a);
  });
});
