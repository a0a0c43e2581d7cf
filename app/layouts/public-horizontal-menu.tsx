import { ConfigProvider, Menu, type MenuProps } from 'antd';

/** The public sections side by side in the dark header (screens wider than 1560 px, spec §2). */
export function HorizontalMenu({
  items,
  selectedKeys,
}: {
  items: MenuProps['items'];
  selectedKeys: string[];
}) {
  return (
    // Tight enough for all eight entries beside the widest account button at 1600 px, in English too.
    <ConfigProvider theme={{ components: { Menu: { itemPaddingInline: 10 } } }}>
      <Menu
        mode="horizontal"
        theme="dark"
        items={items}
        selectedKeys={selectedKeys}
        style={{ background: 'transparent', borderBottom: 'none', lineHeight: '64px' }}
      />
    </ConfigProvider>
  );
}
