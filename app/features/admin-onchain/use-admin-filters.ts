import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ONCHAIN_CHAIN_IDS, ONCHAIN_DIRECTIONS, ONCHAIN_SOURCES, ONCHAIN_STATUSES } from '#shared/onchain.ts';
import type { AdminAlertFilters } from './onchain-admin-api.ts';

const PARAMS = ['status', 'source', 'chain', 'direction', 'asset'] as const;

export type AdminFilterChange = (
  change: { [K in keyof AdminAlertFilters]?: AdminAlertFilters[K] | undefined },
) => void;

function filtersOf(params: URLSearchParams): AdminAlertFilters {
  const pick = <T extends string>(values: readonly T[], name: string) =>
    values.find((value) => value === params.get(name));
  const filters: AdminAlertFilters = {};
  const status = pick(ONCHAIN_STATUSES, 'status');
  if (status) filters.status = status;
  const source = pick(ONCHAIN_SOURCES, 'source');
  if (source) filters.source = source;
  const chain = pick(ONCHAIN_CHAIN_IDS, 'chain');
  if (chain) filters.chain = chain;
  const direction = pick(ONCHAIN_DIRECTIONS, 'direction');
  if (direction) filters.direction = direction;
  const asset = params.get('asset')?.trim();
  if (asset) filters.asset = asset;
  return filters;
}

/** The alert table's filters in the address (`?status=queued&source=watcher…`), so the queue has a link. */
export function useAdminFilters(): [AdminAlertFilters, AdminFilterChange] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the parameters' content.
  const filters = useMemo(() => filtersOf(params), [key]);
  const change: AdminFilterChange = (changes) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of PARAMS) {
          if (!(name in changes)) continue;
          const value = changes[name];
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, value);
        }
        return next;
      },
      { replace: true },
    );
  return [filters, change];
}
