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

/** antd's breakpoints (its screenSM and screenLG tokens), as its Grid.useBreakpoint reads them. */
export const SCREEN_WIDTHS = { sm: 576, lg: 992 } as const;

/**
 * Whether the window is at least as wide as one of antd's breakpoints, followed live. Unlike antd's
 * `Grid.useBreakpoint` (empty on the first render) it answers right away, and it does not bring antd's grid
 * module to the first pages.
 */
export function useScreen(size: keyof typeof SCREEN_WIDTHS): boolean {
  return useMediaQuery(`(min-width: ${SCREEN_WIDTHS[size]}px)`);
}
