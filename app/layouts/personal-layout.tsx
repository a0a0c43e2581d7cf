import { UserOutlined } from '@ant-design/icons';
import { Card, Col, Grid, Menu, type MenuProps, Row } from 'antd';
import { Link, useLocation } from 'react-router';
import { RouteOutlet } from '../components/route-outlet.tsx';
import { LOCAL_SIGN_OUT_STATE } from '../lib/auth/auth-paths.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { PERSONAL_MENU, selectedPersonalKey } from './personal-menu.tsx';

export function PersonalLayout() {
  const { t } = useTranslation('personal');
  const screens = Grid.useBreakpoint();
  const { pathname } = useLocation();
  const stacked = screens.md === false;
  const selected = selectedPersonalKey(pathname);

  const items: MenuProps['items'] = PERSONAL_MENU.map((entry) => ({
    key: entry.key,
    icon: entry.icon,
    disabled: !entry.path,
    danger: entry.key === 'logout',
    label: entry.path ? (
      <Link to={entry.path} state={entry.key === 'logout' ? LOCAL_SIGN_OUT_STATE : undefined}>
        {t(`menu.${entry.key}`)}
      </Link>
    ) : (
      t(`menu.${entry.key}`)
    ),
  }));

  return (
    <div style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: stacked ? 12 : 24 }}>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={7} lg={6} xl={5}>
          <Card
            size="small"
            title={
              <span>
                <UserOutlined style={{ marginInlineEnd: 8 }} />
                {t('title')}
              </span>
            }
            styles={{ body: { padding: 4 } }}
          >
            <nav aria-label={t('title')} data-testid="personal-menu">
              <Menu
                mode={stacked ? 'horizontal' : 'inline'}
                items={items}
                selectedKeys={selected ? [selected] : []}
                style={{ borderInlineEnd: 'none', borderBottom: 'none' }}
              />
            </nav>
          </Card>
        </Col>
        <Col xs={24} md={17} lg={18} xl={19}>
          <Card style={{ minHeight: stacked ? undefined : 480 }}>
            <RouteOutlet />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
