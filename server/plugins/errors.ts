import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Locale } from '#shared/constants.ts';
import { localeFromAcceptLanguage, message } from '#shared/messages.ts';
import { PROBLEM_CONTENT_TYPE, type ProblemDetails } from '#shared/problem.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { DomainError, type DomainErrorKind } from '../services/errors.ts';

/** When a client may try again after the database stopped answering. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Throw from a handler to answer with problem details; `errors` maps fields to messages. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;
  readonly extensions: Record<string, unknown>;
  constructor(
    status: number,
    detail: string,
    errors: Record<string, string[]> = {},
    extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.status = status;
    this.errors = errors;
    this.extensions = extensions;
  }
}

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: string,
  errors: Record<string, string[]> = {},
  extensions: Record<string, unknown> = {},
): FastifyReply {
  // Message keys of shared/messages.ts are shown in the request's language; other text as it is.
  const locale = requestLocale(request);
  const body: ProblemDetails = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail: message(detail, locale),
    instance: request.url.split('?')[0],
    errors: Object.fromEntries(
      Object.entries(errors).map(([field, messages]) => [field, messages.map((m) => message(m, locale))]),
    ),
    requestId: request.id,
    ...extensions,
  };
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(body);
}

function validationErrors(error: FastifyError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const context = error.validationContext ?? 'body';
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
    const messages = errors[field] ?? [];
    messages.push(issue.message ?? 'is invalid');
    errors[field] = messages;
  }
  return errors;
}

/** The one mapping from what a service says went wrong to the HTTP status that says it. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  busy: 503,
};

async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) {
      // A problem that says when to try again (`retryAfter`, seconds) also says it in the header.
      if (typeof error.extensions.retryAfter === 'number') {
        reply.header('retry-after', String(error.extensions.retryAfter));
      }
      return sendProblem(request, reply, error.status, error.message, error.errors, error.extensions);
    }
    if (error instanceof DomainError) {
      if (typeof error.extensions.retryAfter === 'number') {
        reply.header('retry-after', String(error.extensions.retryAfter));
      }
      return sendProblem(
        request,
        reply,
        STATUS_OF[error.kind],
        error.message,
        error.errors,
        error.extensions,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return sendProblem(request, reply, 400, 'The request is not valid.', validationErrors(error));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return sendProblem(request, reply, 429, 'tooManyRequests', {});
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: body too large (413), bad JSON (400), unsupported media type (415)...
      return sendProblem(request, reply, status, error.message, {});
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database is not answering');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendProblem(request, reply, 503, 'databaseUnavailable', {});
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, Math.max(status, 500), 'Something went wrong on our side.', {});
  });
}

export const errors = fp(errorsPlugin, { name: 'errors' });
