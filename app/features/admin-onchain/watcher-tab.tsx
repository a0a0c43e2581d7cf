import {
  Alert,
  Badge,
  Card,
  Descriptions,
  Flex,
  Grid,
  Skeleton,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import type { OnchainWatcherState } from '#shared/schemas/onchain.ts';
import { QueryError } from '../../components/query-error.tsx';
import { exactTime, RelativeTime } from '../../components/relative-time.tsx';
import { chainName, formatBlock, formatUsd, shortAddress } from '../../domains/onchain/onchain-format.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useWatcherState } from './onchain-admin-api.ts';

const { Text, Paragraph } = Typography;
const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
} as const;

type ChainState = OnchainWatcherState['chains'][number];
type Token = ChainState['tokens'][number];

const EXAMPLE = `ONCHAIN_WATCH='{"chains":[{"chain":"ethereum","rpcUrl":"https://…","confirmations":12,
  "queueAboveUsd":1000000,"publishAboveUsd":10000000,
  "tokens":[{"symbol":"USDT","address":"0xdac1…","decimals":6,"usdPrice":1}]}]}'
ONCHAIN_WATCH_RUN=true`;

function NotConfigured() {
  const { t } = useTranslation('onchainAdmin');
  return (
    <Alert
      type="info"
      showIcon
      title={t('watcher.notConfigured')}
      description={
        <>
          <Paragraph style={{ marginBottom: 8 }}>{t('watcher.notConfiguredText')}</Paragraph>
          <Text type="secondary">{t('watcher.example')}</Text>
          <pre
            style={{
              ...MONO,
              margin: '4px 0 0',
              padding: '8px 12px',
              background: 'rgba(0, 0, 0, 0.04)',
              borderRadius: 6,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            {EXAMPLE}
          </pre>
        </>
      }
      data-testid="watcher-unconfigured"
    />
  );
}

function LastError({ state }: { state: ChainState }) {
  const { t } = useTranslation('onchainAdmin');
  if (!state.lastError) return <Text type="secondary">{t('watcher.noError')}</Text>;
  // Kept after later good runs: then it is history, not the current state.
  const current = state.errorCount > 0;
  return (
    <Flex vertical gap={2} data-testid="watcher-error" data-current={current}>
      <Text type={current ? 'danger' : 'secondary'} style={{ overflowWrap: 'anywhere' }}>
        {state.lastError}
      </Text>
      <Text type="secondary" style={{ fontSize: 12 }}>
        {state.lastErrorAt && <RelativeTime iso={state.lastErrorAt} />}
        {state.lastErrorAt && ' · '}
        {current ? (
          <Text type="danger" style={{ fontSize: 12 }} data-testid="watcher-error-count">
            {t('watcher.errorCount', { count: state.errorCount })}
          </Text>
        ) : (
          t('watcher.recovered')
        )}
      </Text>
    </Flex>
  );
}

function Tokens({ tokens }: { tokens: Token[] }) {
  const { t } = useTranslation('onchainAdmin');
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Table<Token>
      rowKey="address"
      size="small"
      pagination={false}
      dataSource={tokens}
      scroll={phone ? { x: 'max-content' } : undefined}
      onRow={() => ({ 'data-testid': 'watcher-token' }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'symbol',
          title: t('watcher.token.symbol'),
          render: (_, token) => <Text strong>{token.symbol}</Text>,
        },
        {
          key: 'address',
          title: t('watcher.token.address'),
          render: (_, token) => (
            <Text copyable={{ text: token.address }} style={MONO}>
              {shortAddress(token.address)}
            </Text>
          ),
        },
        { key: 'decimals', title: t('watcher.token.decimals'), dataIndex: 'decimals', align: 'right' },
        {
          key: 'usdPrice',
          title: t('watcher.token.usdPrice'),
          align: 'right',
          render: (_, token) =>
            token.usdPrice === null ? '—' : `$${token.usdPrice.toLocaleString('en-US')}`,
        },
        {
          key: 'queueAbove',
          title: t('watcher.token.queueAbove'),
          align: 'right',
          render: (_, token) =>
            token.queueAbove === null ? (
              <Text type="secondary">{t('watcher.token.chainThreshold')}</Text>
            ) : (
              token.queueAbove.toLocaleString('en-US')
            ),
        },
        {
          key: 'publishAbove',
          title: t('watcher.token.publishAbove'),
          align: 'right',
          render: (_, token) =>
            token.publishAbove === null ? (
              <Text type="secondary">{t('watcher.token.chainThreshold')}</Text>
            ) : (
              token.publishAbove.toLocaleString('en-US')
            ),
        },
      ]}
    />
  );
}

/** One chain: where the watcher is, how far behind, its thresholds and tokens, and what went wrong last. */
function ChainCard({ state }: { state: ChainState }) {
  const { t } = useTranslation('onchainAdmin');
  const block = (value: number | null) => (value === null ? t('watcher.notYet') : formatBlock(value));
  const retrying = state.retryAt !== null && Date.parse(state.retryAt) > Date.now();
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          <span>{chainName(state.chain)}</span>
          <Tooltip title={t('watcher.runningHint')}>
            <span data-testid="watcher-running" data-running={state.running}>
              <Badge
                status={state.running ? 'processing' : 'default'}
                text={state.running ? t('watcher.running') : t('watcher.notRunning')}
              />
            </span>
          </Tooltip>
          {state.errorCount > 0 && (
            <Tag color="red" style={{ marginInlineEnd: 0 }}>
              {t('watcher.errorCount', { count: state.errorCount })}
            </Tag>
          )}
        </Flex>
      }
      data-testid="watcher-chain"
      data-chain={state.chain}
    >
      <Flex vertical gap={12}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 3 }}
          items={[
            {
              key: 'rpc',
              label: t('watcher.rpcHost'),
              children: (
                <Text style={{ ...MONO, overflowWrap: 'anywhere' }} data-testid="watcher-rpc-host">
                  {state.rpcHost}
                </Text>
              ),
            },
            { key: 'confirmations', label: t('watcher.confirmations'), children: state.confirmations },
            {
              key: 'queueAbove',
              label: t('watcher.queueAbove'),
              children: (
                <span data-testid="watcher-queue-above">
                  {state.queueAboveUsd === null ? '—' : formatUsd(state.queueAboveUsd)}
                </span>
              ),
            },
            {
              key: 'publishAbove',
              label: t('watcher.publishAbove'),
              children: (
                <span data-testid="watcher-publish-above">
                  {state.publishAboveUsd === null ? t('watcher.never') : formatUsd(state.publishAboveUsd)}
                </span>
              ),
            },
            {
              key: 'last',
              label: t('watcher.lastProcessed'),
              children: <span data-testid="watcher-last-block">{block(state.lastProcessedBlock)}</span>,
            },
            {
              key: 'head',
              label: t('watcher.head'),
              children: <span data-testid="watcher-head">{block(state.headBlock)}</span>,
            },
            {
              key: 'lag',
              label: t('watcher.lag'),
              children: (
                <span data-testid="watcher-lag">
                  {state.lagBlocks === null ? '—' : t('watcher.lagBlocks', { count: state.lagBlocks })}
                </span>
              ),
            },
            {
              key: 'run',
              label: t('watcher.lastRun'),
              children: state.lastRunAt ? <RelativeTime iso={state.lastRunAt} /> : t('watcher.notYet'),
            },
            {
              key: 'retry',
              label: t('watcher.retryAt'),
              children: (
                <span data-testid="watcher-retry-at">
                  {retrying && state.retryAt ? (
                    <Tooltip title={exactTime(state.retryAt)}>
                      <Text type="warning">{exactTime(state.retryAt).slice(11)}</Text>
                    </Tooltip>
                  ) : (
                    '—'
                  )}
                </span>
              ),
            },
            {
              key: 'error',
              label: t('watcher.lastError'),
              span: 'filled',
              children: <LastError state={state} />,
            },
          ]}
        />
        <div>
          <Text strong style={{ display: 'block', marginBottom: 4 }}>
            {t('watcher.tokens')}
          </Text>
          <Tokens tokens={state.tokens} />
        </div>
      </Flex>
    </Card>
  );
}

/** The watcher's state per configured chain (read again every few seconds), or how to configure it. */
export function WatcherTab() {
  const { t } = useTranslation('onchainAdmin');
  const state = useWatcherState();
  let body: ReactNode;
  if (!state.data) {
    body = state.isError ? (
      <QueryError onRetry={() => void state.refetch()} />
    ) : (
      <Skeleton active paragraph={{ rows: 6 }} />
    );
  } else if (!state.data.configured || state.data.chains.length === 0) {
    body = <NotConfigured />;
  } else {
    body = state.data.chains.map((chain) => <ChainCard key={chain.chain} state={chain} />);
  }
  return (
    <Flex vertical gap={16} data-testid="onchain-watcher">
      <Text type="secondary">{t('watcher.intro')}</Text>
      {body}
    </Flex>
  );
}
