import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TWO_FACTOR_SETUP_REQUIRED_CODE } from '#shared/two-factor.ts';
import { isAdmin, isMember, type Principal } from '../policies/membership.ts';
import type { TokenCheck, TokenVerifier } from '../security/access-tokens.ts';
import { type Actor, clientOf } from '../services/audit.ts';
import { sendProblem } from './errors.ts';

/** An onRequest hook in Fastify's callback style: it calls `done` to go on, or answers instead. */
type RequestCheck = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid bearer token of an existing user with an open session, or 401. */
    authenticate: RequestCheck;
    /** onRequest hook for public reads that show more to signed-in callers: no token is fine, a bad one is 401. */
    optionalAuthenticate: RequestCheck;
    /** onRequest hook: the caller must be a member (spec §6), or 403. */
    requireMember: RequestCheck;
    /** onRequest hook: the caller must hold the Admin role and sign in with a second factor, or 403. */
    requireAdmin: RequestCheck;
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

/** Who acted and from where (address and user agent), as services record it in the audit log. */
export function actorOf(request: {
  principal: { userId: string } | undefined;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
  url?: string;
}): Actor {
  return { userId: principalOf(request).userId, ...clientOf(request) };
}

type Options = { verify: TokenVerifier };

async function authenticatePlugin(app: FastifyInstance, options: Options) {
  app.decorateRequest('principal', undefined);

  // Callback-style hooks, synchronous when the token and its caller are remembered (most calls): no
  // promise per request and per hook.
  const settle = (
    request: FastifyRequest,
    reply: FastifyReply,
    check: TokenCheck,
    done: (error?: Error) => void,
  ) => {
    if (check.ok) {
      request.principal = check.principal;
      done();
    } else {
      // A token outlives neither its user nor its session (signed out, ended from another device, reset).
      unauthorized(
        request,
        reply,
        'invalid_token',
        check.reason === 'invalid'
          ? 'The access token is invalid or has expired.'
          : 'The session of this access token has ended.',
      );
    }
  };
  const authenticateRequest: RequestCheck = (request, reply, done) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) {
      reply.header('www-authenticate', 'Bearer realm="portal"');
      sendProblem(request, reply, 401, 'notSignedIn', {});
      return;
    }
    const check = options.verify(header.slice(7).trim());
    if (check instanceof Promise) check.then((result) => settle(request, reply, result, done), done);
    else settle(request, reply, check, done);
  };
  app.decorate('authenticate', authenticateRequest);
  app.decorate('optionalAuthenticate', ((request, reply, done) => {
    if (request.headers.authorization === undefined) done();
    else authenticateRequest(request, reply, done);
  }) satisfies RequestCheck);

  app.decorate('requireMember', ((request, reply, done) => {
    if (request.principal && isMember(request.principal)) done();
    else sendProblem(request, reply, 403, 'notMember', {});
  }) satisfies RequestCheck);

  app.decorate('requireAdmin', ((request, reply, done) => {
    if (!request.principal || !isAdmin(request.principal))
      sendProblem(request, reply, 403, 'permissionDenied', {});
    // The back office opens only to administrators who sign in with a second factor (the web app sends them
    // to set it up); the problem's `code` tells a client why.
    else if (!request.principal.twoFactor)
      sendProblem(
        request,
        reply,
        403,
        'twoFactorSetupRequired',
        { twoFactor: ['twoFactorSetupRequired'] },
        { code: TWO_FACTOR_SETUP_REQUIRED_CODE },
      );
    else done();
  }) satisfies RequestCheck);
}

export const authenticate = fp(authenticatePlugin, { name: 'authenticate' });
