import { useSyncExternalStore } from 'react';
import { drawerWidth } from '#shared/constants.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const screenWidth = () => window.innerWidth;

/** Spec §9: the drawer is 980 wide on screens over 1200, else as wide as the screen; follows resizing. */
export function useDrawerSize(): number {
  return drawerWidth(useSyncExternalStore(subscribe, screenWidth, () => 1280));
}
