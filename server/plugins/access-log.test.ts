import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createUser } from '../test/factories.ts';
import { Browser, followToCallback, postLogin, signIn, startSignIn } from '../test/sign-in.ts';

// The access log (and any other log line naming a request) never holds a credential carried in a URL:
// authorization codes, mailed codes, tokens, id tokens (which carry the e-mail).

type LogLine = { msg: string; url?: string; statusCode?: number; [key: string]: unknown };

describe('logs of requests', () => {
  let t: TestApp;
  let written = '';
  const lines: LogLine[] = [];
  const waiting: Array<() => void> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      written += String(chunk);
      for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text));
      for (const wake of waiting.splice(0)) wake();
      callback();
    },
  });

  /** The access-log line of the request to `path` (waits until it is written). */
  async function accessLine(path: string): Promise<LogLine> {
    for (;;) {
      const line = lines.find((l) => typeof l.url === 'string' && l.url.startsWith(`${path}?`));
      if (line) return line;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  }

  beforeAll(async () => {
    t = await buildTestApp('sqlite', { logger: { level: 'info', stream } });
    t.app.get('/api/test/boom', async () => {
      throw new Error('boom');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the authorization code and the id token of a real sign-in out of the log', async () => {
    const user = await createUser(t.testDb.database.db);
    const browser = new Browser(t.app);
    const state = 'st4te-value';
    await startSignIn(browser, { state });
    const login = await postLogin(browser, user.email, user.password);
    // The code the provider sends the browser back with; the browser then asks for that page.
    const code = await followToCallback(browser, login.json().redirectUrl);
    const iss = encodeURIComponent('http://localhost:3000/oidc');
    await browser.request({ url: `/authentication/login-callback?code=${code}&state=${state}&iss=${iss}` });
    const { tokens } = await signIn(t.app, user.email, user.password);
    const end = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:3000/authentication/logout-callback',
    });
    await browser.request({ url: `/oidc/session/end?${end}` });

    const callbackLine = await accessLine('/authentication/login-callback');
    expect(callbackLine.url).toBe(
      '/authentication/login-callback?code=[redacted]&state=[redacted]&iss=http%3A%2F%2Flocalhost%3A3000%2Foidc',
    );
    const endLine = await accessLine('/oidc/session/end');
    expect(endLine.url).toBe(
      '/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauthentication%2Flogout-callback',
    );
    for (const secret of [code, state, tokens.id_token, tokens.id_token.split('.')[1]!, user.email])
      expect(written).not.toContain(secret);
  });

  it('redacts mailed codes and other credentials by name, whatever their case or encoding', async () => {
    await t.app.inject({ url: '/authentication/confirm-email?userId=u-123&code=MAILED-CODE-1' });
    await t.app.inject({
      url: '/authentication/forgotpassword?ReSeTcOdE=MAILED-CODE-2&%63ode=MAILED-CODE-3&userId=u-456',
    });
    await t.app.inject({
      url: '/authentication/other?access_token=AT-SECRET&refresh_token=RT-SECRET&token=T-SECRET&password=P-SECRET&page=2',
    });
    expect((await accessLine('/authentication/confirm-email')).url).toBe(
      '/authentication/confirm-email?userId=u-123&code=[redacted]',
    );
    expect((await accessLine('/authentication/forgotpassword')).url).toBe(
      '/authentication/forgotpassword?ReSeTcOdE=[redacted]&%63ode=[redacted]&userId=u-456',
    );
    expect((await accessLine('/authentication/other')).url).toBe(
      '/authentication/other?access_token=[redacted]&refresh_token=[redacted]&token=[redacted]&password=[redacted]&page=2',
    );
    for (const secret of ['MAILED-CODE', 'AT-SECRET', 'RT-SECRET', 'T-SECRET', 'P-SECRET'])
      expect(written).not.toContain(secret);
  });

  it('keeps parameters whose names only contain a secret one, and redacts a secret name given alone', async () => {
    await t.app.inject({ url: '/authentication/plain?pageSize=10&current=1&postcode=AB1&codes=2&Token' });
    await t.app.inject({ url: '/authentication/harmless?pageSize=10&current=1&postcode=AB1&codes=2' });
    expect((await accessLine('/authentication/plain')).url).toBe(
      '/authentication/plain?pageSize=10&current=1&postcode=AB1&codes=2&Token=[redacted]',
    );
    expect((await accessLine('/authentication/harmless')).url).toBe(
      '/authentication/harmless?pageSize=10&current=1&postcode=AB1&codes=2',
    );
  });

  it('redacts the URL in the lines of a failed request too', async () => {
    const res = await t.app.inject({ url: '/api/test/boom?token=BOOM-SECRET&id=7' });
    expect(res.statusCode).toBe(500);
    const line = await accessLine('/api/test/boom');
    expect(line.url).toBe('/api/test/boom?token=[redacted]&id=7');
    expect(lines.some((l) => l.msg === 'request failed')).toBe(true);
    expect(written).not.toContain('BOOM-SECRET');
  });

  it("writes the health probe's line at debug, so that an info log does not show it", async () => {
    expect((await t.app.inject({ url: '/api/Management/Health?probe=1' })).statusCode).toBe(200);
    // Lines are written in order: once the next request's line is there, the probe's would be too.
    await t.app.inject({ url: '/api/after-the-probe?x=1' });
    await accessLine('/api/after-the-probe');
    expect(lines.some((l) => typeof l.url === 'string' && l.url.startsWith('/api/Management/Health'))).toBe(
      false,
    );
  });
});

describe('logs of requests at LOG_LEVEL=debug', () => {
  it("writes the health probe's line", async () => {
    const lines: LogLine[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text));
        callback();
      },
    });
    const t = await buildTestApp('sqlite', { logger: { level: 'debug', stream } });
    try {
      expect((await t.app.inject({ url: '/api/Management/Health?probe=2' })).statusCode).toBe(200);
      await vi.waitFor(() =>
        expect(lines).toContainEqual(
          expect.objectContaining({
            msg: 'request completed',
            url: '/api/Management/Health?probe=2',
            level: 20,
          }),
        ),
      );
    } finally {
      await t.close();
    }
  });
});
