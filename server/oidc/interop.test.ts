import net from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase, type TestDatabase } from '../test/databases.ts';
import { createUser, type TestUser } from '../test/factories.ts';
import { cookieBrowser } from '../test/http-sign-in.ts';
import { TEST_CAPTCHA } from '../test/sign-in.ts';

// A client we did not write (panva's openid-client, certified) completes a code + PKCE sign-in against
// our provider over real HTTP; the only part played by hand is the person filling in the login page.

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('interoperability with openid-client', () => {
  let testDb: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  let user: TestUser;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    testDb = await createTestDatabase('sqlite');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: testDb.dataDir,
      PORT: String(port),
      PUBLIC_URL: base,
      CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    });
    app = await buildApp({ config, database: testDb.database, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    user = await createUser(testDb.database.db, { roles: ['StandardUser'], memberDays: 30 });
  });

  afterAll(async () => {
    await app.close();
    await testDb.dispose();
  });

  it('discovers the provider, signs in with code + PKCE, validates the ID token and refreshes', async () => {
    const settings = (await (await fetch(`${base}/_configuration/SubscriberSys`)).json()) as {
      authority: string;
      client_id: string;
      redirect_uri: string;
      scope: string;
    };
    const config = await client.discovery(
      new URL(settings.authority),
      settings.client_id,
      undefined,
      client.None(),
      {
        execute: [client.allowInsecureRequests],
      },
    );
    expect(config.serverMetadata().issuer).toBe(`${base}/oidc`);
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);

    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: settings.redirect_uri,
      scope: settings.scope,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });

    // The browser: follow redirects by hand, keep cookies, fill in the login page.
    const go = cookieBrowser(base);
    const toLogin = await go(authorizationUrl.href);
    expect(toLogin.status).toBe(303);
    expect(toLogin.headers.get('location')).toMatch(/^\/Account\/Login\?interaction=/);
    const { captchaId } = (await (await go('/Auth/Captcha')).json()) as { captchaId: string };
    const login = await go('/Auth/PostLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: user.email,
        password: user.password,
        captcha: TEST_CAPTCHA,
        captchaId,
        rememberMe: true,
      }),
    });
    const { code, redirectUrl } = (await login.json()) as { code: number; redirectUrl: string };
    expect(code).toBe(0);
    let location = redirectUrl;
    while (!location.startsWith(settings.redirect_uri)) {
      const res = await go(location);
      location = res.headers.get('location') ?? '';
      expect(location, `redirect from ${res.url}`).not.toBe('');
    }

    const tokens = await client.authorizationCodeGrant(config, new URL(location), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({
      sub: user.id,
      email: user.email,
      email_verified: true,
      iss: `${base}/oidc`,
    });
    expect(tokens.refresh_token).toBeTruthy();

    const api = await fetch(`${base}/api/PersonalInfo/UserVo`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(api.status).toBe(200);

    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  });
});
