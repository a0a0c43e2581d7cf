import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIdParams, subscriberConfiguration } from '#shared/schemas/auth.ts';
import type { Identity } from '../../oidc/provider.ts';
import { WEB_SCOPES } from '../../oidc/provider.ts';
import { HttpProblem } from '../../plugins/errors.ts';

/** The web app's OpenID Connect client settings (spec §7: identity client settings). Public. */
export const configurationRoutes: FastifyPluginAsyncZod<{ identity: Identity }> = async (
  app,
  { identity },
) => {
  app.get(
    '/_configuration/:clientId',
    {
      schema: {
        params: clientIdParams,
        response: { 200: subscriberConfiguration },
      },
    },
    async (request) => {
      if (request.params.clientId !== identity.clientId) {
        throw new HttpProblem(404, `No client ${request.params.clientId}.`);
      }
      return {
        authority: identity.issuer,
        client_id: identity.clientId,
        redirect_uri: identity.redirectUri,
        silent_redirect_uri: identity.silentRedirectUri,
        post_logout_redirect_uri: identity.postLogoutRedirectUri,
        response_type: 'code' as const,
        scope: WEB_SCOPES,
      };
    },
  );
};
