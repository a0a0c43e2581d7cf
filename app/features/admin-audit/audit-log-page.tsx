import { EyeOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  DatePicker,
  Flex,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '#shared/audit.ts';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import { QueryError } from '../../components/query-error.tsx';
import { type Dayjs, dayjs } from '../../lib/dayjs.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuditFilters, useAuditLog } from './audit-api.ts';
import { AuditEntryDrawer } from './audit-entry-drawer.tsx';
import { actionLabel, targetTypeLabel } from './audit-labels.ts';
import {
  AUDIT_PAGE_SIZE_OPTIONS,
  type AuditParams,
  isFiltered,
  readAuditParams,
  writeAuditParams,
} from './audit-params.ts';
import { ActorView, TargetView, targetText } from './audit-people.tsx';

const { Title, Paragraph, Text } = Typography;

/** Failures and refusals stand out in the list. */
const WARNING_ACTIONS = new Set(['login.failed', 'login.lockout', 'login.locked', 'password.change.refused']);
const actionColor = (action: string) =>
  WARNING_ACTIONS.has(action) ? 'red' : action.startsWith('admin.') ? 'blue' : 'default';

/**
 * /admin/operation/audit: what the portal recorded (sign-ins, failures, lockouts, registrations, every admin
 * change), newest first, filtered by actor, action, target and dates kept in the address, and each entry's
 * details in a drawer. Read only.
 */
export function AuditLogPage() {
  const { t } = useTranslation('auditAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const params = readAuditParams(query);
  const log = useAuditLog(params);
  const filters = useAuditFilters();
  const [actorText, setActorText] = useState(params.actor);
  const [targetIdText, setTargetIdText] = useState(params.targetId);
  const [opened, setOpened] = useState<AuditEntry | null>(null);
  // The boxes follow the address (back and forward, a shared link).
  useEffect(() => setActorText(params.actor), [params.actor]);
  useEffect(() => setTargetIdText(params.targetId), [params.targetId]);

  /** Another view: a new filter starts from the first page. */
  const show = (next: Partial<AuditParams>) => setQuery(writeAuditParams({ ...params, current: 1, ...next }));

  const actions = filters.data?.actions ?? [...AUDIT_ACTIONS].sort();
  const targetTypes = filters.data?.targetTypes ?? [...AUDIT_TARGET_TYPES].sort();

  const columns: TableColumnsType<AuditEntry> = [
    {
      key: 'at',
      title: t('columns.at'),
      width: 170,
      render: (_, entry) => (
        <Text style={{ whiteSpace: 'nowrap' }}>{dayjs(entry.at).format('YYYY-MM-DD HH:mm:ss')}</Text>
      ),
    },
    {
      key: 'actor',
      title: t('columns.actor'),
      render: (_, entry) => (
        <Flex gap={4} align="center">
          <ActorView actor={entry.actor} />
          {entry.actor && params.actor !== (entry.actor.email ?? entry.actor.userId) ? (
            <FilterButton
              label={t('filterByActor', { who: entry.actor.email ?? entry.actor.userId })}
              onClick={() => show({ actor: entry.actor?.email ?? entry.actor?.userId ?? '' })}
            />
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'action',
      title: t('columns.action'),
      render: (_, entry) => (
        <Tooltip title={entry.action}>
          <Tag color={actionColor(entry.action)} variant="outlined" data-testid="audit-action">
            {actionLabel(t, entry.action)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'target',
      title: t('columns.target'),
      render: (_, entry) =>
        entry.target ? (
          <Flex gap={4} align="center">
            <TargetView target={entry.target} />
            {entry.target.id &&
            !(params.targetType === entry.target.type && params.targetId === entry.target.id) ? (
              <FilterButton
                label={t('filterByTarget', { what: targetText(t, entry.target) })}
                onClick={() =>
                  show({ targetType: entry.target?.type ?? null, targetId: entry.target?.id ?? '' })
                }
              />
            ) : null}
          </Flex>
        ) : (
          <Text type="secondary">—</Text>
        ),
    },
    {
      key: 'ip',
      title: t('columns.ip'),
      width: 150,
      render: (_, entry) => <Text style={{ overflowWrap: 'anywhere' }}>{entry.ip ?? '—'}</Text>,
    },
    {
      key: 'details',
      title: t('columns.details'),
      width: 90,
      render: (_, entry) => (
        <Button
          type="link"
          size="small"
          icon={<EyeOutlined />}
          onClick={() => setOpened(entry)}
          aria-label={`${t('view')} #${entry.id}`}
          data-testid="audit-view"
        >
          {t('view')}
        </Button>
      ),
    },
  ];

  const range: [Dayjs | null, Dayjs | null] | null =
    params.from || params.to
      ? [params.from ? dayjs(params.from) : null, params.to ? dayjs(params.to) : null]
      : null;

  return (
    <div data-testid="audit-log-page">
      <title>{`${t('title')} · ${tAdmin('title')} · ${tCommon('product.name')}`}</title>
      <Title level={4} style={{ marginTop: 0 }}>
        {t('title')}
      </Title>
      <Paragraph type="secondary">{t('intro')}</Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 16 }} data-testid="audit-filters">
        <Input.Search
          value={actorText}
          onChange={(event) => setActorText(event.target.value)}
          onSearch={(value) => show({ actor: value.trim() })}
          placeholder={t('filters.actorPlaceholder')}
          aria-label={t('filters.actor')}
          allowClear
          maxLength={254}
          style={{ width: 280 }}
          data-testid="audit-filter-actor"
        />
        <Select<string>
          value={params.action ?? undefined}
          onChange={(action) => show({ action: action ?? null })}
          options={actions.map((action) => ({ value: action, label: actionLabel(t, action) }))}
          optionRender={(option) => (
            <Flex justify="space-between" gap={8}>
              <span>{option.label}</span>
              <Text type="secondary" style={{ fontSize: 12 }}>
                {option.value}
              </Text>
            </Flex>
          )}
          showSearch={{
            filterOption: (input, option) =>
              `${option?.label ?? ''} ${option?.value ?? ''}`
                .toLowerCase()
                .includes(input.trim().toLowerCase()),
          }}
          placeholder={t('filters.actionPlaceholder')}
          aria-label={t('filters.action')}
          allowClear
          popupMatchSelectWidth={false}
          style={{ width: 220 }}
          data-testid="audit-filter-action"
        />
        <Select<string>
          value={params.targetType ?? undefined}
          onChange={(targetType) => show({ targetType: targetType ?? null, targetId: '' })}
          options={targetTypes.map((type) => ({ value: type, label: targetTypeLabel(t, type) }))}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filters.targetTypePlaceholder')}
          aria-label={t('filters.targetType')}
          allowClear
          popupMatchSelectWidth={false}
          style={{ width: 160 }}
          data-testid="audit-filter-target-type"
        />
        <Input.Search
          value={targetIdText}
          onChange={(event) => setTargetIdText(event.target.value)}
          onSearch={(value) => show({ targetId: value.trim() })}
          placeholder={t('filters.targetIdPlaceholder')}
          aria-label={t('filters.targetId')}
          disabled={!params.targetType}
          allowClear
          maxLength={200}
          style={{ width: 240 }}
          data-testid="audit-filter-target-id"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(dates) =>
            show({
              from: dates?.[0] ? dates[0].format('YYYY-MM-DD') : null,
              to: dates?.[1] ? dates[1].format('YYYY-MM-DD') : null,
            })
          }
          allowEmpty={[true, true]}
          // Each of its two boxes is named by its placeholder.
          placeholder={[t('filters.start'), t('filters.end')]}
          data-testid="audit-filter-dates"
        />
        {isFiltered(params) || params.current !== 1 ? (
          <Button
            icon={<ReloadOutlined />}
            onClick={() => setQuery(new URLSearchParams())}
            data-testid="audit-reset"
          >
            {t('filters.reset')}
          </Button>
        ) : null}
      </Flex>
      {log.isError && !log.data ? (
        <QueryError onRetry={() => void log.refetch()} />
      ) : (
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={log.data?.records ?? []}
          loading={log.isFetching}
          scroll={{ x: 1000 }}
          locale={{ emptyText: isFiltered(params) ? t('empty') : t('emptyAll') }}
          onRow={(entry) => ({ 'data-testid': 'audit-row', 'data-entry-id': entry.id }) as object}
          pagination={{
            current: params.current,
            pageSize: params.pageSize,
            total: log.data?.total ?? 0,
            pageSizeOptions: AUDIT_PAGE_SIZE_OPTIONS.map(String),
            showSizeChanger: true,
            showQuickJumper: true,
            showTotal: (total) =>
              log.data?.capped ? t('totalCapped', { count: total }) : t('total', { count: total }),
            onChange: (current, pageSize) =>
              show({ current: pageSize === params.pageSize ? current : 1, pageSize }),
          }}
          data-testid="audit-table"
        />
      )}
      <AuditEntryDrawer entry={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

function FilterButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={<FilterOutlined />}
        aria-label={label}
        onClick={onClick}
        data-testid="audit-filter-here"
      />
    </Tooltip>
  );
}
