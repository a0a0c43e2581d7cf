import type { ReactNode } from 'react';

/**
 * Stands in, in the built app, for antd's tooltip `UniqueProvider` where `ConfigProvider` imports it
 * (scripts/antd-unique-tooltip.ts). ConfigProvider draws that provider only when its `tooltip` prop asks for
 * `unique` tooltips, which the portal never does (the build fails if a ConfigProvider is given a `tooltip`
 * prop); so this only passes its children through. Tooltips themselves are antd's own, unchanged.
 */
export default function UniqueProvider({ children }: { children?: ReactNode }) {
  return children;
}
