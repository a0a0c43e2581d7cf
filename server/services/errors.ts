/**
 * What the services (and storage) throw when a request cannot be done: a kind, a message key of
 * shared/messages.ts, the fields it concerns and, for some, when to try again. They know nothing of HTTP;
 * the error handler (plugins/errors.ts) is the one place that turns these into problem details.
 */
export type DomainErrorKind = 'invalid' | 'notFound' | 'conflict' | 'tooLarge' | 'tooMany' | 'busy';

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: DomainErrorKind;
  readonly errors: Record<string, string[]>;
  /** More members of the problem body; `retryAfter` (seconds) also becomes the Retry-After header. */
  readonly extensions: Record<string, unknown>;
  constructor(
    kind: DomainErrorKind,
    key: string,
    errors: Record<string, string[]> = {},
    extensions: Record<string, unknown> = {},
  ) {
    super(key);
    this.kind = kind;
    this.errors = errors;
    this.extensions = extensions;
  }
}
