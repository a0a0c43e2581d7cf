import { Descriptions, Drawer, Empty, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import { useClientWidthRule } from '../../lib/client-width.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type DiffRow, diffRows, formatValue, isBlank } from './audit-diff.ts';
import { actionLabel } from './audit-labels.ts';
import { ActorView, TargetView } from './audit-people.tsx';

const { Text, Title } = Typography;
const isNarrow = (width: number) => width < 800;

/** The whole of one entry: who, what, on what, from where (address and user agent), before and after. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation('auditAdmin');
  const narrow = useClientWidthRule(isNarrow);
  return (
    <Drawer
      open={entry !== null}
      onClose={onClose}
      size={narrow ? '100%' : 760}
      title={entry ? t('drawer.title', { id: entry.id }) : ''}
      data-testid="audit-drawer"
    >
      {entry ? <EntryDetails entry={entry} /> : null}
    </Drawer>
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('auditAdmin');
  const value = (text: string, testId: string) => (
    <Text style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
      {text}
    </Text>
  );
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 150 } }}
        items={[
          { key: 'at', label: t('drawer.at'), children: dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss') },
          {
            key: 'action',
            label: t('drawer.action'),
            children: (
              <span data-testid="audit-drawer-action">
                {actionLabel(t, entry.action)}{' '}
                <Text type="secondary" code>
                  {entry.action}
                </Text>
              </span>
            ),
          },
          { key: 'actor', label: t('drawer.actor'), children: <ActorView actor={entry.actor} /> },
          { key: 'target', label: t('drawer.target'), children: <TargetView target={entry.target} /> },
          {
            key: 'ip',
            label: t('drawer.ip'),
            children: value(entry.ip ?? t('drawer.unknown'), 'audit-drawer-ip'),
          },
          {
            key: 'userAgent',
            label: t('drawer.userAgent'),
            children: value(entry.userAgent ?? t('drawer.unknownUserAgent'), 'audit-drawer-user-agent'),
          },
        ]}
      />
      <Title level={5} style={{ marginTop: 24 }}>
        {t('drawer.change')}
      </Title>
      {entry.change ? (
        <ChangeTable before={entry.change.before} after={entry.change.after} />
      ) : (
        <Text type="secondary" data-testid="audit-no-change">
          {t('drawer.noChange')}
        </Text>
      )}
      {entry.detail ? (
        <>
          <Title level={5} style={{ marginTop: 24 }}>
            {t('drawer.detail')}
          </Title>
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 150 } }}
            data-testid="audit-detail"
            items={Object.entries(entry.detail).map(([key, inner]) => ({
              key,
              label: key,
              children: <Text style={{ overflowWrap: 'anywhere' }}>{formatValue(inner)}</Text>,
            }))}
          />
        </>
      ) : null}
    </>
  );
}

/** Before and after side by side, one row per field; the fields that changed are marked. */
function ChangeTable({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('auditAdmin');
  const rows = diffRows(before, after);
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('drawer.none')} />;
  const cell = (content: unknown, row: DiffRow, side: 'before' | 'after') =>
    isBlank(content) ? (
      <Text type="secondary">{t('drawer.none')}</Text>
    ) : (
      <Text
        style={{ overflowWrap: 'anywhere' }}
        delete={row.changed && side === 'before'}
        strong={row.changed && side === 'after'}
      >
        {formatValue(content)}
      </Text>
    );
  const columns: TableColumnsType<DiffRow> = [
    {
      key: 'field',
      title: t('drawer.field'),
      width: 210,
      render: (_, row) => (
        <span>
          <Text code>{row.field || t('drawer.value')}</Text>
          {row.changed ? (
            <Tag color="orange" variant="outlined" style={{ marginInlineStart: 6 }}>
              {t('drawer.changed')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'before', title: t('drawer.before'), render: (_, row) => cell(row.before, row, 'before') },
    { key: 'after', title: t('drawer.after'), render: (_, row) => cell(row.after, row, 'after') },
  ];
  return (
    <Table<DiffRow>
      rowKey="field"
      size="small"
      bordered
      pagination={false}
      columns={columns}
      dataSource={rows}
      rowClassName={(row) => (row.changed ? 'audit-changed-row' : '')}
      onRow={(row) => ({ 'data-testid': 'audit-change-row', 'data-changed': String(row.changed) }) as object}
      data-testid="audit-change"
    />
  );
}
