import { Form, Table, Typography } from 'antd';
import { type CompoundPeriod, compoundGrowth } from '#shared/calculators/compound-growth.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { type CheckFields, NumberField, useCalculatorForm, useProblems } from './calculator-fields.tsx';
import { CalculatorLayout, type Figure, ResultsPanel } from './results-panel.tsx';
import { formatAmount, formatNumber, formatPercent, pnlColor } from './tools-format.ts';

const { Text } = Typography;

interface Values {
  startAmount: number | null;
  ratePercent: number | null;
  periods: number | null;
  contribution: number | null;
}

const INITIAL: Values = { startAmount: null, ratePercent: null, periods: 12, contribution: null };

const check: CheckFields = (values) => {
  const outcome = compoundGrowth({ ...INITIAL, ...(values as Partial<Values>) });
  return outcome.ok ? {} : outcome.errors;
};

const PAGE_SIZE = 12;

/** 6. Compound growth with an optional contribution each period, and the schedule period by period. */
export function CompoundCalculator() {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const layout = useFormLayout();
  const problemsOf = useProblems();
  const { form, values } = useCalculatorForm(INITIAL);

  const labels = {
    startAmount: t('compound.fields.startAmount'),
    ratePercent: t('compound.fields.ratePercent'),
    periods: t('compound.fields.periods'),
    contribution: t('compound.fields.contribution'),
  };
  const inputs: Figure[] = [
    { key: 'startAmount', label: labels.startAmount, value: formatAmount(locale, values.startAmount) },
    { key: 'ratePercent', label: labels.ratePercent, value: `${formatNumber(locale, values.ratePercent)} %` },
    { key: 'periods', label: labels.periods, value: formatNumber(locale, values.periods) },
    {
      key: 'contribution',
      label: labels.contribution,
      value: formatAmount(locale, values.contribution ?? 0),
    },
  ];

  let figures: Figure[] | null = null;
  let problems: string[] = [];
  let schedule: CompoundPeriod[] = [];
  const outcome = compoundGrowth(values);
  if (outcome.ok) {
    const result = outcome.value;
    schedule = result.schedule;
    figures = [
      {
        key: 'finalAmount',
        label: t('compound.results.finalAmount'),
        value: formatAmount(locale, result.finalAmount),
      },
      {
        key: 'totalPaidIn',
        label: t('compound.results.totalPaidIn'),
        value: formatAmount(locale, result.totalPaidIn),
      },
      {
        key: 'totalGain',
        label: t('compound.results.totalGain'),
        value: formatAmount(locale, result.totalGain, true),
        color: pnlColor(result.totalGain),
      },
      {
        key: 'totalReturn',
        label: t('compound.results.totalReturn'),
        value: formatPercent(locale, result.totalReturn, true),
        color: pnlColor(result.totalReturn),
      },
    ];
  } else problems = problemsOf(outcome.errors, labels);

  const amountColumn = (key: keyof CompoundPeriod, title: string, signed = false) => ({
    key,
    title,
    align: 'right' as const,
    render: (_: unknown, row: CompoundPeriod) => formatAmount(locale, row[key], signed),
  });

  return (
    <CalculatorLayout
      form={
        <Form form={form} initialValues={INITIAL} {...layout} data-testid="compound-form">
          <NumberField name="startAmount" label={labels.startAmount} check={check} testId="compound-start" />
          <NumberField
            name="ratePercent"
            label={labels.ratePercent}
            check={check}
            suffix="%"
            testId="compound-rate"
          />
          <NumberField name="periods" label={labels.periods} check={check} testId="compound-periods" />
          <NumberField
            name="contribution"
            label={labels.contribution}
            check={check}
            required={false}
            help={t('compound.fields.contributionHelp')}
            testId="compound-contribution"
          />
        </Form>
      }
      results={
        <ResultsPanel
          title={t('tabs.compound')}
          testId="compound-results"
          figures={figures}
          inputs={inputs}
          problems={problems}
          note={t('compound.note')}
        >
          <div>
            <Text strong>{t('compound.table.title')}</Text>
            <Table<CompoundPeriod>
              size="small"
              style={{ marginTop: 8 }}
              rowKey="period"
              dataSource={schedule}
              pagination={
                schedule.length > PAGE_SIZE
                  ? { pageSize: PAGE_SIZE, size: 'small', showSizeChanger: false }
                  : false
              }
              scroll={{ x: 480 }}
              data-testid="compound-table"
              columns={[
                { key: 'period', title: t('compound.table.period'), dataIndex: 'period', width: 64 },
                amountColumn('startBalance', t('compound.table.start')),
                amountColumn('gain', t('compound.table.gain'), true),
                amountColumn('contribution', t('compound.table.contribution')),
                amountColumn('endBalance', t('compound.table.end')),
              ]}
            />
          </div>
        </ResultsPanel>
      }
    />
  );
}
