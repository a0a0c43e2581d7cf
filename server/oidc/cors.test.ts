import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUser } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';

// The identity provider answers cross-origin requests from the portal's own origin only: a page elsewhere
// can neither redeem nor read tokens through the browser of someone signed in.

const PORTAL = 'http://localhost:3000';
const FOREIGN = 'https://evil.example';

describe('CORS of the identity provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  async function refreshWithOrigin(origin: string) {
    const user = await createUser(t.testDb.database.db);
    const { browser, tokens } = await signIn(t.app, user.email, user.password);
    return browser.request({
      method: 'POST',
      url: '/oidc/token',
      headers: { origin },
      form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: 'SubscriberSys' },
    });
  }

  it('answers a preflight of the token endpoint from another origin without allowing it', async () => {
    for (const url of ['/oidc/token', '/oidc/token/revocation', '/oidc/me']) {
      const res = await preflight(url, FOREIGN);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-methods'], url).toBeUndefined();
      expect(res.headers['access-control-allow-headers'], url).toBeUndefined();
    }
  });

  it('refuses a token request from another origin, with no CORS header for it', async () => {
    const res = await refreshWithOrigin(FOREIGN);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gives no other origin CORS access to the rest of the provider either', async () => {
    for (const url of ['/oidc/.well-known/openid-configuration', '/oidc/jwks']) {
      const res = await t.app.inject({ url, headers: { origin: FOREIGN } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
    }
    const forNull = await preflight('/oidc/token', 'null');
    expect(forNull.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("still serves the portal's own origin: preflight, token renewal and discovery", async () => {
    const allowed = await preflight('/oidc/token', PORTAL);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(allowed.headers['access-control-allow-methods']).toContain('POST');

    const renewed = await refreshWithOrigin(PORTAL);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().access_token).toBeTruthy();
    expect(renewed.headers['access-control-allow-origin']).toBe(PORTAL);

    const discovery = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { origin: PORTAL },
    });
    expect(discovery.headers['access-control-allow-origin']).toBe(PORTAL);
    expect(String(discovery.headers.vary)).toMatch(/origin/i);
  });
});
