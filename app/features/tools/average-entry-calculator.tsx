import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, InputNumber, Segmented, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import {
  averageEntry,
  type BuyMode,
  type RowColumn,
  type RowErrorCode,
} from '#shared/calculators/average-entry.ts';
import { MAX_AMOUNT } from '#shared/calculators/validation.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { CalculatorLayout, type Figure, ResultsPanel } from './results-panel.tsx';
import { formatAmount, formatNumber, formatPrice, formatQuantity } from './tools-format.ts';

const { Text } = Typography;

interface Row {
  id: number;
  price: number | null;
  size: number | null;
}

let nextId = 1;
const emptyRow = (): Row => ({ id: nextId++, price: null, size: null });

/** 4. Average entry after several buys: rows of price and quantity (or amount spent), added and removed. */
export function AverageEntryCalculator() {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const [mode, setMode] = useState<BuyMode>('quantity');
  const [rows, setRows] = useState<Row[]>(() => [emptyRow(), emptyRow()]);
  // A cell shows its error once it has been edited or left; a fresh row is not wrong yet, only empty.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (id: number, column: RowColumn) =>
    setTouched((current) =>
      current.has(`${id}:${column}`) ? current : new Set(current).add(`${id}:${column}`),
    );

  const outcome = averageEntry(mode, rows);
  const cellError = (index: number, column: RowColumn) => {
    if (outcome.ok) return undefined;
    const row = rows[index]!;
    return touched.has(`${row.id}:${column}`) ? outcome.rows[index]?.[column] : undefined;
  };
  const sizeLabel =
    mode === 'quantity' ? t('averageEntry.columns.quantity') : t('averageEntry.columns.amount');

  const update = (id: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  const inputs: Figure[] = rows.map((row, index) => ({
    key: `buy-${row.id}`,
    label: t('averageEntry.buyLine', { index: index + 1 }),
    value:
      mode === 'quantity'
        ? `${formatQuantity(locale, row.size)} @ ${formatPrice(locale, row.price)}`
        : `${formatAmount(locale, row.size)} USDT @ ${formatPrice(locale, row.price)}`,
  }));

  let figures: Figure[] | null = null;
  let problems: string[] = [];
  if (outcome.ok) {
    const result = outcome.value;
    figures = [
      {
        key: 'averagePrice',
        label: t('averageEntry.results.averagePrice'),
        value: formatPrice(locale, result.averagePrice),
      },
      {
        key: 'totalQuantity',
        label: t('averageEntry.results.totalQuantity'),
        value: formatQuantity(locale, result.totalQuantity),
      },
      {
        key: 'totalCost',
        label: t('averageEntry.results.totalCost'),
        value: `${formatAmount(locale, result.totalCost)} USDT`,
      },
      { key: 'buys', label: t('averageEntry.results.buys'), value: String(result.buys.length) },
    ];
  } else if (outcome.noRows) problems = [t('averageEntry.rowsRequired')];
  else if (outcome.rows.some((cells) => Object.values(cells).some((code) => code !== 'required'))) {
    problems = [t('averageEntry.rowErrors')];
  }

  const errorText = (code: RowErrorCode | undefined) =>
    code ? (
      <Text type="danger" style={{ fontSize: 12 }}>
        {t(`errors.${code}`, { max: formatNumber(locale, MAX_AMOUNT) })}
      </Text>
    ) : null;

  const form = (
    <Form layout="vertical" data-testid="average-form" component="div">
      <Form.Item label={t('averageEntry.mode.label')}>
        <Segmented
          value={mode}
          onChange={(value) => setMode(value as BuyMode)}
          data-testid="avg-mode"
          options={[
            {
              value: 'quantity',
              label: <span data-testid="avg-mode-quantity">{t('averageEntry.mode.quantity')}</span>,
            },
            {
              value: 'amount',
              label: <span data-testid="avg-mode-amount">{t('averageEntry.mode.amount')}</span>,
            },
          ]}
        />
      </Form.Item>
      <Flex vertical gap={8} data-testid="avg-rows">
        <Flex gap={8} align="center">
          <Text type="secondary" style={{ width: 28 }}>
            {t('averageEntry.columns.index')}
          </Text>
          <Text type="secondary" style={{ flex: 1 }}>
            {t('averageEntry.columns.price')}
          </Text>
          <Text type="secondary" style={{ flex: 1 }}>
            {sizeLabel}
          </Text>
          <span style={{ width: 32 }} />
        </Flex>
        {rows.map((row, index) => {
          const priceError = cellError(index, 'price');
          const sizeError = cellError(index, 'size');
          return (
            <Flex key={row.id} gap={8} align="flex-start" data-testid="avg-row">
              <Text style={{ width: 28, lineHeight: '32px' }}>{index + 1}</Text>
              <div style={{ flex: 1, minWidth: 0 }}>
                <InputNumber<number>
                  value={row.price}
                  controls={false}
                  inputMode="decimal"
                  status={priceError ? 'error' : undefined}
                  style={{ width: '100%' }}
                  aria-label={`${t('averageEntry.buyLine', { index: index + 1 })} ${t('averageEntry.columns.price')}`}
                  data-testid={`avg-price-${index}`}
                  onChange={(price) => {
                    update(row.id, { price });
                    touch(row.id, 'price');
                  }}
                  onBlur={() => touch(row.id, 'price')}
                />
                {errorText(priceError)}
              </div>
              <div style={{ flex: 1, minWidth: 0 }}>
                <InputNumber<number>
                  value={row.size}
                  controls={false}
                  inputMode="decimal"
                  status={sizeError ? 'error' : undefined}
                  suffix={mode === 'amount' ? 'USDT' : undefined}
                  style={{ width: '100%' }}
                  aria-label={`${t('averageEntry.buyLine', { index: index + 1 })} ${sizeLabel}`}
                  data-testid={`avg-size-${index}`}
                  onChange={(size) => {
                    update(row.id, { size });
                    touch(row.id, 'size');
                  }}
                  onBlur={() => touch(row.id, 'size')}
                />
                {errorText(sizeError)}
              </div>
              <Tooltip title={t('averageEntry.remove')}>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('averageEntry.remove')}
                  data-testid={`avg-remove-${index}`}
                  disabled={rows.length === 1}
                  onClick={() => setRows((current) => current.filter((candidate) => candidate.id !== row.id))}
                />
              </Tooltip>
            </Flex>
          );
        })}
      </Flex>
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 12 }}
        data-testid="avg-add"
        onClick={() => setRows((current) => [...current, emptyRow()])}
      >
        {t('averageEntry.add')}
      </Button>
    </Form>
  );

  return (
    <CalculatorLayout
      form={form}
      results={
        <ResultsPanel
          title={t('tabs.averageEntry')}
          testId="average-results"
          figures={figures}
          inputs={inputs}
          problems={problems}
          note={t('averageEntry.note')}
        />
      }
    />
  );
}
