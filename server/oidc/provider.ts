import type { Kysely } from 'kysely';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { loadUserWithRoles } from '../services/user-lookup.ts';
import { createOidcAdapter } from './adapter.ts';
import { cookieKeys, loadSigningKey, type PrivateJwk } from './keys.ts';
import { logoutConfirmPage } from './pages.ts';

/** The web app's OpenID Connect client id; `/_configuration/SubscriberSys` describes it. */
const WEB_CLIENT_ID = 'SubscriberSys';
const API_SCOPE = 'api';
export const WEB_SCOPES = `openid profile email offline_access ${API_SCOPE}`;

export type Identity = {
  provider: Provider;
  signingKey: PrivateJwk;
  issuer: string;
  apiAudience: string;
  clientId: string;
  redirectUri: string;
  silentRedirectUri: string;
  postLogoutRedirectUri: string;
};

const DAY = 24 * 60 * 60;

const CORS_HEADERS = [
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Credentials',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Expose-Headers',
  'Access-Control-Max-Age',
];

/**
 * The provider's CORS answers only the portal's own origin. oidc-provider reflects any Origin in
 * preflights and on its open endpoints (discovery, JWKS); its per-client check (`clientBasedCORS`) only
 * runs once a request names its client. This removes every CORS header from an answer to another origin.
 */
function portalOnlyCors(portalOrigin: string) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    const origin = ctx.get('Origin');
    try {
      await next();
    } finally {
      if (origin && origin !== portalOrigin) for (const header of CORS_HEADERS) ctx.remove(header);
    }
  };
}

export async function createIdentity(config: Config, db: Kysely<DB>): Promise<Identity> {
  const issuer = `${config.publicUrl}/oidc`;
  const apiAudience = `${config.publicUrl}/api`;
  const redirectUri = `${config.publicUrl}/authentication/login-callback`;
  const silentRedirectUri = `${config.publicUrl}/authentication/silent-callback`;
  const postLogoutRedirectUri = `${config.publicUrl}/authentication/logout-callback`;
  const signingKey = await loadSigningKey(db, config.appSecret);
  const portalOrigin = new URL(config.publicUrl).origin;

  const configuration: Configuration = {
    adapter: createOidcAdapter(db),
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'ChainCompass Academy',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [redirectUri, silentRedirectUri],
        post_logout_redirect_uris: [postLogoutRedirectUri],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: {
      keys: cookieKeys(config.appSecret),
      // The login form posts to /Auth/PostLogin, which must see the interaction cookie.
      short: { path: '/', httpOnly: true, sameSite: 'lax' },
      long: { httpOnly: true, sameSite: 'lax' },
    },
    pkce: { required: () => true },
    // Token, revocation and userinfo requests from a browser: only from the portal itself.
    clientBasedCORS: (_ctx, origin) => origin === portalOrigin,
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname', 'picture'],
    },
    async findAccount(_ctx, sub) {
      const found = await loadUserWithRoles(db, sub);
      if (!found) return undefined;
      const { user } = found;
      return {
        accountId: user.id,
        async claims() {
          return {
            sub: user.id,
            email: user.email,
            email_verified: user.email_confirmed_at !== null,
            name: user.user_name,
            nickname: user.nick_name ?? undefined,
            picture: user.pic ?? undefined,
          };
        },
      };
    },
    // The web app is first-party: its grant is created without a consent screen, with the API scope.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client!;
      const session = ctx.oidc.session!;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const grant = await ctx.oidc.provider.Grant.find(grantId);
        if (grant) return grant;
      }
      if (client.clientId !== WEB_CLIENT_ID || !session.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid profile email offline_access');
      grant.addResourceScope(apiAudience, API_SCOPE);
      await grant.save();
      return grant;
    },
    // The provider drops offline_access without prompt=consent, which the first-party web app never shows;
    // it still gets (rotating, session-bound) refresh tokens for silent renewal.
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    // Refresh tokens die with the session: signing out (or ending a session) ends them.
    expiresWithSession: async () => true,
    rotateRefreshToken: true,
    ttl: {
      AccessToken: config.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => apiAudience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== apiAudience) throw new Error('unknown resource');
          return {
            scope: API_SCOPE,
            audience: apiAudience,
            accessTokenTTL: config.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx: KoaContextWithOIDC, form: string) {
          // Sign out at once when the request proves who asked (a valid id_token_hint for this session).
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: string } } | undefined;
          const auto = Boolean(hint?.payload?.sub && hint.payload.sub === ctx.oidc.session?.accountId);
          ctx.type = 'html';
          ctx.body = logoutConfirmPage(form, auto);
        },
        async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
          ctx.redirect('/authentication/logged-out');
        },
      },
    },
    // Roles and the session id travel in the access token; the API still reads roles fresh per request.
    async extraTokenClaims(_ctx, token) {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const found = await loadUserWithRoles(db, token.accountId);
      return {
        roles: found?.roles.map((r) => r.name) ?? [],
        ...('sessionUid' in token && token.sessionUid ? { sid: token.sessionUid } : {}),
      };
    },
    interactions: {
      url: async (_ctx, interaction) => `/Account/Login?interaction=${encodeURIComponent(interaction.uid)}`,
    },
    async renderError(ctx, out) {
      const message = out.error_description ?? out.error ?? 'sign-in failed';
      ctx.redirect(`/authentication/login-failed?message=${encodeURIComponent(String(message))}`);
    },
  };

  const provider = new Provider(issuer, configuration);
  if (config.trustProxy) provider.proxy = true;
  provider.use(portalOnlyCors(portalOrigin));
  return {
    provider,
    signingKey,
    issuer,
    apiAudience,
    clientId: WEB_CLIENT_ID,
    redirectUri,
    silentRedirectUri,
    postLogoutRedirectUri,
  };
}
