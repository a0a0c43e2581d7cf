import { useCallback, useSyncExternalStore } from 'react';

function list(query: string): MediaQueryList | undefined {
  return typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia(query);
}

/** Whether a CSS media query matches, followed live (false before there is a window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const media = list(query);
      media?.addEventListener('change', onChange);
      return () => media?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => list(query)?.matches ?? false,
    () => false,
  );
}
