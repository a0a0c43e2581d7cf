import { isHorizontalMenu } from '#shared/constants.ts';
import { useClientWidthRule } from './client-width.ts';

/** Whether the public top menu is laid out horizontally (spec §2: client width over 1560), re-evaluated on resize. */
export function useHorizontalMenu(): boolean {
  return useClientWidthRule(isHorizontalMenu);
}
