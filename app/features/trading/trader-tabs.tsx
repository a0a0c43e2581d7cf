import { BellOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ROLE } from '#shared/roles.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { PlaceholderLines } from '../../components/placeholder.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useAccount } from '../../lib/account.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { SUBSCRIBE_PATH } from './advisory-feed.tsx';
import { type LiveTrader, useLiveTraders } from './live-api.ts';

/** The query parameter naming the trader shown (`/?type=1&keyId=3`); links from the back office use it too. */
export const KEY_ID_PARAM = 'keyId';

/** The trader a `keyId` parameter names, or the first one. */
export function chosenTrader(traders: readonly LiveTrader[], keyId: string | null): LiveTrader | undefined {
  return traders.find((trader) => String(trader.id) === keyId) ?? traders[0];
}

/** Sets `keyId` in the address, keeping the other parameters. */
export function useChooseTrader() {
  const [, setParams] = useSearchParams();
  return (keyId: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(KEY_ID_PARAM, String(keyId));
      return next;
    });
}

function NoTraders() {
  const { t } = useTranslation('trading');
  const account = useAccount();
  const admin = account.data?.roles.includes(ROLE.admin) ?? false;
  return (
    <Card>
      <Empty
        data-testid="no-traders"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4}>
            <Typography.Text strong>{t('traders.empty.title')}</Typography.Text>
            <Typography.Text type="secondary">
              {admin ? t('traders.empty.admin') : t('traders.empty.text')}
            </Typography.Text>
          </Flex>
        }
      >
        {admin ? null : (
          <LinkButton type="primary" to={SUBSCRIBE_PATH} icon={<BellOutlined />}>
            {t('traders.empty.subscribe')}
          </LinkButton>
        )}
      </Empty>
    </Card>
  );
}

/**
 * One tab per trader the caller may watch (GET /api/Trading/Traders), the chosen one in the address; only the
 * chosen tab renders its content. Loading, error and "no trader" states included.
 */
export function TraderTabs({ children }: { children: (trader: LiveTrader) => ReactNode }) {
  const { t } = useTranslation('trading');
  const traders = useLiveTraders();
  const [params] = useSearchParams();
  const choose = useChooseTrader();

  if (traders.isPending) {
    return (
      <Card data-testid="traders-loading">
        <PlaceholderLines rows={6} />
      </Card>
    );
  }
  if (traders.isError) return <QueryError onRetry={() => void traders.refetch()} />;
  const active = chosenTrader(traders.data, params.get(KEY_ID_PARAM));
  if (!active) return <NoTraders />;

  return (
    <Tabs
      type="card"
      aria-label={t('traders.label')}
      activeKey={String(active.id)}
      onChange={(key) => choose(Number(key))}
      data-testid="trader-tabs"
      items={traders.data.map((trader) => ({
        key: String(trader.id),
        label: <span data-testid={`trader-tab-${trader.id}`}>{trader.keyName}</span>,
        children: trader.id === active.id ? children(trader) : null,
      }))}
    />
  );
}
