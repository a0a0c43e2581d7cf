import { useEffect, useRef } from 'react';

/** Start reading the next page this far before the end of a list comes into view. */
const AHEAD = '600px 0px';

/**
 * For lists that load more as they scroll: calls `onReach` when the element the returned ref is put on (a
 * sentinel at the end of the list) comes into view. The observer is made again after each page, so a list
 * still too short to fill the screen keeps loading. Without IntersectionObserver nothing happens (the
 * list's "load more" button stays).
 */
export function useReachEnd(onReach: () => void, enabled: boolean, pages: number) {
  const ref = useRef<HTMLDivElement>(null);
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page makes a new observer (see above).
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reach.current();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, pages]);
  return ref;
}
