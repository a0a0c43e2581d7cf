import { Flex, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { AlertsTab } from './alerts-tab.tsx';
import { LabelsTab } from './labels-tab.tsx';
import { WatcherTab } from './watcher-tab.tsx';

const { Title, Text } = Typography;

const TABS = ['alerts', 'labels', 'watcher'] as const;
type TabKey = (typeof TABS)[number];

/** /admin/content/onchain: alerts (with the queue), address labels and the watcher, one tab each (`?tab=`). */
export function OnchainAdminPage() {
  const { t } = useTranslation('onchainAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((key) => key === params.get('tab')) ?? 'alerts';

  const panels: Record<TabKey, () => ReactNode> = {
    alerts: () => <AlertsTab />,
    labels: () => <LabelsTab />,
    watcher: () => <WatcherTab />,
  };

  return (
    <div data-testid="onchain-admin">
      <title>{`${tAdmin('menu.onchain')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={8}>
        <div>
          <Title level={4} style={{ margin: 0 }}>
            {tAdmin('menu.onchain')}
          </Title>
          <Text type="secondary">{t('intro')}</Text>
        </div>
        <Tabs
          activeKey={tab}
          // Only the tab's own parameter survives a switch: the alerts' filters belong to the alerts.
          onChange={(key) => setParams(key === 'alerts' ? {} : { tab: key }, { replace: true })}
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`onchain-admin-tab-${key}`}>{t(`tabs.${key}`)}</span>,
            children: tab === key ? panels[key]() : null,
          }))}
          destroyOnHidden
          data-testid="onchain-admin-tabs"
        />
      </Flex>
    </div>
  );
}
