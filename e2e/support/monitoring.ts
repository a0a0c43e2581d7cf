import type { FakeFeed } from '../../server/test/feed-fake.ts';
import { MONITORING_CONTROL_URL } from './env.ts';

// The journeys' client of e2e/support/monitoring-fakes.ts: the news site's feeds and the EVM chain.

async function post<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${MONITORING_CONTROL_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`monitoring fakes ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Serves a feed at a path of the news site from now on; answers its address. */
export async function publishFeed(path: string, feed: FakeFeed): Promise<string> {
  return (await post<{ url: string }>('/feeds', { path, feed })).url;
}

/** Scripts the fake chain (the RPC fake's control actions); answers its head block. */
export async function chainControl(command: Record<string, unknown>): Promise<number> {
  return (await post<{ head: number }>('/evm', command)).head;
}
