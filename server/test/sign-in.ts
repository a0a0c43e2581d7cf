import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { nextTotpCode } from './two-factor.ts';

/** Anything that answers injected requests: the whole app. */
type Injectable = Pick<FastifyInstance, 'inject'>;

export const TEST_CAPTCHA = 'T3STOK';

/** A small cookie jar over app.inject, following the browser's part of a sign-in. */
export class Browser {
  readonly cookies = new Map<string, string>();
  private readonly app: Injectable;
  private readonly options: { remoteAddress?: string; headers?: Record<string, string> };
  /** `remoteAddress`: the client address the app sees; `headers`: sent with every request. */
  constructor(app: Injectable, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
    this.app = app;
    this.options = options;
  }

  private store(res: LightMyRequestResponse) {
    const setCookie = res.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(options: {
    method?: 'GET' | 'POST';
    url: string;
    payload?: unknown;
    form?: Record<string, string>;
    headers?: Record<string, string>;
  }) {
    const res = await this.app.inject({
      method: options.method ?? 'GET',
      url: options.url,
      ...(this.options.remoteAddress ? { remoteAddress: this.options.remoteAddress } : {}),
      headers: {
        ...this.options.headers,
        cookie: this.cookieHeader(),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...options.headers,
      },
      ...(options.form
        ? { payload: new URLSearchParams(options.form).toString() }
        : options.payload !== undefined
          ? { payload: options.payload as object }
          : {}),
    });
    this.store(res);
    return res;
  }
}

export const CLIENT_ID = 'SubscriberSys';

/** Where the provider sends the browser back: read from the app's own client configuration. */
async function redirectUriOf(browser: Browser): Promise<string> {
  const res = await browser.request({ url: `/_configuration/${CLIENT_ID}` });
  return (res.json() as { redirect_uri: string }).redirect_uri;
}

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

function pathOf(location: string): string {
  const url = new URL(location, 'http://localhost');
  return url.pathname + url.search;
}

/** Starts a sign-in flow as the web app does; returns the interaction uid the login page receives. */
export async function startSignIn(browser: Browser, extra: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const redirectUri = await redirectUriOf(browser);
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email offline_access api',
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    ...extra,
  });
  const res = await browser.request({ url: `/oidc/auth?${params}` });
  if (res.statusCode !== 303 && res.statusCode !== 302)
    throw new Error(`authorize answered ${res.statusCode}: ${res.body}`);
  const location = String(res.headers.location);
  return {
    verifier,
    location,
    interaction: new URL(location, 'http://localhost').searchParams.get('interaction'),
  };
}

export async function postLogin(
  browser: Browser,
  email: string,
  password: string,
  options: { captcha?: string; rememberMe?: boolean; captchaId?: string } = {},
) {
  const captchaId = options.captchaId ?? (await browser.request({ url: '/Auth/Captcha' })).json().captchaId;
  return browser.request({
    method: 'POST',
    url: '/Auth/PostLogin',
    payload: {
      email,
      password,
      captcha: options.captcha ?? TEST_CAPTCHA,
      captchaId,
      rememberMe: options.rememberMe ?? false,
    },
  });
}

/** Follows redirects inside the provider until it sends the browser back to the app with a code. */
export async function followToCallback(browser: Browser, location: string): Promise<string> {
  const redirectUri = await redirectUriOf(browser);
  let next = location;
  for (let hop = 0; hop < 10; hop++) {
    if (next.startsWith(redirectUri)) {
      const url = new URL(next);
      const code = url.searchParams.get('code');
      if (!code) throw new Error(`callback without code: ${next}`);
      return code;
    }
    const res = await browser.request({ url: pathOf(next) });
    if (!res.headers.location)
      throw new Error(`no redirect from ${next}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    next = String(res.headers.location);
  }
  throw new Error('too many redirects');
}

export type Tokens = { access_token: string; refresh_token?: string; id_token: string; expires_in: number };

export async function exchangeCode(browser: Browser, code: string, verifier: string): Promise<Tokens> {
  const res = await browser.request({
    method: 'POST',
    url: '/oidc/token',
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: await redirectUriOf(browser),
      client_id: CLIENT_ID,
      code_verifier: verifier,
    },
  });
  if (res.statusCode !== 200) throw new Error(`token endpoint answered ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** The sign-in's second step with the next code of the account's test authenticator (two-factor.ts). */
export async function postLoginTwoFactor(browser: Browser, email: string, twoFactorToken: string) {
  return browser.request({
    method: 'POST',
    url: '/Auth/PostLoginTwoFactor',
    payload: { twoFactorToken, code: await nextTotpCode(email) },
  });
}

/**
 * The whole sign-in of a confirmed user: what the web app and the login page do together (with the code of
 * the account's authenticator when it signs in with two factors).
 */
export async function signIn(
  app: Injectable,
  email: string,
  password: string,
  client: ConstructorParameters<typeof Browser>[1] = {},
) {
  const browser = new Browser(app, client);
  const { verifier } = await startSignIn(browser);
  let login = await postLogin(browser, email, password);
  let body = login.json();
  if (login.statusCode === 200 && body.twoFactorRequired) {
    login = await postLoginTwoFactor(browser, email, body.twoFactorToken);
    body = login.json();
  }
  if (login.statusCode !== 200 || body.code !== 0)
    throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const code = await followToCallback(browser, body.redirectUrl);
  const tokens = await exchangeCode(browser, code, verifier);
  return { browser, tokens, auth: { authorization: `Bearer ${tokens.access_token}` } };
}
