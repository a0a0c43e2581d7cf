import { type ComponentProps, lazy, Suspense } from 'react';

// antd's es/ is ESM without "type": "module", so TypeScript sees `{ default }` where the bundler gives the
// component (lib/antd-locale.ts).
const Tooltip = lazy(async () => {
  const module = await import('antd/es/tooltip/index.js');
  return {
    default: ('default' in module.default
      ? module.default.default
      : module.default) as typeof module.default.default,
  };
});

/**
 * Stands in, in the built app, for the Tooltip that antd's form label imports (scripts/antd-narrow-imports.ts)
 * to draw a label's `tooltip` hint. The import alone put the pop-up engine (about 13 KB with brotli) into the
 * first load of every page with a form, the sign-in screen among them, though no form of the portal gives
 * a label a hint. A label that does gets antd's own Tooltip, downloaded when the label first shows; until
 * then its hint icon shows alone (a pointer already resting on it then opens the hint once it moves in again).
 */
export default function LabelTooltip({ children, ...props }: ComponentProps<typeof Tooltip>) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
