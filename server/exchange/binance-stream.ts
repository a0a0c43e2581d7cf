import { setTimeout as sleep } from 'node:timers/promises';
import WebSocket from 'ws';
import type { z } from 'zod';
import type { UnknownCodeReporter } from './binance-codes.ts';
import type { BinanceClient } from './binance-http.ts';
import { toAccountEvent, toAlgoEvent, toOrderEvent } from './binance-parse.ts';
import {
  rawAccountUpdate,
  rawAlgoUpdate,
  rawEmpty,
  rawEventType,
  rawListenKey,
  rawOrderTradeUpdate,
} from './binance-schemas.ts';
import { ExchangeError, isExchangeError } from './exchange-errors.ts';
import type {
  ExchangeLogger,
  StreamState,
  StreamStatus,
  UserStream,
  UserStreamHandlers,
} from './exchange-reader.ts';

// The futures user-data stream: a listen key (POST /fapi/v1/listenKey, kept alive with PUT, closed with
// DELETE) and a WebSocket at <stream host>/ws/<listenKey>. The connection is replaced when it drops, when
// Binance says the key expired (listenKeyExpired, or -1125 on keepalive), when nothing, not even a pong, has
// come for `idleTimeoutMs`, and at Binance's 24-hour cut; each new connection after the first is announced
// as `resumed`, so the caller reconciles over REST. A refused key (invalidKey, ipNotAllowed) ends the stream.
// The listen key grants reading the account, so it is never logged either.

export interface UserStreamOptions {
  /** Keepalive period of the listen key (Binance: valid 60 minutes, extended by each PUT). */
  keepaliveMs?: number;
  /** Ping period; a connection silent for `idleTimeoutMs` is replaced. */
  pingMs?: number;
  idleTimeoutMs?: number;
  /** First reconnect delay, doubled up to `maxBackoffMs` while reconnects keep failing. */
  backoffMs?: number;
  maxBackoffMs?: number;
}

const LISTEN_KEY_PATH = '/fapi/v1/listenKey';

export function openUserStream(
  client: BinanceClient,
  handlers: UserStreamHandlers,
  options: UserStreamOptions & { log: ExchangeLogger; report: UnknownCodeReporter },
): UserStream {
  const keepaliveMs = options.keepaliveMs ?? 30 * 60_000;
  const pingMs = options.pingMs ?? 30_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 90_000;
  const backoffMs = options.backoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const { log } = options;
  let state: StreamState = 'connecting';
  let closing = false;
  let socket: WebSocket | undefined;
  let listenKey: string | undefined;
  const stop = new AbortController();

  const announce = (status: StreamStatus) => {
    state = status.state;
    safely(() => handlers.status?.(status), 'status');
  };

  function safely(run: () => void, what: string) {
    try {
      run();
    } catch (error) {
      log.error({ what, error: String(error) }, 'A user-data stream handler failed');
    }
  }

  const listenKeyCall = <T>(method: 'POST' | 'PUT' | 'DELETE', schema: z.ZodType<T>) =>
    client.call({ api: 'futures', method, path: LISTEN_KEY_PATH, weight: 1, auth: 'key', schema });

  function dispatch(data: WebSocket.RawData): 'expired' | undefined {
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      log.warn({}, 'Binance sent a user-data message that is not JSON');
      return;
    }
    const type = rawEventType.safeParse(json);
    const event = type.success ? type.data.e : '';
    const read = <S extends z.ZodType>(schema: S): z.output<S> | undefined => {
      const parsed = schema.safeParse(json);
      if (!parsed.success)
        log.warn({ event }, 'Binance sent a user-data event that is not what it documents');
      return parsed.success ? parsed.data : undefined;
    };
    if (event === 'listenKeyExpired') return 'expired';
    if (event === 'ORDER_TRADE_UPDATE') {
      const raw = read(rawOrderTradeUpdate);
      if (raw) safely(() => handlers.order?.(toOrderEvent(raw, options.report)), 'order');
    } else if (event === 'ALGO_UPDATE') {
      const raw = read(rawAlgoUpdate);
      if (raw) safely(() => handlers.order?.(toAlgoEvent(raw, options.report)), 'order');
    } else if (event === 'ACCOUNT_UPDATE') {
      const raw = read(rawAccountUpdate);
      if (raw) safely(() => handlers.account?.(toAccountEvent(raw, options.report)), 'account');
    }
    return;
  }

  /** One connection, from listen key to its end; resolves with why it ended. */
  async function connectOnce(resumed: boolean): Promise<ExchangeError> {
    ({ listenKey } = await listenKeyCall('POST', rawListenKey));
    if (closing) return new ExchangeError('unreachable', 'The stream was closed');
    const ws = new WebSocket(`${client.context.urls.stream}/ws/${listenKey}`, {
      handshakeTimeout: idleTimeoutMs,
    });
    socket = ws;
    return await new Promise<ExchangeError>((resolve) => {
      let opened = false;
      let lastSeen = Date.now();
      const timers: NodeJS.Timeout[] = [];
      const end = (reason: ExchangeError) => {
        for (const timer of timers) clearInterval(timer);
        ws.removeAllListeners();
        ws.on('error', () => {});
        if (ws.readyState !== WebSocket.CLOSED) ws.terminate();
        resolve(reason);
      };
      const seen = () => {
        lastSeen = Date.now();
      };
      ws.on('open', () => {
        opened = true;
        seen();
        announce({ state: 'open', resumed, error: null });
        timers.push(
          setInterval(
            () => {
              if (Date.now() - lastSeen > idleTimeoutMs) {
                end(new ExchangeError('unreachable', 'The user-data stream went silent'));
              } else ws.ping();
            },
            Math.min(pingMs, idleTimeoutMs),
          ),
          setInterval(() => {
            listenKeyCall('PUT', rawEmpty).catch((error: unknown) => {
              if (isExchangeError(error) && error.code === -1125) {
                end(new ExchangeError('rejected', 'The listen key expired', { code: -1125 }));
              } else {
                log.warn(
                  { error: isExchangeError(error) ? error.toJSON() : String(error) },
                  'Keepalive failed',
                );
              }
            });
          }, keepaliveMs),
        );
      });
      ws.on('ping', seen);
      ws.on('pong', seen);
      ws.on('message', (data) => {
        seen();
        if (dispatch(data) === 'expired') end(new ExchangeError('rejected', 'The listen key expired'));
      });
      ws.on('unexpected-response', (_request, response) => {
        end(
          new ExchangeError(
            'unreachable',
            `The stream host refused the connection (HTTP ${response.statusCode})`,
          ),
        );
      });
      ws.on('error', (error) => {
        end(new ExchangeError('unreachable', `The user-data stream failed: ${error.message}`));
      });
      ws.on('close', (code) => {
        end(
          new ExchangeError(
            'unreachable',
            opened ? `The user-data stream closed (${code})` : 'The stream host closed the connection',
          ),
        );
      });
    });
  }

  async function run() {
    let attempt = 0;
    let resumed = false;
    while (!closing) {
      const startedAt = Date.now();
      let reason: ExchangeError;
      try {
        reason = await connectOnce(resumed);
      } catch (error) {
        reason = isExchangeError(error)
          ? error
          : new ExchangeError('unreachable', 'The user-data stream failed', { cause: error });
      } finally {
        socket = undefined;
      }
      if (closing) break;
      if (reason.kind === 'invalidKey' || reason.kind === 'ipNotAllowed') {
        log.warn({ error: reason.toJSON() }, 'User-data stream stopped: the key is refused');
        closing = true;
        announce({ state: 'closed', resumed: false, error: reason });
        return;
      }
      // A connection that lived a while starts the backoff again.
      attempt = Date.now() - startedAt > 60_000 ? 0 : attempt + 1;
      const delay =
        reason.kind === 'rateLimited' && reason.retryAfterMs
          ? reason.retryAfterMs
          : Math.min(maxBackoffMs, backoffMs * 2 ** Math.max(0, attempt - 1)) * (0.75 + Math.random() / 2);
      log.info({ error: reason.toJSON(), delayMs: Math.round(delay) }, 'User-data stream reconnecting');
      announce({ state: 'reconnecting', resumed: false, error: reason });
      resumed = true;
      await sleep(delay, undefined, { signal: stop.signal }).catch(() => {});
    }
  }

  announce({ state: 'connecting', resumed: false, error: null });
  const running = run();

  return {
    get state() {
      return state;
    },
    async close() {
      if (state === 'closed' && closing) return;
      closing = true;
      stop.abort();
      socket?.terminate();
      await running;
      if (listenKey) await listenKeyCall('DELETE', rawEmpty).catch(() => {});
      announce({ state: 'closed', resumed: false, error: null });
    },
  };
}
