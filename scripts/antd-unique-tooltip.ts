import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// antd's ConfigProvider imports the tooltip's `UniqueProvider` (one shared pop-up for all tooltips) and
// draws it only when its `tooltip` prop sets `unique`. The import alone brings the trigger engine, its
// motion, portal and resize observer into the first load of every page (about 8 KB with brotli), pages
// without a single tooltip included. The portal never sets `unique`, so the build gives ConfigProvider
// `app/lib/antd-tooltip-provider.tsx` instead, which passes its children through; a Tooltip, Popover or
// Dropdown still imports the real engine where a page uses one. Should a ConfigProvider ever be given a
// `tooltip` prop, the build stops here rather than drop the setting silently.

const CONFIG_PROVIDER = /[\\/]node_modules[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/;
const UNIQUE_PROVIDER = '../tooltip/UniqueProvider';
const STAND_IN = fileURLToPath(new URL('../app/lib/antd-tooltip-provider.tsx', import.meta.url));
const APP_SOURCE = /[\\/]app[\\/].*\.tsx$/;
const TOOLTIP_PROP = /<ConfigProvider\b[^>]*\btooltip\s*=/;

export function antdUniqueTooltip(): Plugin {
  let redirected = false;
  return {
    name: 'portal-antd-unique-tooltip',
    apply: 'build',
    // Before Vite's own resolver.
    enforce: 'pre',
    buildStart() {
      redirected = false;
    },
    resolveId(source, importer) {
      if (source !== UNIQUE_PROVIDER || !importer || !CONFIG_PROVIDER.test(importer)) return null;
      redirected = true;
      return STAND_IN;
    },
    transform(code, id) {
      if (!id.includes('node_modules') && APP_SOURCE.test(id) && TOOLTIP_PROP.test(code))
        this.error(
          `${id} gives a ConfigProvider a tooltip prop: remove scripts/antd-unique-tooltip.ts so that it takes effect`,
        );
      return null;
    },
    buildEnd(error) {
      // An antd update that moves the import would bring the engine back silently: say so instead.
      if (!error && !redirected)
        this.error(`antd unique tooltip: ${UNIQUE_PROVIDER} is no longer imported by ConfigProvider`);
    },
  };
}
