import { type ComponentProps, lazy, Suspense } from 'react';
import { antdDefault } from './antd-default.ts';

const Tooltip = lazy(async () => ({
  default: antdDefault((await import('antd/es/tooltip/index.js')).default),
}));

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
