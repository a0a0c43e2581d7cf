import type { Plugin } from 'vite';

// Some antd modules import a package's index where they use one module of it, and an index that assigns
// its parts onto a component, or whose modules are not marked free of side effects, keeps all of them in the
// build. The build points these imports at the one module they use; the same export comes from it.
//
// - antd's core (its context isolator, which every overlay and input uses) imports the form context, and the
//   form context imports the form engine's provider from `@rc-component/form`'s index. That index assigns the
//   field, the list and the hooks onto the form component when it loads, so the bundler had to keep all of
//   them: the whole form engine and its validator (about 11 KB with brotli) were in the first load of every
//   page, forms or not. Pages with forms still get the engine through antd's Form.
// - antd's Input imports `@rc-component/input`'s index for its input, and the index brings the text area with
//   its height measurement and the resize observer (about 2.5 KB with brotli): the tutorial list's search
//   box and the sign-in screen downloaded them. antd's TextArea imports them where a page draws one.
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
