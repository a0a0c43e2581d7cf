import type { Plugin } from 'vite';

// antd's core (its context isolator, which every overlay and input uses) imports the form context, and the
// form context imports the form engine's provider from `@rc-component/form`'s index. That index assigns the
// field, the list and the hooks onto the form component when it loads, so the bundler must keep all of
// them: the whole form engine and its validator (about 11 KB with brotli) were in the first load of every
// page, forms or not. The provider's own module exports the same provider alone; pages with forms still
// get the engine through antd's Form.

const FORM_CONTEXT = /[\\/]node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;

export function antdFormContext(): Plugin {
  return {
    name: 'portal-antd-form-context',
    apply: 'build',
    // Before Vite's own resolver, which would answer with the index.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !FORM_CONTEXT.test(importer)) return null;
      const provider = await this.resolve('@rc-component/form/es/FormContext.js', importer, {
        skipSelf: true,
      });
      if (!provider) this.error('antd form context: @rc-component/form/es/FormContext.js is gone');
      return provider;
    },
  };
}
