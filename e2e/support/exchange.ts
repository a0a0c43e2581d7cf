import type { FakeAccount } from '../../server/test/binance-fake-account.ts';
import type { RawRestrictions } from '../../server/test/binance-fake-shapes.ts';
import { EXCHANGE_CONTROL_URL } from './env.ts';

// The journeys' side of the fake exchange (e2e/support/exchange-fake.ts runs it for the whole Playwright
// run): accounts are made and scripted through its JSON API, with FakeAccount's own methods and types, so
// a journey scripts Binance exactly as the server's tests do (history before the key is followed, live
// events while a page watches).

/** FakeAccount's scripting methods a journey may call. */
export const ACCOUNT_CALLS = [
  'addAsset',
  'addPosition',
  'addOrder',
  'addAlgoOrder',
  'addTrade',
  'addIncome',
  'fill',
  'changePosition',
  'changeAlgoOrder',
  'push',
] as const satisfies readonly (keyof FakeAccount)[];
export type AccountCall = (typeof ACCOUNT_CALLS)[number];

async function control<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${EXCHANGE_CONTROL_URL}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`exchange fake: ${method} ${path}: ${response.status} ${json.error}`);
  return json;
}

/** One account of the fake exchange, with the key and secret an administrator enters for it. */
export class ExchangeAccount {
  readonly apiKey: string;
  readonly secret: string;

  constructor(credentials: { apiKey: string; secret: string }) {
    this.apiKey = credentials.apiKey;
    this.secret = credentials.secret;
  }

  /** Calls one of FakeAccount's methods in the fake's process; its answer comes back as JSON. */
  call<M extends AccountCall>(
    method: M,
    ...args: Parameters<FakeAccount[M]>
  ): Promise<Awaited<ReturnType<FakeAccount[M]>>> {
    return control('POST', `/accounts/${this.apiKey}/call`, { method, args });
  }

  /** Merges permissions into the key's restrictions (what GET /sapi/v1/account/apiRestrictions answers). */
  restrict(restrictions: Partial<RawRestrictions>): Promise<RawRestrictions> {
    return control('POST', `/accounts/${this.apiKey}/restrictions`, restrictions);
  }

  /** Open user-data connections of the account (the portal's sync worker holds one while it follows the key). */
  async streams(): Promise<number> {
    return (await control<{ streams: number }>('GET', `/accounts/${this.apiKey}`)).streams;
  }
}

/** A new account on the fake exchange, with a random 64-character key and secret. */
export async function createExchangeAccount(): Promise<ExchangeAccount> {
  return new ExchangeAccount(await control<{ apiKey: string; secret: string }>('POST', '/accounts', {}));
}

/** Sets a symbol's last price at the fake exchange (null: its made-up prices again). */
export async function setExchangePrice(symbol: string, price: number | null): Promise<void> {
  await control('POST', '/prices', { symbol, price });
}
