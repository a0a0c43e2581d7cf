import { DeleteOutlined, PlusOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, InputNumber, Table, type TableProps, Tooltip, Typography } from 'antd';
import {
  type BracketColumn,
  type BracketDraft,
  type BracketErrors,
  BTCUSDT_BRACKETS,
  bracketsFromDrafts,
  deriveMaintenanceAmounts,
  draftsFromBrackets,
} from '#shared/calculators/maintenance-brackets.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { formatNumber } from './tools-format.ts';

const { Paragraph, Text } = Typography;

// The maintenance-margin tiers the liquidation price and the position size use, editable: the defaults are
// Binance's BTCUSDT tiers (shared/calculators/maintenance-brackets.ts); a member trading another contract,
// or after Binance changed them, types in the current ones. Each tier's floor is the cap above it.

export const DEFAULT_DRAFTS: BracketDraft[] = draftsFromBrackets(BTCUSDT_BRACKETS);

type Row = BracketDraft & { index: number; floor: number | null };

/**
 * The table with every maintenance amount recomputed by Binance's formula (maintenance-brackets.ts), or null
 * while a cap or a rate is missing or wrong.
 */
function withDerivedAmounts(drafts: readonly BracketDraft[]): BracketDraft[] | null {
  const checked = bracketsFromDrafts(drafts.map((draft) => ({ ...draft, maintenanceAmount: 0 })));
  return checked.ok ? draftsFromBrackets(deriveMaintenanceAmounts(checked.brackets)) : null;
}

/** 100016300 → "100,016,300" in the cells, decimals as typed (antd's own parser drops the commas again). */
const withThousands = (value: number | string | undefined) => {
  const [whole = '', fraction] = String(value ?? '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
};

export function TierTable({
  drafts,
  onChange,
}: {
  drafts: readonly BracketDraft[];
  onChange: (drafts: BracketDraft[]) => void;
}) {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const checked = bracketsFromDrafts(drafts);
  const derived = withDerivedAmounts(drafts);
  const errors: BracketErrors | null = checked.ok ? null : checked.errors;
  const rows: Row[] = drafts.map((draft, index) => ({
    ...draft,
    index,
    floor: index === 0 ? 0 : (drafts[index - 1]?.cap ?? null),
  }));

  const update = (index: number, patch: Partial<BracketDraft>) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));

  const cell = (column: BracketColumn, key: keyof BracketDraft, row: Row, suffix?: string) => {
    const error = errors?.rows[row.index]?.[column];
    return (
      <div>
        <InputNumber<number>
          size="small"
          controls={false}
          inputMode="decimal"
          value={row[key]}
          status={error ? 'error' : undefined}
          suffix={suffix}
          formatter={withThousands}
          style={{ width: '100%', minWidth: 110 }}
          aria-label={`${t('tiers.level')} ${row.index + 1} ${t(`tiers.${columnLabel[column]}`)}`}
          data-testid={`tier-${row.index}-${column}`}
          onChange={(value) => update(row.index, { [key]: value })}
        />
        {error ? (
          <Text type="danger" style={{ fontSize: 12 }}>
            {t(`tiers.errors.${error}`)}
          </Text>
        ) : null}
      </div>
    );
  };

  const columns: TableProps<Row>['columns'] = [
    { key: 'level', title: t('tiers.level'), width: 56, render: (_, row) => row.index + 1 },
    {
      key: 'floor',
      title: t('tiers.floor'),
      render: (_, row) => (
        <Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
          {formatNumber(locale, row.floor)}
        </Text>
      ),
    },
    { key: 'cap', title: t('tiers.cap'), render: (_, row) => cell('cap', 'cap', row) },
    {
      key: 'rate',
      title: t('tiers.rate'),
      render: (_, row) => cell('maintenanceMarginRate', 'maintenanceMarginRatePercent', row, '%'),
    },
    {
      key: 'amount',
      title: t('tiers.amount'),
      render: (_, row) => cell('maintenanceAmount', 'maintenanceAmount', row),
    },
    {
      key: 'remove',
      width: 48,
      render: (_, row) => (
        <Tooltip title={t('tiers.remove')}>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={t('tiers.remove')}
            data-testid={`tier-${row.index}-remove`}
            onClick={() => onChange(drafts.filter((_, at) => at !== row.index))}
          />
        </Tooltip>
      ),
    },
  ];

  return (
    <div data-testid="tier-table">
      <Paragraph type="secondary" style={{ fontSize: 13 }}>
        {t('tiers.help')}
      </Paragraph>
      {errors ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={errors.empty ? t('tiers.empty') : t('tiers.invalid')}
          data-testid="tier-errors"
        />
      ) : null}
      <Table<Row>
        size="small"
        rowKey="index"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 640 }}
      />
      <Flex gap={8} wrap style={{ marginTop: 12 }}>
        <Button
          icon={<PlusOutlined />}
          data-testid="tier-add"
          onClick={() =>
            onChange([...drafts, { cap: null, maintenanceMarginRatePercent: null, maintenanceAmount: null }])
          }
        >
          {t('tiers.add')}
        </Button>
        <Button
          icon={<ReloadOutlined />}
          data-testid="tier-derive"
          disabled={derived === null}
          onClick={() => derived && onChange(derived)}
        >
          {t('tiers.derive')}
        </Button>
        <Button icon={<UndoOutlined />} data-testid="tier-reset" onClick={() => onChange(DEFAULT_DRAFTS)}>
          {t('tiers.reset')}
        </Button>
      </Flex>
    </div>
  );
}

const columnLabel: Record<BracketColumn, 'cap' | 'rate' | 'amount'> = {
  cap: 'cap',
  maintenanceMarginRate: 'rate',
  maintenanceAmount: 'amount',
};
