import { Table, type TableColumnsType } from 'antd';
import type { MonthlyReturnsRow } from '#shared/quant-returns.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatPercent, GAIN, LOSS, monthNames } from './quant-format.ts';

/** A return cell: green for a gain, red for a loss, a dash where the series does not reach. */
function ReturnCell({ value, strong = false }: { value: number | null; strong?: boolean }) {
  const locale = currentLocale();
  const tone =
    value === null || value === 0
      ? undefined
      : value > 0
        ? { color: GAIN, background: 'rgba(56, 158, 13, 0.08)' }
        : { color: LOSS, background: 'rgba(207, 19, 34, 0.08)' };
  return (
    <span
      data-testid="monthly-cell"
      data-sign={value === null ? 'none' : value > 0 ? 'gain' : value < 0 ? 'loss' : 'flat'}
      style={{
        display: 'inline-block',
        minWidth: 56,
        padding: '1px 4px',
        borderRadius: 4,
        fontVariantNumeric: 'tabular-nums',
        fontWeight: strong ? 600 : undefined,
        ...tone,
      }}
    >
      {formatPercent(locale, value, true)}
    </span>
  );
}

/** Year rows × 12 months and the year's total, from shared/quant-returns.ts. */
export function MonthlyReturnsTable({ rows }: { rows: MonthlyReturnsRow[] }) {
  const { t } = useTranslation('quant');
  const names = monthNames(currentLocale());
  const columns: TableColumnsType<MonthlyReturnsRow> = [
    { key: 'year', title: t('detail.year'), dataIndex: 'year', fixed: 'left', width: 64 },
    ...names.map((name, month) => ({
      key: `m${month + 1}`,
      title: name,
      align: 'right' as const,
      render: (_: unknown, row: MonthlyReturnsRow) => <ReturnCell value={row.months[month] ?? null} />,
    })),
    {
      key: 'total',
      title: t('detail.yearTotal'),
      align: 'right',
      render: (_, row) => <ReturnCell value={row.total} strong />,
    },
  ];
  return (
    <Table<MonthlyReturnsRow>
      rowKey="year"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={rows}
      scroll={{ x: 1000 }}
      data-testid="monthly-table"
    />
  );
}
