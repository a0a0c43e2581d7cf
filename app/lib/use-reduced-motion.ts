import { useSyncExternalStore } from 'react';

// Whether the person asked their system for reduced motion (`prefers-reduced-motion: reduce`), followed live.
// The app then turns antd's motion off (drop-downs, dialogs, messages appear without animating), as the
// rolling notice bar and the page frame already stop theirs in CSS (WCAG 2.3.3).

const QUERY = '(prefers-reduced-motion: reduce)';

function list(): MediaQueryList | undefined {
  return typeof window === 'undefined' || !window.matchMedia ? undefined : window.matchMedia(QUERY);
}

function subscribe(onChange: () => void): () => void {
  const media = list();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => list()?.matches ?? false,
    () => false,
  );
}
