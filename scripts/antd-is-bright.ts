import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// antd's Button and Tag styles ask one question of the colour picker's presets panel, whether a colour is
// bright (for the text on a solid button or tag), and import that panel for it: the panel imports antd's
// Collapse, its styles and the colour picker's swatch, about 3 KB with brotli in the first load of every
// page, none of it drawn. `app/lib/antd-is-bright.ts` answers the same question alone (a test compares the
// two), and those styles get it instead; the colour picker itself, where a page uses it, keeps its panel.

const STYLES_ASKING = [
  /[\\/]node_modules[\\/]antd[\\/]es[\\/]button[\\/]style[\\/]token\.js$/,
  /[\\/]node_modules[\\/]antd[\\/]es[\\/]tag[\\/]style[\\/]index\.js$/,
];
const PRESETS = '../../color-picker/components/ColorPresets';
const IS_BRIGHT = fileURLToPath(new URL('../app/lib/antd-is-bright.ts', import.meta.url));

export function antdIsBright(): Plugin {
  const redirected = new Set<number>();
  return {
    name: 'portal-antd-is-bright',
    apply: 'build',
    // Before Vite's own resolver.
    enforce: 'pre',
    buildStart() {
      redirected.clear();
    },
    resolveId(source, importer) {
      if (source !== PRESETS || !importer) return null;
      const asking = STYLES_ASKING.findIndex((style) => style.test(importer));
      if (asking < 0) return null;
      redirected.add(asking);
      return IS_BRIGHT;
    },
    buildEnd(error) {
      // An antd update that moves the import would bring the panel back silently: say so instead (both
      // styles are in the graph: every page draws buttons, the back office tags).
      if (!error && redirected.size < STYLES_ASKING.length)
        this.error(`antd isBright: ${PRESETS} is no longer imported where it was`);
    },
  };
}
