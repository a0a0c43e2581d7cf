import { Form } from 'antd';
import { futuresPnl, targetPrice } from '#shared/calculators/futures-pnl.ts';
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
import {
  formatAmount,
  formatNumber,
  formatPercent,
  formatPrice,
  formatQuantity,
  pnlColor,
} from './tools-format.ts';

type Mode = 'pnl' | 'target';

interface Values {
  mode: Mode;
  side: Side;
  entryPrice: number | null;
  exitPrice: number | null;
  quantity: number | null;
  leverage: number | null;
  targetRoePercent: number | null;
}

const INITIAL: Values = {
  mode: 'pnl',
  side: 'long',
  entryPrice: null,
  exitPrice: null,
  quantity: null,
  leverage: 10,
  targetRoePercent: null,
};

const outcomeOf = (values: Values) => (values.mode === 'target' ? targetPrice(values) : futuresPnl(values));

const check: CheckFields = (values) => {
  const outcome = outcomeOf({ ...INITIAL, ...(values as Partial<Values>) });
  return outcome.ok ? {} : outcome.errors;
};

/** 1. A futures position's PnL and ROE, or the price of a wanted ROE. */
export function PnlCalculator() {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const layout = useFormLayout();
  const problemsOf = useProblems();
  const { form, values } = useCalculatorForm(INITIAL);
  const target = values.mode === 'target';

  const labels = {
    entryPrice: t('pnl.fields.entryPrice'),
    exitPrice: t('pnl.fields.exitPrice'),
    quantity: t('pnl.fields.quantity'),
    leverage: t('pnl.fields.leverage'),
    targetRoePercent: t('pnl.fields.targetRoe'),
  };
  const inputs: Figure[] = [
    { key: 'side', label: t('side.label'), value: t(`side.${values.side}`) },
    { key: 'entryPrice', label: labels.entryPrice, value: formatPrice(locale, values.entryPrice) },
    ...(target
      ? [
          { key: 'leverage', label: labels.leverage, value: `${formatNumber(locale, values.leverage)}×` },
          {
            key: 'targetRoePercent',
            label: labels.targetRoePercent,
            value: `${formatNumber(locale, values.targetRoePercent)} %`,
          },
        ]
      : [
          { key: 'exitPrice', label: labels.exitPrice, value: formatPrice(locale, values.exitPrice) },
          { key: 'quantity', label: labels.quantity, value: formatQuantity(locale, values.quantity) },
          { key: 'leverage', label: labels.leverage, value: `${formatNumber(locale, values.leverage)}×` },
        ]),
  ];

  let figures: Figure[] | null = null;
  let problems: string[] = [];
  if (target) {
    const outcome = targetPrice(values);
    if (outcome.ok) {
      figures = [
        {
          key: 'targetPrice',
          label: t('pnl.results.targetPrice'),
          value: formatPrice(locale, outcome.value.targetPrice),
        },
        {
          key: 'priceChange',
          label: t('pnl.results.priceChange'),
          value: formatPercent(locale, outcome.value.priceChange, true),
        },
      ];
    } else problems = problemsOf(outcome.errors, labels);
  } else {
    const outcome = futuresPnl(values);
    if (outcome.ok) {
      const result = outcome.value;
      figures = [
        {
          key: 'pnl',
          label: `${t('pnl.results.pnl')} (USDT)`,
          value: formatAmount(locale, result.pnl, true),
          color: pnlColor(result.pnl),
        },
        {
          key: 'roe',
          label: t('pnl.results.roe'),
          value: formatPercent(locale, result.roe, true),
          color: pnlColor(result.roe),
        },
        {
          key: 'initialMargin',
          label: t('pnl.results.initialMargin'),
          value: `${formatAmount(locale, result.initialMargin)} USDT`,
        },
        {
          key: 'priceChange',
          label: t('pnl.results.priceChange'),
          value: formatPercent(locale, result.priceChange, true),
        },
        {
          key: 'entryNotional',
          label: t('pnl.results.entryNotional'),
          value: `${formatAmount(locale, result.entryNotional)} USDT`,
        },
        {
          key: 'exitNotional',
          label: t('pnl.results.exitNotional'),
          value: `${formatAmount(locale, result.exitNotional)} USDT`,
        },
      ];
    } else problems = problemsOf(outcome.errors, labels);
  }

  return (
    <CalculatorLayout
      form={
        <Form form={form} initialValues={INITIAL} {...layout} data-testid="pnl-form">
          <ChoiceField
            name="mode"
            label={t('tabs.pnl')}
            testId="pnl-mode"
            options={[
              { value: 'pnl', label: t('pnl.modes.pnl') },
              { value: 'target', label: t('pnl.modes.target') },
            ]}
          />
          <SideField testId="pnl-side" />
          <NumberField
            name="entryPrice"
            label={labels.entryPrice}
            check={check}
            suffix="USDT"
            testId="pnl-entry"
            priceFill
          />
          {target ? (
            <NumberField
              name="targetRoePercent"
              label={labels.targetRoePercent}
              check={check}
              suffix="%"
              testId="pnl-target-roe"
              dependencies={['side', 'leverage']}
            />
          ) : (
            <>
              <NumberField
                name="exitPrice"
                label={labels.exitPrice}
                check={check}
                suffix="USDT"
                testId="pnl-exit"
              />
              <NumberField
                name="quantity"
                label={labels.quantity}
                check={check}
                help={t('pnl.fields.quantityHelp')}
                testId="pnl-quantity"
              />
            </>
          )}
          <NumberField
            name="leverage"
            label={labels.leverage}
            check={check}
            suffix={t('units.times')}
            testId="pnl-leverage"
          />
        </Form>
      }
      results={
        <ResultsPanel
          title={`${t('tabs.pnl')} · ${t(`pnl.modes.${values.mode}`)}`}
          testId="pnl-results"
          figures={figures}
          inputs={inputs}
          problems={problems}
          note={t('pnl.note')}
        />
      }
    />
  );
}
