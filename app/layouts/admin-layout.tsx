import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandLogo } from '../components/brand-logo.tsx';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { LinkButton } from '../components/link-button.tsx';
import { RouteOutlet } from '../components/route-outlet.tsx';
import { StepUpDialog } from '../components/step-up-dialog.tsx';
import { SystemMessageCenter } from '../components/system-messages/system-message-center.tsx';
import { UserMenu } from '../components/user-menu.tsx';
import { LiveConnection } from '../lib/hub/live-connection.tsx';
import { TEXT_COLORS } from '../lib/theme.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { ADMIN_MENU, readCollapsed, saveCollapsed, selectedAdminKey } from './admin-menu.tsx';

const { Header, Sider, Content } = Layout;

export function AdminLayout() {
  const { t } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const screens = Grid.useBreakpoint();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  // Expanded, every group starts open; collapsed, groups are hover pop-ups that start closed. Keeping the two
  // sets apart stops a collapsed panel from opening every pop-up at once.
  const [openGroups, setOpenGroups] = useState<string[]>(() => ADMIN_MENU.map((group) => group.key));
  const [popupGroups, setPopupGroups] = useState<string[]>([]);
  const phone = screens.sm === false;
  const selected = selectedAdminKey(pathname);

  const toggle = () => {
    const next = !collapsed;
    setPopupGroups([]);
    setCollapsed(next);
    saveCollapsed(next);
  };

  const items: MenuProps['items'] = ADMIN_MENU.map((group) => ({
    key: group.key,
    icon: group.icon,
    label: t(`menu.${group.key}`),
    children: group.items.map((item) => ({
      key: item.key,
      icon: item.icon,
      label: <Link to={item.path}>{t(`menu.${item.key}`)}</Link>,
    })),
  }));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={224}
        collapsedWidth={phone ? 56 : 72}
        breakpoint="lg"
        // Narrow screens collapse the panel automatically without overwriting the remembered choice.
        onBreakpoint={(broken) => {
          setPopupGroups([]);
          setCollapsed(broken ? true : readCollapsed());
        }}
        data-testid="admin-sider"
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <Link
          to="/admin/account/list"
          style={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: collapsed ? 'center' : 'flex-start',
            gap: 10,
            height: 64,
            paddingInline: collapsed ? 0 : 20,
            color: '#ffffff',
            whiteSpace: 'nowrap',
            overflow: 'hidden',
          }}
        >
          <BrandLogo size={30} />
          {collapsed ? null : <span style={{ fontSize: 16, fontWeight: 600 }}>{t('title')}</span>}
        </Link>
        <nav aria-label={t('title')} data-testid="admin-menu">
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={selected ? [selected] : []}
            openKeys={collapsed ? popupGroups : openGroups}
            onOpenChange={(keys) => (collapsed ? setPopupGroups(keys) : setOpenGroups(keys))}
          />
        </nav>
      </Sider>
      <Layout style={{ minWidth: 0 }}>
        <Header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: phone ? 4 : 12,
            paddingInline: phone ? 8 : 16,
            background: '#ffffff',
            borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
            position: 'sticky',
            top: 0,
            zIndex: 10,
          }}
        >
          <Button
            type="text"
            data-testid="admin-sider-toggle"
            aria-label={collapsed ? t('sider.expand') : t('sider.collapse')}
            aria-expanded={!collapsed}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={toggle}
          />
          <div
            style={{
              flex: 1,
              minWidth: 0,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            <span style={{ fontSize: 16, fontWeight: 600 }}>
              {screens.md ? tCommon('product.name') : tCommon('product.shortName')}
            </span>
            {phone ? null : (
              <span style={{ marginInlineStart: 12, color: TEXT_COLORS.muted }}>{t('title')}</span>
            )}
          </div>
          <LinkButton
            type="text"
            to="/"
            icon={<HomeOutlined />}
            data-testid="back-to-portal"
            aria-label={t('backToPortal')}
          >
            {phone ? null : t('backToPortal')}
          </LinkButton>
          <LanguageSwitch compact={phone} />
          <UserMenu compact={phone} />
        </Header>
        <Content style={{ margin: phone ? 8 : 16 }}>
          <LiveConnection />
          <StepUpDialog />
          <SystemMessageCenter style={{ marginBottom: 12 }} />
          <div style={{ background: '#ffffff', borderRadius: 8, padding: phone ? 12 : 24, minHeight: 360 }}>
            <RouteOutlet />
          </div>
        </Content>
      </Layout>
    </Layout>
  );
}
