import { useMediaQuery } from './use-media-query.ts';

// Whether the person asked their system for reduced motion (`prefers-reduced-motion: reduce`), followed live.
// The app then turns antd's motion off (drop-downs, dialogs, messages appear without animating), as the
// rolling notice bar and the page frame already stop theirs in CSS (WCAG 2.3.3).

export function useReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
