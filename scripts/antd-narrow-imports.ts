import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

// Some antd modules import more than they use, and the bundler must keep what they import: an index that
// assigns its parts onto a component, or whose modules are not marked free of side effects, stays whole. The
// build points these imports at what they use.
//
// - antd's core (its context isolator, which every overlay and input uses) imports the form context, and the
//   form context imports the form engine's provider from `@rc-component/form`'s index. That index assigns the
//   field, the list and the hooks onto the form component when it loads, so the bundler had to keep all of
//   them: the whole form engine and its validator (about 11 KB with brotli) were in the first load of every
//   page, forms or not. The provider's own module exports the same provider alone; pages with forms still
//   get the engine through antd's Form.
// - antd's Input imports `@rc-component/input`'s index for its input, and the index brings the text area with
//   its height measurement and the resize observer (about 2.5 KB with brotli): the tutorial list's search
//   box and the sign-in screen downloaded them. antd's TextArea imports them where a page draws one.
// - antd's form label imports the Tooltip to draw a label's `tooltip` hint (a question mark with a pop-up),
//   which no form of the portal uses; the import alone brought the pop-up engine (the trigger, the tooltip
//   and their styles, about 13 KB with brotli) into the first load of every page with a form, the sign-in
//   screen included. The label gets `app/lib/antd-label-tooltip.tsx` instead, which downloads antd's own
//   Tooltip when a label with a hint first shows. Pages that draw tooltips themselves import the real one.
//
// Each redirect must happen: a build where antd no longer makes one of these imports stops, rather than
// bring the modules back silently.

const REDIRECTS = [
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    target: '@rc-component/form/es/FormContext.js',
  },
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]input[\\/]Input\.js$/,
    source: '@rc-component/input',
    target: '@rc-component/input/es/Input.js',
  },
  {
    importer: /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]FormItemLabel\.js$/,
    source: '../tooltip',
    target: fileURLToPath(new URL('../app/lib/antd-label-tooltip.tsx', import.meta.url)),
  },
];

export function antdNarrowImports(): Plugin {
  const done = new Set<string>();
  return {
    name: 'portal-antd-narrow-imports',
    apply: 'build',
    // Before Vite's own resolver, which would answer with the index.
    enforce: 'pre',
    buildStart() {
      done.clear();
    },
    async resolveId(source, importer) {
      if (!importer) return null;
      const redirect = REDIRECTS.find((entry) => entry.source === source && entry.importer.test(importer));
      if (!redirect) return null;
      const resolved = await this.resolve(redirect.target, importer, { skipSelf: true });
      if (!resolved) this.error(`antd narrow imports: ${redirect.target} is gone`);
      done.add(redirect.target);
      return resolved;
    },
    buildEnd(error) {
      const missed = REDIRECTS.filter((entry) => !done.has(entry.target));
      if (!error && missed.length > 0)
        this.error(
          `antd narrow imports: no longer imported by antd: ${missed.map((entry) => entry.source).join(', ')}`,
        );
    },
  };
}
