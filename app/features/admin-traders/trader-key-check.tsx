import { BarChartOutlined, LineChartOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Flex, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { Locale } from '#shared/constants.ts';
import type { TraderKey } from '#shared/schemas/trader-keys.ts';
import type { KeyCheck, KeySync } from '#shared/schemas/trading.ts';
import { EXCHANGE_KEY_STATE_LABELS } from '#shared/trading-labels.ts';
import { LinkButton } from '../../components/link-button.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { useFeedback } from '../../lib/feedback.tsx';
import { currentLocale } from '../../lib/i18n.ts';
import type { TFunction } from '../../lib/translator.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useCheckKey } from './traders-api.ts';

// A key's check at the exchange and how following its account goes, as administrators see them on the trader
// list, with the action that checks a key again and the links to the key's live view and statistics.

const { Text } = Typography;
type T = TFunction<'advisoriesAdmin'>;

const timeOf = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm:ss');

/** Where an administrator watches a key: the members' pages, which admit administrators for every key. */
export const liveViewPath = (keyId: number) => `/?type=1&keyId=${keyId}`;
export const statisticsViewPath = (keyId: number) => `/?type=3&keyId=${keyId}`;

/** What reading the key found, in the interface language (`broken`: its stored secret cannot be opened). */
export function keyStateLabel(t: T, check: KeyCheck, locale: Locale): string {
  return check.state === 'broken'
    ? t('traders.keyCheck.broken')
    : EXCHANGE_KEY_STATE_LABELS[check.state][locale];
}

/** The key's permissions: can withdraw (refused, with why), can trade (a warning), read-only, or unknown. */
function PermissionTag({ check }: { check: KeyCheck }) {
  const { t } = useTranslation('advisoriesAdmin');
  if (check.canWithdraw) {
    return (
      <Tooltip title={t('traders.keyCheck.canWithdrawWhy')}>
        <Tag color="red" data-testid="key-permission" data-permission="withdraw">
          {t('traders.keyCheck.canWithdraw')}
        </Tag>
      </Tooltip>
    );
  }
  if (check.canTrade) {
    return (
      <Tooltip title={t('traders.keyCheck.canTradeWhy')}>
        <Tag color="orange" data-testid="key-permission" data-permission="trade">
          {t('traders.keyCheck.canTrade')}
        </Tag>
      </Tooltip>
    );
  }
  if (check.canRead) {
    return (
      <Tag color="green" data-testid="key-permission" data-permission="read">
        {t('traders.keyCheck.readOnly')}
      </Tag>
    );
  }
  return (
    <Tag data-testid="key-permission" data-permission="unknown">
      {t('traders.keyCheck.unknown')}
    </Tag>
  );
}

function IpTag({ restricted }: { restricted: boolean | null }) {
  const { t } = useTranslation('advisoriesAdmin');
  if (restricted === null) return <Tag data-testid="key-ip">{t('traders.keyCheck.ipUnknown')}</Tag>;
  if (restricted) {
    return (
      <Tag color="green" data-testid="key-ip">
        {t('traders.keyCheck.ipRestricted')}
      </Tag>
    );
  }
  return (
    <Tooltip title={t('traders.keyCheck.ipOpenWhy')}>
      <Tag color="orange" data-testid="key-ip">
        {t('traders.keyCheck.ipOpen')}
      </Tag>
    </Tooltip>
  );
}

export function KeyCheckCell({ check }: { check: KeyCheck | null }) {
  const { t } = useTranslation('advisoriesAdmin');
  if (!check) return <Text type="secondary">{t('traders.keyCheck.never')}</Text>;
  const locale = currentLocale();
  return (
    <Flex vertical gap={4} align="flex-start" data-testid="key-check">
      <Tag
        color={check.state === 'ok' ? 'green' : 'red'}
        data-testid="key-state"
        style={{ whiteSpace: 'normal' }}
      >
        {keyStateLabel(t, check, locale)}
      </Tag>
      <Flex gap={4} wrap>
        <PermissionTag check={check} />
        <IpTag restricted={check.ipRestricted} />
      </Flex>
    </Flex>
  );
}

/** An error with its time, or "none"; one the key has recovered from is shown as past. */
function ErrorCell({ error, at, past = false }: { error: string | null; at: string | null; past?: boolean }) {
  const { t } = useTranslation('advisoriesAdmin');
  if (!error) return <Text type="secondary">{t('traders.keyCheck.noError')}</Text>;
  return (
    <Flex vertical style={{ maxWidth: 260 }} data-testid={past ? 'key-sync-past-error' : undefined}>
      {past ? <Text type="secondary">{t('traders.sync.recovered')}</Text> : null}
      <Text type={past ? 'secondary' : 'danger'} style={{ wordBreak: 'break-word' }}>
        {error}
      </Text>
      {at ? <Text type="secondary">{t('traders.keyCheck.errorAt', { time: timeOf(at) })}</Text> : null}
    </Flex>
  );
}

const SYNC_COLORS: Record<KeySync['state'], string> = {
  idle: 'default',
  syncing: 'green',
  refused: 'red',
  error: 'orange',
};

/** Following again: reconciled since the last error. */
const recovered = (sync: KeySync) =>
  sync.state === 'syncing' &&
  sync.reconciledAt !== null &&
  (sync.lastErrorAt === null || Date.parse(sync.lastErrorAt) <= Date.parse(sync.reconciledAt));

export function SyncCell({ sync }: { sync: KeySync | null }) {
  const { t } = useTranslation('advisoriesAdmin');
  if (!sync) return <Text type="secondary">{t('traders.sync.never')}</Text>;
  return (
    <Flex vertical gap={4} align="flex-start" data-testid="key-sync">
      <Tag color={SYNC_COLORS[sync.state]} data-testid="key-sync-state">
        {t(`traders.sync.${sync.state}`)}
      </Tag>
      {sync.reconciledAt ? (
        <Text type="secondary">{t('traders.sync.reconciledAt', { time: timeOf(sync.reconciledAt) })}</Text>
      ) : null}
      {sync.lastError ? (
        <ErrorCell error={sync.lastError} at={sync.lastErrorAt} past={recovered(sync)} />
      ) : null}
    </Flex>
  );
}

/** The check and sync columns of the trader list. */
export function keyStatusColumns(t: T): TableColumnsType<TraderKey> {
  return [
    {
      key: 'check',
      title: t('traders.fields.check'),
      width: 220,
      render: (_, key) => <KeyCheckCell check={key.check} />,
    },
    {
      key: 'checkedAt',
      title: t('traders.fields.checkedAt'),
      render: (_, key) =>
        key.check ? (
          <Text style={{ whiteSpace: 'nowrap' }} data-testid="key-checked-at">
            {timeOf(key.check.checkedAt)}
          </Text>
        ) : (
          <Text type="secondary">{t('traders.keyCheck.never')}</Text>
        ),
    },
    {
      key: 'lastError',
      title: t('traders.fields.lastError'),
      render: (_, key) => (
        <span data-testid="key-last-error">
          <ErrorCell error={key.check?.lastError ?? null} at={key.check?.lastErrorAt ?? null} />
        </span>
      ),
    },
    {
      key: 'sync',
      title: t('traders.fields.sync'),
      width: 200,
      render: (_, key) => <SyncCell sync={key.sync} />,
    },
  ];
}

/** Checks the key at the exchange now (POST /api/TraderKey/CheckApiKey), shows what was found, refreshes the list. */
export function CheckKeyButton({ traderKey }: { traderKey: TraderKey }) {
  const { t } = useTranslation('advisoriesAdmin');
  const { notification } = useFeedback();
  const check = useCheckKey();

  const run = async () => {
    try {
      const found = await check.mutateAsync({ apiKeyId: traderKey.id });
      const locale = currentLocale();
      const passed = found.state === 'ok' && !found.canWithdraw;
      const kind = found.canWithdraw ? 'error' : passed ? 'success' : 'warning';
      notification[kind]({
        key: `key-check-${traderKey.id}`,
        title: passed
          ? t('traders.keyCheck.resultOk', { name: traderKey.keyName })
          : t('traders.keyCheck.resultProblem', {
              name: traderKey.keyName,
              state: found.canWithdraw ? t('traders.keyCheck.canWithdraw') : keyStateLabel(t, found, locale),
            }),
        description: (
          <Flex vertical gap={6}>
            <KeyCheckCell check={found} />
            {found.canWithdraw ? <Text>{t('traders.keyCheck.canWithdrawWhy')}</Text> : null}
            {found.lastError ? <ErrorCell error={found.lastError} at={found.lastErrorAt} /> : null}
          </Flex>
        ),
        duration: 10,
        props: { 'data-testid': 'key-check-result' },
      });
    } catch {
      // The API client has shown why.
    }
  };

  return (
    <Button
      type="link"
      size="small"
      icon={<SafetyCertificateOutlined />}
      loading={check.isPending}
      onClick={() => void run()}
      aria-label={t('traders.keyCheck.actionLabel', { name: traderKey.keyName })}
      data-testid="trader-check-key"
    >
      {t('traders.keyCheck.action')}
    </Button>
  );
}

/** Links to the key's live view and statistics. */
export function KeyViewLinks({ traderKey }: { traderKey: TraderKey }) {
  const { t } = useTranslation('advisoriesAdmin');
  return (
    <Space size={0} wrap>
      <LinkButton
        type="link"
        size="small"
        icon={<LineChartOutlined />}
        to={liveViewPath(traderKey.id)}
        aria-label={t('traders.views.liveLabel', { name: traderKey.keyName })}
        data-testid="trader-live-link"
      >
        {t('traders.views.live')}
      </LinkButton>
      <LinkButton
        type="link"
        size="small"
        icon={<BarChartOutlined />}
        to={statisticsViewPath(traderKey.id)}
        aria-label={t('traders.views.statisticsLabel', { name: traderKey.keyName })}
        data-testid="trader-statistics-link"
      >
        {t('traders.views.statistics')}
      </LinkButton>
    </Space>
  );
}
