import { Form } from 'antd';
import type { MaintenanceBracket } from '#shared/calculators/maintenance-brackets.ts';
import { positionSize, type StopMode } from '#shared/calculators/position-size.ts';
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
import { formatAmount, formatNumber, formatPercent, formatPrice, formatQuantity } from './tools-format.ts';

interface Values {
  side: Side;
  accountSize: number | null;
  riskPercent: number | null;
  entryPrice: number | null;
  stopMode: StopMode;
  stop: number | null;
  leverage: number | null;
}

const INITIAL: Values = {
  side: 'long',
  accountSize: null,
  riskPercent: 1,
  entryPrice: null,
  stopMode: 'price',
  stop: null,
  leverage: 10,
};

/** 3. Position size from the account, the risk per trade and the stop; warns when liquidation comes first. */
export function PositionSizeCalculator({ brackets }: { brackets: MaintenanceBracket[] | null }) {
  const { t } = useTranslation('tools');
  const locale = currentLocale();
  const layout = useFormLayout();
  const problemsOf = useProblems();
  const { form, values } = useCalculatorForm(INITIAL);
  // While the tier table has mistakes, no liquidation price (and no warning) can be given.
  const tiers = brackets ?? [];
  const percentStop = values.stopMode === 'percent';

  const check: CheckFields = (raw) => {
    const outcome = positionSize({ ...INITIAL, ...(raw as Partial<Values>), brackets: tiers });
    return outcome.ok ? {} : outcome.errors;
  };

  const labels = {
    accountSize: t('positionSize.fields.accountSize'),
    riskPercent: t('positionSize.fields.riskPercent'),
    entryPrice: t('positionSize.fields.entryPrice'),
    stop: percentStop ? t('positionSize.fields.stopPercent') : t('positionSize.fields.stopPrice'),
    leverage: t('positionSize.fields.leverage'),
  };
  const inputs: Figure[] = [
    { key: 'side', label: t('side.label'), value: t(`side.${values.side}`) },
    {
      key: 'accountSize',
      label: labels.accountSize,
      value: `${formatAmount(locale, values.accountSize)} USDT`,
    },
    { key: 'riskPercent', label: labels.riskPercent, value: `${formatNumber(locale, values.riskPercent)} %` },
    { key: 'entryPrice', label: labels.entryPrice, value: formatPrice(locale, values.entryPrice) },
    {
      key: 'stop',
      label: labels.stop,
      value: percentStop ? `${formatNumber(locale, values.stop)} %` : formatPrice(locale, values.stop),
    },
    { key: 'leverage', label: labels.leverage, value: `${formatNumber(locale, values.leverage)}×` },
  ];

  let figures: Figure[] | null = null;
  let problems: string[] = [];
  const warnings: string[] = [];
  const outcome = positionSize({ ...values, brackets: tiers });
  if (outcome.ok) {
    const result = outcome.value;
    figures = [
      {
        key: 'quantity',
        label: t('positionSize.results.quantity'),
        value: formatQuantity(locale, result.quantity),
      },
      {
        key: 'notional',
        label: t('positionSize.results.notional'),
        value: `${formatAmount(locale, result.notional)} USDT`,
      },
      {
        key: 'margin',
        label: t('positionSize.results.margin'),
        value: `${formatAmount(locale, result.margin)} USDT`,
      },
      {
        key: 'riskAmount',
        label: t('positionSize.results.riskAmount'),
        value: `${formatAmount(locale, -result.riskAmount, true)} USDT`,
        color: '#cf1322',
      },
      {
        key: 'stopPrice',
        label: t('positionSize.results.stopPrice'),
        value: formatPrice(locale, result.stopPrice),
      },
      {
        key: 'stopDistance',
        label: t('positionSize.results.stopDistance'),
        value: `${formatPrice(locale, result.stopDistance)} (${formatPercent(locale, result.stopDistanceFraction)})`,
      },
      {
        key: 'liquidationPrice',
        label: t('positionSize.results.liquidationPrice'),
        value:
          result.liquidationPrice === null
            ? brackets && !result.notionalAboveTiers
              ? t('liquidation.results.none')
              : '—'
            : formatPrice(locale, result.liquidationPrice),
      },
    ];
    if (result.stopBeyondLiquidation) {
      warnings.push(
        t('positionSize.stopBeyondLiquidation', {
          liquidation: formatPrice(locale, result.liquidationPrice),
        }),
      );
    }
    if (result.marginAboveAccount) warnings.push(t('positionSize.marginAboveAccount'));
    if (!brackets) warnings.push(t('tiers.invalid'));
    else if (result.notionalAboveTiers) warnings.push(t('positionSize.notionalAboveTiers'));
  } else problems = problemsOf(outcome.errors, labels);

  return (
    <CalculatorLayout
      form={
        <Form form={form} initialValues={INITIAL} {...layout} data-testid="position-form">
          <SideField testId="pos-side" />
          <NumberField
            name="accountSize"
            label={labels.accountSize}
            check={check}
            suffix="USDT"
            testId="pos-account"
          />
          <NumberField
            name="riskPercent"
            label={labels.riskPercent}
            check={check}
            suffix="%"
            help={t('positionSize.fields.riskHelp')}
            testId="pos-risk"
          />
          <NumberField
            name="entryPrice"
            label={labels.entryPrice}
            check={check}
            suffix="USDT"
            testId="pos-entry"
            priceFill
          />
          <ChoiceField
            name="stopMode"
            label={t('positionSize.stopMode.label')}
            testId="pos-stop-mode"
            options={[
              { value: 'price', label: t('positionSize.stopMode.price') },
              { value: 'percent', label: t('positionSize.stopMode.percent') },
            ]}
          />
          <NumberField
            name="stop"
            label={labels.stop}
            check={check}
            suffix={percentStop ? '%' : 'USDT'}
            testId="pos-stop"
            dependencies={['side', 'entryPrice', 'stopMode']}
          />
          <NumberField
            name="leverage"
            label={labels.leverage}
            check={check}
            suffix={t('units.times')}
            testId="pos-leverage"
          />
        </Form>
      }
      results={
        <ResultsPanel
          title={t('tabs.positionSize')}
          testId="position-results"
          figures={figures}
          inputs={inputs}
          problems={problems}
          warnings={warnings}
          note={t('positionSize.note')}
        />
      }
    />
  );
}
