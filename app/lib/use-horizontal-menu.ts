import { useSyncExternalStore } from 'react';
import { isHorizontalMenu } from '#shared/constants.ts';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

function snapshot(): boolean {
  return isHorizontalMenu(document.documentElement.clientWidth);
}

/** Whether the public top menu is laid out horizontally (spec §2: client width over 1560), re-evaluated on resize. */
export function useHorizontalMenu(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
