import { Form } from 'antd';
import { FUNDING_INTERVAL_HOURS, fundingFee } from '#shared/calculators/funding-fee.ts';
import type { Side } from '#shared/calculators/validation.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { useFormLayout } from '../../lib/use-form-layout.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import {
  type CheckFields,
  ChoiceField,
  NumberField,
  SideField,
  useCalculatorForm,
  useProblems,
} from './calculator-fields.tsx';
import { CalculatorLayout, type Figure, ResultsPanel } from './results-panel.tsx';
import { formatAmount, formatNumber, pnlColor } from './tools-format.ts';

interface Values {
  side: Side;
  notional: number | null;
  fundingRatePercent: number | null;
  intervals: number | null;
  intervalHours: number;
}

const INITIAL: Values = {
  side: 'long',
  notional: null,
  fundingRatePercent: 0.01,
  intervals: 3,
  intervalHours: 8,
};

const check: CheckFields = (values) => {
  const outcome = fundingFee({ ...INITIAL, ...(values as Partial<Values>) });
  return outcome.ok ? {} : outcome.errors;
};

/** 5. Funding fee: notional × rate, paid by longs when the rate is positive, per interval and over N. */
export function FundingCalculator() {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const layout = useFormLayout();
  const problemsOf = useProblems();
  const { form, values } = useCalculatorForm(INITIAL);

  const labels = {
    notional: t('funding.fields.notional'),
    fundingRatePercent: t('funding.fields.fundingRate'),
    intervals: t('funding.fields.intervals'),
    intervalHours: t('funding.fields.intervalHours'),
  };
  const inputs: Figure[] = [
    { key: 'side', label: t('side.label'), value: t(`side.${values.side}`) },
    { key: 'notional', label: labels.notional, value: `${formatAmount(locale, values.notional)} USDT` },
    {
      key: 'fundingRatePercent',
      label: labels.fundingRatePercent,
      value: `${formatNumber(locale, values.fundingRatePercent)} %`,
    },
    { key: 'intervals', label: labels.intervals, value: formatNumber(locale, values.intervals) },
    {
      key: 'intervalHours',
      label: labels.intervalHours,
      value: t('funding.fields.hours', { count: values.intervalHours }),
    },
  ];

  /** "Pay 1.00 USDT" / "Receive 1.00 USDT": what the position's side does with the amount. */
  const flow = (amount: number) => {
    const text = `${formatAmount(locale, Math.abs(amount))} USDT`;
    if (Math.abs(amount) < 1e-12) return `${t('funding.nothing')} USDT`;
    return amount > 0 ? t('funding.receive', { amount: text }) : t('funding.pay', { amount: text });
  };

  let figures: Figure[] | null = null;
  let problems: string[] = [];
  const outcome = fundingFee(values);
  if (outcome.ok) {
    const result = outcome.value;
    figures = [
      {
        key: 'perInterval',
        label: t('funding.results.perInterval'),
        value: flow(result.perInterval),
        color: pnlColor(result.perInterval),
      },
      {
        key: 'total',
        label: t('funding.results.total', {
          count: values.intervals ?? 0,
          hours: formatNumber(locale, result.hours),
        }),
        value: flow(result.total),
        color: pnlColor(result.total),
      },
      {
        key: 'perDay',
        label: t('funding.results.perDay'),
        value: flow(result.perDay),
        color: pnlColor(result.perDay),
      },
      { key: 'payer', label: t('funding.results.payer'), value: t(`funding.payer.${result.payer}`) },
    ];
  } else problems = problemsOf(outcome.errors, labels);

  return (
    <CalculatorLayout
      form={
        <Form form={form} initialValues={INITIAL} {...layout} data-testid="funding-form">
          <SideField testId="funding-side" />
          <NumberField
            name="notional"
            label={labels.notional}
            check={check}
            suffix="USDT"
            help={t('funding.fields.notionalHelp')}
            testId="funding-notional"
          />
          <NumberField
            name="fundingRatePercent"
            label={labels.fundingRatePercent}
            check={check}
            suffix="%"
            testId="funding-rate"
          />
          <ChoiceField
            name="intervalHours"
            label={labels.intervalHours}
            testId="funding-hours"
            options={FUNDING_INTERVAL_HOURS.map((hours) => ({
              value: hours,
              label: t('funding.fields.hours', { count: hours }),
            }))}
          />
          <NumberField name="intervals" label={labels.intervals} check={check} testId="funding-intervals" />
        </Form>
      }
      results={
        <ResultsPanel
          title={t('tabs.funding')}
          testId="funding-results"
          figures={figures}
          inputs={inputs}
          problems={problems}
          note={t('funding.note')}
        />
      }
    />
  );
}
