import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdUniqueTooltip } from './antd-unique-tooltip.ts';

// The plugin's hooks as Vite calls them, with the context's `error` throwing as Vite's does.
type Hook = (this: unknown, ...args: unknown[]) => unknown;
const context = {
  error(message: string): never {
    throw new Error(message);
  },
};
const call = (
  plugin: Plugin,
  name: 'buildStart' | 'resolveId' | 'transform' | 'buildEnd',
  ...args: unknown[]
) => (plugin[name] as Hook).call(context, ...args);

const antd = (file: string) => path.join('/repo', 'node_modules', 'antd', 'es', file);
const standIn = path.resolve(import.meta.dirname, '..', 'app', 'lib', 'antd-tooltip-provider.tsx');

describe('antd unique tooltip plugin', () => {
  it("gives ConfigProvider the stand-in, and a Tooltip antd's own provider", () => {
    const plugin = antdUniqueTooltip();
    call(plugin, 'buildStart');
    expect(call(plugin, 'resolveId', '../tooltip/UniqueProvider', antd('config-provider/index.js'))).toBe(
      standIn,
    );
    expect(call(plugin, 'resolveId', './UniqueProvider', antd('tooltip/index.js'))).toBeNull();
    expect(call(plugin, 'resolveId', '../tooltip/UniqueProvider', antd('select/index.js'))).toBeNull();
    expect(() => call(plugin, 'buildEnd')).not.toThrow();
  });

  it('stops the build when antd no longer imports the provider from ConfigProvider', () => {
    const plugin = antdUniqueTooltip();
    call(plugin, 'buildStart');
    expect(() => call(plugin, 'buildEnd')).toThrow(/no longer imported by ConfigProvider/);
    // A build that failed for another reason reports that reason, not this one.
    expect(() => call(plugin, 'buildEnd', new Error('elsewhere'))).not.toThrow();
  });

  it('stops the build when a ConfigProvider of the app is given a tooltip prop', () => {
    const plugin = antdUniqueTooltip();
    const page = '/repo/app/features/example/page.tsx';
    expect(() =>
      call(plugin, 'transform', '<ConfigProvider\n  theme={theme}\n  tooltip={{ unique: true }}\n>', page),
    ).toThrow(/gives a ConfigProvider a tooltip prop/);
    expect(
      call(plugin, 'transform', '<ConfigProvider theme={theme}><Tooltip title="x" /></ConfigProvider>', page),
    ).toBeNull();
    // antd's own sources mention the prop; they are not the app's.
    expect(
      call(plugin, 'transform', '<ConfigProvider tooltip={x}>', antd('config-provider/index.tsx')),
    ).toBeNull();
  });
});
