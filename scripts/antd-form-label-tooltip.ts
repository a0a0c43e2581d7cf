import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// antd's form label imports the Tooltip to draw a label's `tooltip` hint (a question mark with a pop-up).
// The import alone brought the pop-up engine (the trigger, the tooltip and their styles, about 13 KB with
// brotli) into the first load of every page with a form, the sign-in screen included, though no form of the
// portal gives a label a hint. The build gives the label `app/lib/antd-label-tooltip.tsx` instead, which
// downloads antd's own Tooltip when a label with a hint first shows. Pages that draw tooltips themselves
// import the real one as before.

const FORM_LABEL = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/;
const TOOLTIP = '../tooltip';
const STAND_IN = fileURLToPath(new URL('../app/lib/antd-label-tooltip.tsx', import.meta.url));

export function antdFormLabelTooltip(): Plugin {
  let redirected = false;
  return {
    name: 'portal-antd-form-label-tooltip',
    apply: 'build',
    // Before Vite's own resolver.
    enforce: 'pre',
    buildStart() {
      redirected = false;
    },
    resolveId(source, importer) {
      if (source !== TOOLTIP || !importer || !FORM_LABEL.test(importer)) return null;
      redirected = true;
      return STAND_IN;
    },
    buildEnd(error) {
      // An antd update that moves the import would bring the engine back silently: say so instead.
      if (!error && !redirected)
        this.error(`antd form label tooltip: ${TOOLTIP} is no longer imported by FormItemLabel`);
    },
  };
}
