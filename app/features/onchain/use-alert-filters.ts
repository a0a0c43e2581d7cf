import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ONCHAIN_CHAIN_IDS, ONCHAIN_DIRECTIONS } from '#shared/onchain.ts';
import type { AlertFilters } from './onchain-api.ts';

/** Sets some filters (undefined: that filter off), keeping the others. */
export type FilterChange = (change: { [K in keyof AlertFilters]?: AlertFilters[K] | undefined }) => void;

const PARAMS = ['chain', 'asset', 'direction', 'minUsd'] as const satisfies readonly (keyof AlertFilters)[];

/** The filters the address holds (`?chain=&asset=&direction=&minUsd=`), unknown values left out. */
export function alertFiltersOf(params: URLSearchParams): AlertFilters {
  const filters: AlertFilters = {};
  const chain = ONCHAIN_CHAIN_IDS.find((candidate) => candidate === params.get('chain'));
  if (chain) filters.chain = chain;
  const asset = params.get('asset')?.trim();
  if (asset) filters.asset = asset;
  const direction = ONCHAIN_DIRECTIONS.find((candidate) => candidate === params.get('direction'));
  if (direction) filters.direction = direction;
  const minUsd = Number(params.get('minUsd') ?? '');
  if (params.get('minUsd') && Number.isFinite(minUsd) && minUsd > 0) filters.minUsd = minUsd;
  return filters;
}

export const hasFilters = (filters: AlertFilters) => Object.keys(filters).length > 0;

/**
 * The alerts' filters, kept in the address so that a reload or a shared link keeps them; other parameters
 * of the address are left alone.
 */
export function useAlertFilters(): [AlertFilters, FilterChange] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // One object per address, so that the query key stays the same between renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the parameters' content.
  const filters = useMemo(() => alertFiltersOf(params), [key]);
  const change: FilterChange = (changes) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of PARAMS) {
          if (!(name in changes)) continue;
          const value = changes[name];
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return [filters, change];
}
