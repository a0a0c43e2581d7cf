import type { ExchangeKeyState } from '#shared/trading-labels.ts';

/**
 * Why a call to the exchange failed, as a key state the admin pages show (shared/trading-labels.ts):
 * - invalidKey: the key or its signature is refused (Binance -2014, -2015, -1022, -1002), or it lacks
 *   futures permission (Binance answers -2015 for that too);
 * - ipNotAllowed: -2015 for a key known to be restricted to listed addresses (Binance gives the same code
 *   for an unknown key and a refused address, so this needs the key's last restrictions check);
 * - clockSkew: -1021 even after the clock offset was measured again;
 * - rateLimited: 429 or 418 (`retryAfterMs` says when to try again), or the budget is blocked until then;
 * - unreachable: network error, timeout, 5xx or the exchange's own "internal error / timeout" codes;
 * - malformed: an answer that is not the JSON the endpoint documents;
 * - rejected: any other refusal (unknown symbol, bad parameter...), with the exchange's code.
 */
export type ExchangeErrorKind = Exclude<ExchangeKeyState, 'ok' | 'withdrawalsEnabled' | 'futuresDisabled'>;

type Details = {
  status?: number | null;
  code?: number | null;
  exchangeMessage?: string | null;
  retryAfterMs?: number | null;
  cause?: unknown;
};

export class ExchangeError extends Error {
  override name = 'ExchangeError';
  readonly kind: ExchangeErrorKind;
  /** HTTP status of the answer, when there was one. */
  readonly status: number | null;
  /** The exchange's error code (Binance: negative numbers such as -2015). */
  readonly code: number | null;
  /** The exchange's own message (never holds a secret, signature or query). */
  readonly exchangeMessage: string | null;
  readonly retryAfterMs: number | null;

  constructor(kind: ExchangeErrorKind, message: string, details: Details = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = kind;
    this.status = details.status ?? null;
    this.code = details.code ?? null;
    this.exchangeMessage = details.exchangeMessage ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
  }

  /** What a log line shows: no cause chain (a fetch error can carry the request it failed on). */
  toJSON() {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      status: this.status,
      code: this.code,
      exchangeMessage: this.exchangeMessage,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

export function isExchangeError(error: unknown): error is ExchangeError {
  return error instanceof ExchangeError;
}
