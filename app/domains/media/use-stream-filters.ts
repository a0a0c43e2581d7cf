import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FilterChange } from './media-filter-bar.tsx';
import { FILTER_PARAMS, type MediaStreamFilters, streamFiltersOf } from './media-stream-api.ts';

/**
 * The stream's filters, kept in the address (`?source=&kind=&tag=&lang=&q=`) so that a reload or a shared
 * link keeps them; other parameters of the address are left alone.
 */
export function useStreamFilters(): [MediaStreamFilters, FilterChange] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // One object per address, so that the query key stays the same between renders.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the parameters' content.
  const filters = useMemo(() => streamFiltersOf(params), [key]);
  const change: FilterChange = (changes) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes) as [keyof MediaStreamFilters, unknown][]) {
          const param = FILTER_PARAMS[name];
          if (value === undefined || value === '') next.delete(param);
          else next.set(param, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return [filters, change];
}
