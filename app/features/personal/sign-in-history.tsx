import { HistoryOutlined, KeyOutlined, SafetyOutlined, SyncOutlined } from '@ant-design/icons';
import { Card, Flex, Grid, Table, type TableProps, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { SIGN_IN_HISTORY_SIZE, type SignInRecord } from '#shared/schemas/sign-ins.ts';
import { QueryError } from '../../components/query-error.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useSignIns } from './sign-ins-api.ts';

const { Text, Paragraph } = Typography;

/** The region in the page's language, or "unknown". */
function RegionText({ region }: { region: SignInRecord['region'] }) {
  const { t, i18n } = useTranslation('personal');
  if (!region) return <Text type="secondary">{t('security.regionUnknown')}</Text>;
  return <span>{i18n.language.startsWith('zh') ? region.zh : region.en}</span>;
}

/** Each method's tag: typed in (a key, a shield when a code followed) or renewed in the background. */
const METHOD_LOOK: Record<SignInRecord['method'], { color: string; icon: ReactNode }> = {
  password: { color: 'blue', icon: <KeyOutlined /> },
  twoFactor: { color: 'green', icon: <SafetyOutlined /> },
  silent: { color: 'default', icon: <SyncOutlined /> },
};

function MethodTag({ method }: { method: SignInRecord['method'] }) {
  const { t } = useTranslation('personal');
  return (
    <Tooltip title={t(`security.methodHints.${method}`)}>
      <Tag
        color={METHOD_LOOK[method].color}
        icon={METHOD_LOOK[method].icon}
        variant="outlined"
        data-testid="sign-in-method"
        data-method={method}
        style={{ marginInlineEnd: 0 }}
      >
        {t(`security.methods.${method}`)}
      </Tag>
    </Tooltip>
  );
}

/** The security settings' sign-in history: the last 50 sign-ins with time, address, region and method. */
export function SignInHistoryCard() {
  const { t } = useTranslation('personal');
  const signIns = useSignIns();
  // Phones get one column: the time and method, with address and region beneath.
  const compact = Grid.useBreakpoint().md === false;

  const columns: TableProps<SignInRecord>['columns'] = compact
    ? [
        {
          key: 'sign-in',
          title: t('security.signInTime'),
          render: (_, row) => (
            <Flex vertical gap={4}>
              <Flex gap={8} align="center" wrap justify="space-between">
                <time dateTime={row.at} data-testid="sign-in-time">
                  {dayjs(row.at).format('YYYY-MM-DD HH:mm:ss')}
                </time>
                <MethodTag method={row.method} />
              </Flex>
              <Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                <span data-testid="sign-in-ip">{row.ip ?? '—'}</span> ·{' '}
                <span data-testid="sign-in-region">
                  <RegionText region={row.region} />
                </span>
              </Text>
            </Flex>
          ),
        },
      ]
    : [
        {
          key: 'at',
          title: t('security.signInTime'),
          dataIndex: 'at',
          width: 200,
          render: (at: string) => (
            <time dateTime={at} data-testid="sign-in-time">
              {dayjs(at).format('YYYY-MM-DD HH:mm:ss')}
            </time>
          ),
        },
        {
          key: 'ip',
          title: t('security.signInIp'),
          dataIndex: 'ip',
          width: 190,
          render: (ip: string | null) => (
            <Text data-testid="sign-in-ip" style={{ overflowWrap: 'anywhere' }}>
              {ip ?? '—'}
            </Text>
          ),
        },
        {
          key: 'region',
          title: t('security.signInRegion'),
          dataIndex: 'region',
          render: (region: SignInRecord['region']) => (
            <span data-testid="sign-in-region">
              <RegionText region={region} />
            </span>
          ),
        },
        {
          key: 'method',
          title: t('security.signInMethod'),
          dataIndex: 'method',
          width: 140,
          render: (method: SignInRecord['method']) => <MethodTag method={method} />,
        },
      ];

  return (
    <Card
      title={
        <span>
          <HistoryOutlined style={{ marginInlineEnd: 8 }} />
          {t('security.signInsTitle')}
        </span>
      }
    >
      <Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('security.signInsNote', { count: SIGN_IN_HISTORY_SIZE })}
      </Paragraph>
      {signIns.isError ? (
        <QueryError onRetry={() => void signIns.refetch()} />
      ) : (
        <Table<SignInRecord>
          data-testid="sign-in-history"
          rowKey="id"
          size="middle"
          loading={signIns.isPending}
          columns={columns}
          dataSource={signIns.data ?? []}
          locale={{ emptyText: t('security.noSignIns') }}
          onRow={(row) => ({ 'data-testid': 'sign-in-row', 'data-method': row.method }) as object}
          pagination={(signIns.data?.length ?? 0) > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        />
      )}
    </Card>
  );
}
