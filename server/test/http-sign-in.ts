import { createHash, randomBytes } from 'node:crypto';
import { TEST_CAPTCHA } from './sign-in.ts';
import { nextTotpCode } from './two-factor.ts';

/**
 * A browser's way of fetching for tests: no redirects followed (the caller looks at each), and the cookies
 * every answer sets sent back with the next request.
 */
export function cookieBrowser(base: string) {
  const cookies = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
}

/** Signs in against a listening portal over real HTTP (as a browser would), returning its tokens. */
export async function signInOverHttp(base: string, email: string, password: string) {
  const settings = (await (await fetch(`${base}/_configuration/SubscriberSys`)).json()) as {
    redirect_uri: string;
    scope: string;
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const go = cookieBrowser(base);
  const params = new URLSearchParams({
    client_id: 'SubscriberSys',
    response_type: 'code',
    scope: settings.scope,
    redirect_uri: settings.redirect_uri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'x',
  });
  await go(`/oidc/auth?${params}`);
  const { captchaId } = (await (await go('/Auth/Captcha')).json()) as { captchaId: string };
  const login = await go('/Auth/PostLogin', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, captcha: TEST_CAPTCHA, captchaId, rememberMe: false }),
  });
  let body = (await login.json()) as {
    code: number;
    redirectUrl: string;
    twoFactorRequired?: boolean;
    twoFactorToken?: string;
  };
  if (body.twoFactorRequired) {
    const second = await go('/Auth/PostLoginTwoFactor', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ twoFactorToken: body.twoFactorToken, code: await nextTotpCode(email) }),
    });
    body = (await second.json()) as typeof body;
  }
  if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
  let location = body.redirectUrl;
  while (!location.startsWith(settings.redirect_uri)) {
    location = (await go(location)).headers.get('location') ?? '';
    if (!location) throw new Error('lost in redirects');
  }
  const code = new URL(location).searchParams.get('code')!;
  const token = await go('/oidc/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: settings.redirect_uri,
      client_id: 'SubscriberSys',
      code_verifier: verifier,
    }),
  });
  const tokens = (await token.json()) as { access_token: string };
  return { token: tokens.access_token, auth: { authorization: `Bearer ${tokens.access_token}` } };
}
