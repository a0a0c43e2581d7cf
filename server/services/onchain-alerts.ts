import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { onchainAdminAlertsQuery } from '#shared/schemas/onchain.ts';
import { sumDecimals } from '../chain/decimal.ts';
import { idsOrNone } from '../db/in-list.ts';
import type { DB, OnchainAlertsTable } from '../db/schema.ts';
import { DomainError } from './errors.ts';

// On-chain alerts as they are read: members' list (published only) and the admins' (any status), newest
// first by the transfer's time, paged by a cursor naming the last alert of the page before (its time and
// id), so alerts published meanwhile take their place by time and a page never repeats one of an earlier
// page; the labels of both sides, joined from the label table at the time of reading; the filters' choices;
// and the last 24 hours' exchange flows per asset.

/** An alert with the labels of its two addresses (null where there is none). */
export type OnchainAlertRecord = Selectable<OnchainAlertsTable> & {
  from_label_name: string | null;
  from_label_kind: string | null;
  to_label_name: string | null;
  to_label_kind: string | null;
};

/** The filters of either list: the members' (status published) or the admins' (any, unless asked). */
export type OnchainAlertFilter = z.output<typeof onchainAdminAlertsQuery>;

type Cursor = { occurredAt: number; id: number };

const badCursor = () =>
  new DomainError('invalid', 'onchainCursorInvalid', { cursor: ['onchainCursorInvalid'] });

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify([c.occurredAt, c.id])).toString('base64url');

function decodeCursor(text: string): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [occurredAt, id] = value as unknown[];
  if (!Number.isSafeInteger(occurredAt) || !Number.isSafeInteger(id) || (id as number) < 1) throw badCursor();
  return { occurredAt: occurredAt as number, id: id as number };
}

/** Alerts with both sides' labels. */
const selectAlerts = (db: Kysely<DB>) =>
  db
    .selectFrom('onchain_alerts as a')
    .leftJoin('onchain_address_labels as fl', 'fl.address', 'a.from_address')
    .leftJoin('onchain_address_labels as tl', 'tl.address', 'a.to_address')
    .selectAll('a')
    .select([
      'fl.name as from_label_name',
      'fl.kind as from_label_kind',
      'tl.name as to_label_name',
      'tl.kind as to_label_kind',
    ]);

/** The alerts of these ids that exist (published ones only, unless `anyStatus`), newest first. */
export async function readOnchainAlerts(
  db: Kysely<DB>,
  ids: readonly number[],
  options: { anyStatus: boolean },
): Promise<OnchainAlertRecord[]> {
  let query = selectAlerts(db).where('a.id', 'in', idsOrNone([...ids]));
  if (!options.anyStatus) query = query.where('a.status', '=', 'published');
  return query.orderBy('a.occurred_at', 'desc').orderBy('a.id', 'desc').execute();
}

/**
 * A page of alerts with the filters asked: published ones only for members (`publishedOnly`), else those
 * of the status asked, if any. `nextCursor` is undefined on the last page.
 */
export async function readOnchainAlertPage(
  db: Kysely<DB>,
  filter: OnchainAlertFilter,
  options: { publishedOnly: boolean },
): Promise<{ records: OnchainAlertRecord[]; nextCursor: string | undefined }> {
  let query = selectAlerts(db);
  const status = options.publishedOnly ? 'published' : filter.status;
  if (status) query = query.where('a.status', '=', status);
  if (filter.source) query = query.where('a.source', '=', filter.source);
  if (filter.chain) query = query.where('a.chain', '=', filter.chain);
  if (filter.asset) query = query.where('a.asset', '=', filter.asset);
  if (filter.direction) query = query.where('a.direction', '=', filter.direction);
  if (filter.minUsd !== undefined) query = query.where('a.usd_value', '>=', filter.minUsd);
  if (filter.cursor) {
    const after = decodeCursor(filter.cursor);
    query = query.where((eb) =>
      eb(eb.refTuple('a.occurred_at', 'a.id'), '<', eb.tuple(after.occurredAt, after.id)),
    );
  }
  const rows = await query
    .orderBy('a.occurred_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    records: page,
    nextCursor:
      rows.length > filter.limit && last
        ? encodeCursor({ occurredAt: last.occurred_at, id: last.id })
        : undefined,
  };
}

/** The chains and assets of published alerts (what the members' filters offer). */
export async function readOnchainFilters(db: Kysely<DB>): Promise<{ chains: string[]; assets: string[] }> {
  const published = db.selectFrom('onchain_alerts').where('status', '=', 'published');
  const [chains, assets] = await Promise.all([
    published.select('chain').distinct().orderBy('chain').execute(),
    published.select('asset').distinct().orderBy('asset').execute(),
  ]);
  return { chains: chains.map((r) => r.chain), assets: assets.map((r) => r.asset) };
}

export type OnchainFlow = { amount: string; usd: number; count: number };
export type OnchainAssetTotals = { asset: string; inflow: OnchainFlow; outflow: OnchainFlow };

export const TOTALS_WINDOW_MS = 24 * 3_600_000;

/**
 * Per asset, what published alerts of the 24 hours before `now` (by the transfer's time) moved into and out
 * of exchanges: amounts summed exactly, US dollar values of those that have one. Assets with the most
 * dollars moved first.
 */
export async function readOnchainTotals(
  db: Kysely<DB>,
  now = Date.now(),
): Promise<{ since: number; until: number; assets: OnchainAssetTotals[] }> {
  const since = now - TOTALS_WINDOW_MS;
  const rows = await db
    .selectFrom('onchain_alerts')
    .select(['asset', 'direction', 'amount', 'usd_value'])
    .where('status', '=', 'published')
    .where('direction', 'in', ['exchange_inflow', 'exchange_outflow'])
    .where('occurred_at', '>', since)
    .where('occurred_at', '<=', now)
    .execute();
  const byAsset = new Map<string, { inflow: typeof rows; outflow: typeof rows }>();
  for (const row of rows) {
    const entry = byAsset.get(row.asset) ?? { inflow: [], outflow: [] };
    (row.direction === 'exchange_inflow' ? entry.inflow : entry.outflow).push(row);
    byAsset.set(row.asset, entry);
  }
  const flow = (list: typeof rows): OnchainFlow => ({
    amount: sumDecimals(list.map((r) => r.amount)),
    usd: list.reduce((sum, r) => sum + (r.usd_value ?? 0), 0),
    count: list.length,
  });
  const assets = [...byAsset].map(([asset, entry]) => ({
    asset,
    inflow: flow(entry.inflow),
    outflow: flow(entry.outflow),
  }));
  assets.sort(
    (a, b) => b.inflow.usd + b.outflow.usd - (a.inflow.usd + a.outflow.usd) || a.asset.localeCompare(b.asset),
  );
  return { since, until: now, assets };
}

/** The watcher's state row of every chain it has followed (admins see it beside the configuration). */
export async function readOnchainWatcherStates(db: Kysely<DB>) {
  return db.selectFrom('onchain_watcher_state').selectAll().orderBy('chain').execute();
}
