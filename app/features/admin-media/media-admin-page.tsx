import { Flex, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { ItemsTab } from './items-tab.tsx';
import { RulesTab } from './rules-tab.tsx';
import { SourcesTab } from './sources-tab.tsx';

const { Title, Text } = Typography;

const TABS = ['sources', 'rules', 'items'] as const;
type TabKey = (typeof TABS)[number];

/** /admin/content/media: sources (with OPML), keyword rules and items, one tab each (`?tab=`). */
export function MediaAdminPage() {
  const { t } = useTranslation('mediaAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = TABS.find((key) => key === params.get('tab')) ?? 'sources';

  const panels: Record<TabKey, () => React.ReactNode> = {
    sources: () => <SourcesTab />,
    rules: () => <RulesTab />,
    items: () => <ItemsTab />,
  };

  return (
    <div data-testid="media-admin">
      <title>{`${tAdmin('menu.media')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={8}>
        <div>
          <Title level={4} style={{ margin: 0 }}>
            {tAdmin('menu.media')}
          </Title>
          <Text type="secondary">{t('intro')}</Text>
        </div>
        <Tabs
          activeKey={tab}
          // Only the tab's own parameter survives a switch: the items' filters belong to the items.
          onChange={(key) => setParams(key === 'sources' ? {} : { tab: key }, { replace: true })}
          items={TABS.map((key) => ({
            key,
            label: t(`tabs.${key}`),
            children: tab === key ? panels[key]() : null,
          }))}
          destroyOnHidden
          data-testid="media-admin-tabs"
        />
      </Flex>
    </div>
  );
}
