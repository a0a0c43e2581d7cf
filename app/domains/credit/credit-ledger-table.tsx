import { Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { CreditKind } from '#shared/invitations.ts';
import type { CreditEntry, CreditLedgerPage } from '#shared/schemas/credit.ts';
import { formatDateTime } from '../../components/system-messages/message-meta.ts';
import { useTranslation } from '../../lib/use-translation.ts';

const KIND_COLORS: Record<CreditKind, string> = {
  opening: 'default',
  'invitation-reward': 'green',
  'invitation-reversal': 'volcano',
  adjustment: 'blue',
};

/** A signed amount: +50 in green, −20 in red. */
export function CreditAmount({ amount }: { amount: number }) {
  return (
    <Typography.Text type={amount < 0 ? 'danger' : 'success'} strong data-testid="credit-amount">
      {amount > 0 ? `+${amount.toLocaleString()}` : `−${Math.abs(amount).toLocaleString()}`}
    </Typography.Text>
  );
}

interface CreditLedgerTableProps {
  ledger: CreditLedgerPage | undefined;
  loading: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Admins see who made each change. */
  showActor?: boolean;
}

/** The entries of a credit ledger, newest first: what changed the balance, by how much, and why. */
export function CreditLedgerTable({
  ledger,
  loading,
  page,
  pageSize,
  onPage,
  showActor,
}: CreditLedgerTableProps) {
  const { t } = useTranslation('invitation');
  const columns: TableColumnsType<CreditEntry> = [
    {
      key: 'at',
      title: t('credit.at'),
      dataIndex: 'at',
      width: 150,
      render: (at: string) => formatDateTime(at),
    },
    {
      key: 'kind',
      title: t('credit.kind'),
      dataIndex: 'kind',
      render: (kind: CreditKind) => (
        <Tag color={KIND_COLORS[kind]} variant="outlined">
          {t(`credit.kinds.${kind}`)}
        </Tag>
      ),
    },
    {
      key: 'amount',
      title: t('credit.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: number) => <CreditAmount amount={amount} />,
    },
    {
      key: 'balance',
      title: t('credit.balanceAfter'),
      dataIndex: 'balance',
      align: 'right',
      render: (balance: number) => balance.toLocaleString(),
    },
    {
      key: 'reason',
      title: t('credit.reason'),
      render: (_, entry) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          {entry.reason ??
            (entry.reference?.type === 'invitation-reward'
              ? t('credit.rewardReference', { id: entry.reference.id })
              : '—')}
        </span>
      ),
    },
    ...(showActor
      ? [
          {
            key: 'actor',
            title: t('credit.actor'),
            render: (_: unknown, entry: CreditEntry) => entry.actor ?? t('credit.system'),
          },
        ]
      : []),
  ];
  return (
    <Table<CreditEntry>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={ledger?.records ?? []}
      loading={loading}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('credit.empty') }}
      onRow={(entry) => ({ 'data-testid': 'credit-entry', 'data-kind': entry.kind }) as object}
      pagination={{
        current: page,
        pageSize,
        total: ledger?.total ?? 0,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (total) => t('credit.total', { count: total }),
        onChange: onPage,
      }}
      data-testid="credit-ledger"
    />
  );
}
