import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The level of the route's access-log line when it succeeds (info by default): a probe that load
     * balancers call every few seconds logs at debug, so its lines do not drown the others.
     */
    accessLogLevel?: 'debug' | 'info';
  }
}

/**
 * Query parameters whose values are credentials or identify a person, compared case-insensitively and
 * after percent-decoding the name. A deny list rather than an allow list: the API's own query
 * parameters (pages, filters, ids) stay readable for whoever reads the logs to find a problem, and no
 * other parameter carries a secret. Kept: `userId` (an opaque id, no credential once its code is gone),
 * `interaction` (useless without its cookie), `client_id`, `redirect_uri`, `post_logout_redirect_uri`,
 * `scope`, `code_challenge` (a hash, public by design) and `iss`.
 */
const SECRET_QUERY_PARAMETERS = new Set([
  // OpenID Connect: the authorization code and the client's state and nonce that travel with it; tokens.
  'code',
  'state',
  'nonce',
  'id_token_hint',
  'id_token',
  'access_token',
  'refresh_token',
  'token',
  'code_verifier',
  'client_secret',
  'client_assertion',
  'login_hint',
  'logout_hint',
  // Mailed links (confirmation and reset codes) and anything that looks like a password or an e-mail.
  'resetcode',
  'password',
  'email',
]);

const REDACTED = '[redacted]';

/** The logger levels at which a debug line is written. */
const DEBUG_WRITTEN = new Set(['debug', 'trace']);

function parameterName(raw: string): string {
  // Most names are sent as they are: nothing to decode.
  if (!raw.includes('%') && !raw.includes('+')) return raw.toLowerCase();
  try {
    return decodeURIComponent(raw.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/**
 * Whether a query may name a secret parameter: one of the names, in any case, as a whole parameter name,
 * or any percent-encoded or `+` character (a name could hide behind them). Most queries (pages, filters)
 * are then logged as sent without being taken apart.
 */
const MAY_NAME_A_SECRET = new RegExp(
  `[%+]|(?:^|&)(?:${[...SECRET_QUERY_PARAMETERS].join('|')})(?:=|&|$)`,
  'i',
);

/** The URL as logged: the value of every secret query parameter replaced, everything else as sent. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  if (!MAY_NAME_A_SECRET.test(url.slice(start + 1))) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals === -1 ? part : part.slice(0, equals);
      return SECRET_QUERY_PARAMETERS.has(parameterName(name)) ? `${name}=${REDACTED}` : part;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

/**
 * One access-log line per request, written when the response is finished, instead of Fastify's two
 * (incoming + completed). Headers are never logged, so tokens and cookies cannot reach the logs, and the
 * URL is logged with its secret query parameters redacted (here and in every other line Fastify writes
 * about a request).
 */
export class AccessLogController extends LogController {
  override incomingRequest(): void {}

  private line(request: FastifyRequest, reply: FastifyReply) {
    return {
      method: request.method,
      // The URL as sent: the provider's mount strips `/oidc` from `request.url` while it answers.
      url: redactUrl(request.originalUrl),
      statusCode: reply.statusCode,
      ip: request.ip,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
    };
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      reply.log.error({ ...this.line(request, reply), err: error }, 'request errored');
      return;
    }
    const level = reply.statusCode < 400 ? (request.routeOptions.config.accessLogLevel ?? 'info') : 'info';
    // A probe's line at debug is mostly not written: not built either (the client address behind a proxy,
    // the redacted URL and the timing cost more than the probe's own answer).
    if (level === 'debug' && !DEBUG_WRITTEN.has(reply.log.level)) return;
    reply.log[level](this.line(request, reply), 'request completed');
  }

  // Fastify's own versions of the following log the whole request (its URL included) or the raw URL.
  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    const line = { ...this.line(request, reply), err: error };
    if (reply.statusCode >= 500) reply.log.error(line, error?.message);
    else reply.log.info(line, error?.message);
  }

  override writeHeadError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    reply.log.warn({ ...this.line(request, reply), err: error }, error?.message);
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.info(`Route ${request.method}:${redactUrl(request.originalUrl)} not found`);
  }
}
