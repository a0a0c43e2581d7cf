import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAdmin, isMember, type Principal } from '../policies/membership.ts';
import type { TokenVerifier } from '../security/access-tokens.ts';
import type { Actor } from '../services/audit.ts';
import { sendProblem } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token of an existing user with an open session, or 401. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook for public reads that show more to signed-in callers: no token is fine, a bad one is 401. */
    optionalAuthenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: the caller must be a member (spec §6), or 403. */
    requireMember(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: the caller must hold the Admin role, or 403. */
    requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export function unauthorized(
  request: FastifyRequest,
  reply: FastifyReply,
  error: string,
  description: string,
) {
  reply.header(
    'www-authenticate',
    `Bearer realm="portal", error="${error}", error_description="${description}"`,
  );
  return sendProblem(request, reply, 401, description, {});
}

/**
 * The caller of a route registered behind `authenticate`, which has always set it by the time a handler
 * runs. Called from a route outside that context it fails loudly (the route matrix test would show it),
 * instead of a handler going on with no one.
 */
export function principalOf<P = Principal>(request: { principal: P | undefined; url?: string }): P {
  const principal = request.principal;
  if (!principal) throw new Error(`${request.url ?? 'a route'} is not behind authenticate`);
  return principal;
}

/** Who acted and from where, as services record it in the audit log. */
export function actorOf(request: {
  principal: { userId: string } | undefined;
  ip: string;
  url?: string;
}): Actor {
  return { userId: principalOf(request).userId, ip: request.ip };
}

type Options = { verify: TokenVerifier };

async function authenticatePlugin(app: FastifyInstance, options: Options) {
  app.decorateRequest('principal', undefined);

  const authenticateRequest = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      reply.header('www-authenticate', 'Bearer realm="portal"');
      return sendProblem(request, reply, 401, 'notSignedIn', {});
    }
    const check = await options.verify(header.slice(7).trim());
    if (!check.ok) {
      // A token outlives neither its user nor its session (signed out, ended from another device, reset).
      return check.reason === 'invalid'
        ? unauthorized(request, reply, 'invalid_token', 'The access token is invalid or has expired.')
        : unauthorized(request, reply, 'invalid_token', 'The session of this access token has ended.');
    }
    request.principal = check.principal;
  };
  app.decorate('authenticate', authenticateRequest);
  app.decorate('optionalAuthenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === undefined) return;
    return authenticateRequest(request, reply);
  });

  app.decorate('requireMember', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.principal || !isMember(request.principal)) {
      return sendProblem(request, reply, 403, 'notMember', {});
    }
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.principal || !isAdmin(request.principal)) {
      return sendProblem(request, reply, 403, 'permissionDenied', {});
    }
  });
}

export const authenticate = fp(authenticatePlugin, { name: 'authenticate' });
