/**
 * A default export of antd's es/ modules. They are ESM without "type": "module", so TypeScript (nodenext)
 * sees the CommonJS shape `{ default: T }` where the bundler hands over the export itself. Accepts both.
 */
export function antdDefault<T>(module: { default: T }): T {
  return typeof module === 'object' && module !== null && 'default' in module
    ? module.default
    : (module as T);
}
