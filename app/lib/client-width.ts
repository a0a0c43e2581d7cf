import { useCallback, useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * A layout rule of the client width (`document.documentElement.clientWidth`, as the spec measures it),
 * re-evaluated on every resize; `serverValue` is what it answers before there is a window.
 */
export function useClientWidthRule(rule: (clientWidth: number) => boolean, serverValue = false): boolean {
  const snapshot = useCallback(() => rule(document.documentElement.clientWidth), [rule]);
  return useSyncExternalStore(subscribe, snapshot, () => serverValue);
}
