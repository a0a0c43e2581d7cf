import { Badge, Flex, Grid, Typography } from 'antd';
import { useHubStatus } from '../../lib/hub/live-connection.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import { AlertList } from './alert-list.tsx';
import { useOnchainAlerts } from './onchain-api.ts';
import { OnchainFilterBar } from './onchain-filter-bar.tsx';
import { OnchainTotals } from './onchain-totals.tsx';
import { hasFilters, useAlertFilters } from './use-alert-filters.ts';

const { Title, Text } = Typography;

/** Whether the hub is up: what brings new alerts in without a reload. */
function LiveIndicator() {
  const { t } = useTranslation('onchain');
  const status = useHubStatus();
  const live = status === 'connected';
  return (
    <span data-testid="onchain-live" data-status={status} style={{ whiteSpace: 'nowrap' }}>
      <Badge
        status={live ? 'processing' : 'default'}
        text={<Text type="secondary">{live ? t('live') : t('connecting')}</Text>}
      />
    </span>
  );
}

/** /monitoring: on-chain alerts newest first, with filters and the 24 h exchange flows above them. */
export function OnchainPage() {
  const { t } = useTranslation('onchain');
  const { t: tCommon } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const [filters, setFilters] = useAlertFilters();
  const alerts = useOnchainAlerts(filters);

  return (
    <div
      data-testid="onchain-page"
      style={{
        width: '100%',
        maxWidth: 1040,
        margin: '0 auto',
        padding: phone ? '16px 12px 32px' : '28px 24px 48px',
      }}
    >
      <title>{`${t('title')} · ${tCommon('product.name')}`}</title>
      <Flex vertical gap={16}>
        <div>
          <Flex justify="space-between" align="center" gap={12} wrap>
            <Title level={2} style={{ margin: 0, fontSize: phone ? 22 : 28 }}>
              {t('title')}
            </Title>
            <LiveIndicator />
          </Flex>
          <Text type="secondary">{t('intro')}</Text>
        </div>
        <OnchainTotals />
        <OnchainFilterBar filters={filters} onChange={setFilters} />
        <AlertList alerts={alerts} filtered={hasFilters(filters)} />
      </Flex>
    </div>
  );
}
